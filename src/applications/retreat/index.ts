export { DEFAULT_RETREAT_DIFFICULTY, moraleCheck, retreatAction } from "./combat-actions";
export {
  chooseDrop,
  chooseDroppedItems,
  confirmRetreatRequest,
  emergencyRetreat,
  retreatDialogView,
  reuniteParty,
} from "./retreat-dialog";
