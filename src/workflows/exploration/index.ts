/**
 * RULES §7.5 (S1) exploration on the GM's client: travel turns, rolling to return and their
 * reverts. Loading this module declares its requests; `registerExploration` (init) adds the count.
 */
export { registerTravelCount as registerExploration, travelTurns } from "./travel-count";
export { requestTravelTurn, requestSetTravelTurns } from "./travel";
export { requestReturn } from "./return";
export { requestReturnDrop, carriedItems } from "./drop";
export { requestExplorationRevert, explorationRecord } from "./revert";
export { partyOnScene } from "./party";
export { requestResilience, requestCorruption, MAX_CORRUPTION_DIFFICULTY } from "./checks";
export { requestSetLight, LIGHT_SETTINGS } from "./lighting";
