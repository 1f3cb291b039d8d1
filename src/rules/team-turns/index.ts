/**
 * RULES §3: who may take the next turn. A pure state machine over plain JSON, so the whole state can
 * live in the Combat's system data and each transition is written in one update by the active GM.
 *
 * In `teams` mode the move alternates between teams in order; the team to move picks any eligible
 * member. In the dexterity modes the state holds a fixed sequence of groups; the move belongs to the
 * first group that still has an eligible member, so someone who recovers before the round ends acts
 * at the next opportunity.
 */
export { beginCombat, type BeginCombatOptions } from "./begin";
export { canActWith, CONDITIONS_PREVENTING_TURNS, type TurnPreventingCondition } from "./can-act";
export { delayMember, placeOf } from "./delay";
export { endCombat, endRound } from "./ending";
export {
  addMember,
  reassignMember,
  removeMember,
  setCanAct,
  setCannotBeSurprised,
  setSurprised,
  type SequencePlace,
} from "./members";
export {
  anyoneEligible,
  eligibleMembers,
  findMember,
  groupToMove,
  isEligible,
  isRunning,
  membersToMove,
  teamToMove,
} from "./queries";
export { createTurnState, setupTurnState } from "./setup";
export {
  copyState,
  UNDO_LIMIT,
  type CombatPhase,
  type MemberInput,
  type TurnEvent,
  type TurnMember,
  type TurnRefusal,
  type TurnResult,
  type TurnState,
  type TurnUndoEntry,
} from "./state";
export { addTeam, removeTeam, reorderTeams } from "./teams";
export { endTurn, skipTurn, takeTurn, undoLastTurn, type TakeTurnOptions } from "./turns";
