/**
 * RULES §3/§9: the Surprised mark (token HUD) keeps a combatant out of the surprise round (the
 * scheduler reads it, rules/team-turns). Once that round is over the mark has done its work: the
 * active GM's client takes it off when the combatant's first turn of the normal rounds starts.
 */
import { brinkCombat } from "../documents/combat";
import { BrinkCombatant } from "../documents/combatant";

export const SURPRISED = "surprised";

export function registerSurpriseMark(): void {
  Hooks.on("brink.turnStart", (combat, combatant) => {
    if (game.users.activeGM?.isSelf !== true || !(combatant instanceof BrinkCombatant)) return;
    const actor = combatant.actor;
    if (brinkCombat(combat)?.turnState.phase === "surprise" || !actor?.statuses.has(SURPRISED)) return;
    void actor.toggleStatusEffect(SURPRISED, { active: false });
  });
}
