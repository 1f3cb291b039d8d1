/** Ending a round or the whole combat early, finishing the turn in progress. */
import { findMember, runningRefusal } from "./queries";
import { accept, refuse, type TurnEvent, type TurnResult, type TurnState } from "./state";
import { nextRound, updateMember } from "./transitions";

/** GM: ends the round now (finishing the turn in progress); members who have not acted lose their turn. */
export function endRound(state: TurnState): TurnResult {
  const notRunning = runningRefusal(state);
  if (notRunning !== undefined) return refuse(notRunning);
  const events: TurnEvent[] = [];
  const finished = finishCurrentTurn(state, events);
  return accept(nextRound(finished, events), events);
}

export function endCombat(state: TurnState): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  const events: TurnEvent[] = [];
  const finished = finishCurrentTurn(state, events);
  events.push({ type: "combatEnd", round: state.round });
  return accept({ ...finished, phase: "ended", toMove: null }, events);
}

function finishCurrentTurn(state: TurnState, events: TurnEvent[]): TurnState {
  const member = state.current === null ? undefined : findMember(state, state.current);
  if (member === undefined) return { ...state, current: null };
  events.push({ type: "turnEnd", round: state.round, memberId: member.id, teamId: member.teamId });
  return { ...updateMember(state, member.id, { acted: true }), current: null };
}
