/** Dexterity modes: a member's place in the acting sequence, and delaying it. */
import { delayInSequence, groupIndexOf } from "../initiative";
import { findMember, runningRefusal } from "./queries";
import { accept, refuse, type TurnEvent, type TurnResult, type TurnState } from "./state";
import { settle } from "./transitions";

/**
 * Dexterity modes (S1): a member who has not acted gives up its place and acts right after the
 * member `afterMemberId`. The new place holds in later rounds too.
 */
export function delayMember(state: TurnState, memberId: string, afterMemberId: string): TurnResult {
  if (state.mode === "teams") return refuse("delay-not-available");
  const notRunning = runningRefusal(state);
  if (notRunning !== undefined) return refuse(notRunning);
  if (state.current !== null) return refuse("turn-in-progress");
  const member = findMember(state, memberId);
  if (member === undefined || findMember(state, afterMemberId) === undefined) return refuse("unknown-member");
  if (member.acted) return refuse("already-acted");
  const sequence = delayInSequence(state.sequence, memberId, afterMemberId);
  if (sequence === undefined) return refuse("not-later");
  const events: TurnEvent[] = [];
  return accept(settle({ ...state, sequence }, events, state), events);
}

/** The place (group index) of a member in a dexterity-mode sequence, or -1. */
export function placeOf(state: TurnState, memberId: string): number {
  return groupIndexOf(state.sequence, memberId);
}
