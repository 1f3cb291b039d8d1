/**
 * RULES §5, the Emergency Retreat: the tables as data, a party's consequences resolved from injected
 * dice, and the plain updates (and their reverts) the Foundry layer writes.
 */
export { applyItemDrops, applyRetreatUpdate } from "./apply";
export { rollAttrition, type AttritionResult } from "./attrition";
export { rollDeathLuckTests, type DeathLuckTests } from "./death-luck";
export { attributesLeftToReduce, pickSeriousInjuryAttribute, type AttributePick } from "./injuries";
export { resolveEmergencyRetreat } from "./resolve";
export { applyRetreatRevert, revertCharacterRetreat, type RetreatRevert } from "./revert";
export { applyDropChoice, SETBACK_EXHAUSTION_CAP, type DropChoiceResult, type ItemDrop } from "./setbacks";
export type {
  CarriedInjury,
  CharacterRetreat,
  DropItemsChoice,
  EmergencyRetreatResolution,
  GearItem,
  RecoveringCharacter,
  RetreatActorUpdate,
  RetreatChanges,
  RetreatCharacter,
  RetreatConsequence,
  RetreatParty,
  RetreatRollPurpose,
  RollRecord,
} from "./state";
export {
  DEATH_LUCK_TESTS_TO_SETTLE,
  DEFAULT_DOWNED_TABLE,
  DEFAULT_RETREAT_TABLE,
  DEFAULT_RETREAT_TABLES,
  DEFAULT_SETBACK_TABLE,
  lookupRow,
  RETREAT_OUTCOMES,
  retreatTablesProblems,
  SETBACK_OUTCOMES,
  tableProblems,
  type DiceTable,
  type DownedTable,
  type RetreatOutcome,
  type RetreatTables,
  type SetbackOutcome,
  type TableProblem,
  type TableRow,
} from "./tables";
