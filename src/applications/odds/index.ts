export { ODDS_ACTIONS, ODDS_PART, oddsPartContext } from "./tracker-actions";
export {
  trackerOddsView,
  oddsHistory,
  oddsPolicy,
  choosePolicy,
  forgetSessionPolicy,
  type TrackerOddsView,
} from "./tracker-odds";
export { EncounterPlanner, openEncounterPlanner, droppedActorUuid, PLANNER_ID } from "./planner";
export { combatEncounter, fighterFromActor, worldRules } from "./snapshot";
export {
  requestOdds,
  registerOddsWorkerStart,
  knownOdds,
  resetOdds,
  stateKey,
  ODDS_WORKER_PATH,
  type OddsResult,
} from "./odds-client";
export { registerPlannerControl, PLANNER_TOOL } from "./scene-control";
