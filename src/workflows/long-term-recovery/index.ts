export { permanentInjuries, type PermanentInjury } from "./injuries";
export { requestDowntime, requestLevelHeal, requestRetire, requestReturn, requestSession } from "./requests";
export { requestRecoveryRevert } from "./revert";
export { registerLevelHeals } from "./level-heals";
