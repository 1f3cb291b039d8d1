/** Brink's Combat document: the team schedule and the GM-side handlers that write it. */
export { type BeginChoices } from "./begin";
export { BrinkCombat, brinkCombat, TURN_EVENTS_OPTION, type TurnHookInfo } from "./brink-combat";
export { turnRefusal } from "./results";
