/**
 * What Brink registers for combat, declared for the compiler. Registration itself happens in
 * applications/combat/index.ts (registerCombat).
 */
import type { CombatData, CombatantData, CombatantGroupData } from "../data/combat";
import type { BrinkCombat, TurnHookInfo } from "../documents/combat";
import type { BrinkCombatant } from "../documents/combatant";
import type { BrinkCombatantGroup } from "../documents/combatant-group";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Combat: { base: typeof CombatData };
    Combatant: { base: typeof CombatantData };
    CombatantGroup: { base: typeof CombatantGroupData };
  }

  interface DocumentClassConfig {
    Combat: typeof BrinkCombat;
    Combatant: typeof BrinkCombatant;
    CombatantGroup: typeof BrinkCombatantGroup;
  }

  namespace Hooks {
    interface HookConfig {
      /** A member's turn starts (on every client). */
      "brink.turnStart": (combat: BrinkCombat, combatant: BrinkCombatant | null, info: TurnHookInfo) => void;
      /** A member's turn ends, taken or cut short by the end of the round (on every client). */
      "brink.turnEnd": (combat: BrinkCombat, combatant: BrinkCombatant | null, info: TurnHookInfo) => void;
      /** The move passes to a team (null in the dexterity modes when a place is shared by several teams). */
      "brink.teamMove": (
        combat: BrinkCombat,
        team: BrinkCombatantGroup | null,
        info: { round: number; memberIds: string[] },
      ) => void;
      /** Nobody is left to act, or the GM ended the round. */
      "brink.roundEnd": (combat: BrinkCombat, info: { round: number }) => void;
    }
  }
}
