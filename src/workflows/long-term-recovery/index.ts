export { permanentInjuries, type PermanentInjury } from "./injuries";
export {
  downtimeDaysLeft,
  requestDowntime,
  requestLevelHeal,
  requestRetire,
  requestReturn,
  requestSession,
} from "./requests";
export { requestRecoveryRevert } from "./revert";
export { registerLevelHeals } from "./level-heals";
