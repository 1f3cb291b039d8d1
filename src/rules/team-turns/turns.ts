/** Taking, ending, skipping and undoing turns. */
import { findMember, isEligible, membersToMove, runningRefusal } from "./queries";
import {
  accept,
  copyState,
  refuse,
  type TurnEvent,
  type TurnMember,
  type TurnRefusal,
  type TurnResult,
  type TurnState,
} from "./state";
import { passMove, pushHistory, settle, snapshot, updateMember } from "./transitions";

export interface TakeTurnOptions {
  /** The GM may start any eligible member's turn, whichever team has the move. */
  byGM?: boolean;
}

export function takeTurn(state: TurnState, memberId: string, options: TakeTurnOptions = {}): TurnResult {
  const notRunning = runningRefusal(state);
  if (notRunning !== undefined) return refuse(notRunning);
  if (state.current !== null) return refuse("turn-in-progress");
  const member = findMember(state, memberId);
  if (member === undefined) return refuse("unknown-member");
  const ineligible = ineligibility(state, member);
  if (ineligible !== undefined) return refuse(ineligible);
  if (options.byGM !== true && !membersToMove(state).includes(memberId)) {
    return refuse(state.mode === "teams" ? "not-your-team-move" : "not-your-place");
  }
  const next = copyState(state);
  next.current = memberId;
  next.toMove = state.mode === "teams" ? member.teamId : state.toMove;
  next.history = pushHistory(state, snapshot(state, member));
  return accept(next, [{ type: "turnStart", round: state.round, memberId, teamId: member.teamId }]);
}

function ineligibility(state: TurnState, member: TurnMember): TurnRefusal | undefined {
  if (member.acted) return "already-acted";
  if (!member.canAct) return "cannot-act";
  if (!isEligible(state, member)) return "not-in-surprise";
  return undefined;
}

/** Ends the current turn; the move passes on, and when nobody is left the next round begins. */
export function endTurn(state: TurnState): TurnResult {
  const notRunning = runningRefusal(state);
  if (notRunning !== undefined) return refuse(notRunning);
  const member = state.current === null ? undefined : findMember(state, state.current);
  if (member === undefined) return refuse("no-turn-in-progress");
  const events: TurnEvent[] = [
    { type: "turnEnd", round: state.round, memberId: member.id, teamId: member.teamId },
  ];
  const done = updateMember(state, member.id, { acted: true });
  done.current = null;
  return accept(passMove(done, member.teamId, events), events);
}

/**
 * GM: a member loses its turn this round without taking it. When its team had the move, the move
 * passes on as if the turn had been taken.
 */
export function skipTurn(state: TurnState, memberId: string): TurnResult {
  const notRunning = runningRefusal(state);
  if (notRunning !== undefined) return refuse(notRunning);
  if (state.current !== null) return refuse("turn-in-progress");
  const member = findMember(state, memberId);
  if (member === undefined) return refuse("unknown-member");
  if (member.acted) return refuse("already-acted");
  const events: TurnEvent[] = [{ type: "turnSkip", round: state.round, memberId, teamId: member.teamId }];
  const skipped = {
    ...updateMember(state, memberId, { acted: true }),
    history: pushHistory(state, snapshot(state, member)),
  };
  const consumesMove = state.mode !== "teams" || state.toMove === member.teamId;
  const next = consumesMove ? passMove(skipped, member.teamId, events) : settle(skipped, events);
  return accept(next, events);
}

/**
 * GM: puts the schedule back as it was before the last turn was taken or skipped — the turn in
 * progress if there is one, otherwise the last finished one, across a round boundary if need be.
 * Whether members can act is not rolled back: that follows their conditions, not the schedule.
 */
export function undoLastTurn(state: TurnState): TurnResult {
  const notRunning = runningRefusal(state);
  if (notRunning !== undefined) return refuse(notRunning);
  const entry = state.history.at(-1);
  if (entry === undefined) return refuse("nothing-to-undo");
  const restored: TurnState = {
    ...state,
    round: entry.round,
    phase: entry.phase,
    toMove: entry.toMove,
    current: null,
    members: state.members.map((member) => ({ ...member, acted: entry.acted.includes(member.id) })),
    history: state.history.slice(0, -1),
  };
  const events: TurnEvent[] = [
    { type: "turnUndo", round: entry.round, memberId: entry.memberId, teamId: entry.teamId },
  ];
  return accept(settle(restored, events), events);
}
