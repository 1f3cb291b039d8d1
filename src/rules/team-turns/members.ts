/** Members during combat: knocked out or recovered, joining, leaving, changing teams. */
import { withoutMember, type InitiativeSequence } from "../initiative";
import { findMember } from "./queries";
import {
  accept,
  refuse,
  type MemberInput,
  type TurnEvent,
  type TurnMember,
  type TurnResult,
  type TurnState,
} from "./state";
import { passMove, settle, updateMember } from "./transitions";

/**
 * A knock-out or a recovery. A member who recovers before the round ends and has not acted is
 * eligible again the next time its team (or its place) has the move.
 */
export function setCanAct(state: TurnState, memberId: string, canAct: boolean): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { canAct }), events, state), events);
}

export function setCannotBeSurprised(
  state: TurnState,
  memberId: string,
  cannotBeSurprised: boolean,
): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { cannotBeSurprised }), events, state), events);
}

export function setSurprised(state: TurnState, memberId: string, surprised: boolean): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { surprised }), events, state), events);
}

/** Where a member joining a dexterity-mode combat sits: a new place at `group`, or inside that group. */
export interface SequencePlace {
  group: number;
  join?: boolean;
}

/** A member joining mid-round may act this round. In the dexterity modes it goes last unless placed. */
export function addMember(state: TurnState, input: MemberInput, place?: SequencePlace): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (findMember(state, input.id) !== undefined) return refuse("duplicate-member");
  if (!state.teams.includes(input.teamId)) return refuse("unknown-team");
  const member: TurnMember = {
    id: input.id,
    teamId: input.teamId,
    canAct: input.canAct ?? true,
    cannotBeSurprised: input.cannotBeSurprised ?? false,
    surprised: input.surprised ?? false,
    acted: false,
  };
  const sequence =
    state.mode !== "teams" && state.phase !== "setup"
      ? placeInSequence(state.sequence, input.id, place)
      : state.sequence;
  const events: TurnEvent[] = [];
  return accept(settle({ ...state, members: [...state.members, member], sequence }, events, state), events);
}

function placeInSequence(
  sequence: InitiativeSequence,
  memberId: string,
  place: SequencePlace | undefined,
): InitiativeSequence {
  const index = Math.min(Math.max(0, place?.group ?? sequence.length), sequence.length);
  const existing = sequence[index];
  if (place?.join === true && existing !== undefined) {
    return sequence.map((group, i) => (i === index ? [...group, memberId] : group));
  }
  return [...sequence.slice(0, index), [memberId], ...sequence.slice(index)];
}

/** A member leaving mid-turn ends that turn, and the move passes on. */
export function removeMember(state: TurnState, memberId: string): TurnResult {
  const member = findMember(state, memberId);
  if (member === undefined) return refuse("unknown-member");
  const events: TurnEvent[] = [];
  const wasActing = state.current === memberId;
  if (wasActing) events.push({ type: "turnEnd", round: state.round, memberId, teamId: member.teamId });
  const removed: TurnState = {
    ...state,
    members: state.members.filter((m) => m.id !== memberId),
    sequence: withoutMember(state.sequence, memberId),
    current: wasActing ? null : state.current,
  };
  const next = wasActing ? passMove(removed, member.teamId, events) : settle(removed, events, state);
  return accept(next, events);
}

/** Moves a member to another team; it keeps whether it has acted this round. */
export function reassignMember(state: TurnState, memberId: string, teamId: string): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  if (!state.teams.includes(teamId)) return refuse("unknown-team");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { teamId }), events, state), events);
}
