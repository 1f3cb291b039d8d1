import { CombatData } from "./combat-data";
import { CombatantData } from "./combatant-data";
import { CombatantGroupData } from "./combatant-group-data";

export { CombatData, CombatantData, CombatantGroupData };
export { DEFAULT_TEAM_COLOUR, TEAM_COLOURS, TEAM_DISPOSITIONS } from "./combatant-group-data";

/**
 * Core creates combats, combatants and groups with its `base` subtype, so Brink's models are
 * registered for that subtype rather than a system subtype nobody would create.
 */
export const combatModels = {
  Combat: { base: CombatData },
  Combatant: { base: CombatantData },
  CombatantGroup: { base: CombatantGroupData },
} as const;
