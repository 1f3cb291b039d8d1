import { DEFAULT_TEAM_COLOUR } from "../data/combat";

/** A team (RULES §3): one of Foundry's CombatantGroups, with its colour. */
export class BrinkCombatantGroup extends CombatantGroup {
  get color(): string {
    return this.system.color ?? DEFAULT_TEAM_COLOUR;
  }

  /** The disposition the team was made for, or null for a team the GM added. */
  get disposition(): number | null {
    return this.system.disposition ?? null;
  }
}
