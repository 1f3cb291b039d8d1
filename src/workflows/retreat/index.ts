/**
 * RULES §5 at the table: the Emergency Retreat. The active GM's client ends the combat, rolls every
 * retreating character's consequences with Foundry dice through the rules engine, and applies them:
 * one batched write for the actors, one item creation per actor (however many consequences it
 * takes), one summary card carrying the real rolls. The card is the record: a second request for
 * the same combat is refused, the GM picks dropped items from it, and its Revert restores exactly
 * what the retreat changed.
 */
export { orderedConditions, actorFrom, updateActors } from "./actor-writes";
export { attributeLabel, dieLabel } from "./i18n";
export { retreatCardView, rollLineView, type RollLineView } from "./card";
export { groupIdOf, partyMembers, type PartyMember } from "./party";
export { reuniteRecordOf, type ReuniteRecord } from "./reunite-record";
export {
  findRetreatCard,
  retreatRecordOf,
  retreatRequestOf,
  type DropRecord,
  type RetreatCharacterRecord,
  type RetreatRecord,
  type RetreatRequestRecord,
} from "./record";
export {
  carriedInjuries,
  effectiveAttributes,
  injuryData,
  recoveringCharacter,
  recoveryData,
  retreatCharacter,
  S2_INJURY_PREFIX,
  setbackData,
  type RecoveryActorData,
} from "./recovery-actor";
export { registerPendingRetreat, retreatSettled, type CallResult } from "./pending";
export {
  askForRetreat,
  callRetreat,
  cancelPendingRetreat,
  requestDrop,
  requestRetreat,
  requestRetreatRevert,
  requestReunite,
  requestReuniteRevert,
} from "./requests";
