/** Transitions the public ones share: starting rounds, passing the move, settling, the undo history. */
import {
  anyoneEligible,
  eligibleMembers,
  firstTeamWithEligibleFrom,
  groupToMove,
  isRunning,
  membersToMove,
  teamToMove,
} from "./queries";
import {
  copyState,
  UNDO_LIMIT,
  type CombatPhase,
  type TurnEvent,
  type TurnMember,
  type TurnState,
  type TurnUndoEntry,
} from "./state";

export function updateMember(state: TurnState, memberId: string, patch: Partial<TurnMember>): TurnState {
  const members = state.members.slice();
  const index = members.findIndex((member) => member.id === memberId);
  const member = members[index];
  if (member !== undefined) members[index] = { ...member, ...patch };
  const next = copyState(state);
  next.members = members;
  return next;
}

/**
 * Identifies the move so an event fires only when it really changes hands: the team to move, or in
 * the dexterity modes the members of the place to move (a place's index shifts when places are
 * added, removed or delayed into).
 */
function moveKey(state: TurnState): string | null {
  if (state.mode === "teams") return state.toMove;
  const group = state.sequence[groupToMove(state)];
  return group === undefined ? null : group.join(" ");
}

function announceMove(state: TurnState, events: TurnEvent[]): void {
  const memberIds = membersToMove(state);
  if (memberIds.length === 0) return;
  events.push({ type: "teamMove", round: state.round, teamId: teamToMove(state), memberIds });
}

export function startRound(
  state: TurnState,
  round: number,
  phase: CombatPhase,
  events: TurnEvent[],
): TurnState {
  let next: TurnState = {
    ...state,
    round,
    phase,
    current: null,
    members: state.members.map((member) => ({ ...member, acted: false })),
  };
  events.push({ type: "roundStart", round, phase });
  if (phase === "surprise" && !anyoneEligible(next)) {
    // Nobody can use the surprise: it passes at once and the first normal round begins.
    events.push({ type: "roundEnd", round });
    return startRound(next, round + 1, "normal", events);
  }
  if (next.mode === "teams") next = { ...next, toMove: firstTeamWithEligibleFrom(next, 0) };
  announceMove(next, events);
  return next;
}

export function nextRound(state: TurnState, events: TurnEvent[]): TurnState {
  events.push({ type: "roundEnd", round: state.round });
  return startRound(state, state.round + 1, "normal", events);
}

function moveTo(state: TurnState, toMove: string | null): TurnState {
  const next = copyState(state);
  next.toMove = toMove;
  return next;
}

/** After a turn by a member of `fromTeam`: the move goes to the next team in order that can use it. */
export function passMove(state: TurnState, fromTeam: string, events: TurnEvent[]): TurnState {
  if (!anyoneEligible(state)) return nextRound(state, events);
  const next =
    state.mode === "teams"
      ? moveTo(state, firstTeamWithEligibleFrom(state, state.teams.indexOf(fromTeam) + 1))
      : state;
  announceMove(next, events);
  return next;
}

/**
 * After anything that may change who is eligible outside a turn (a knock-out, a recovery, members or
 * teams coming and going): keep the move where it is if it can still be used, otherwise pass it on,
 * and end the round once nobody is left. A round in which nobody has acted is not ended again, so a
 * fight where everyone is down waits for a recovery instead of spinning through empty rounds.
 */
export function settle(state: TurnState, events: TurnEvent[], previous: TurnState = state): TurnState {
  if (!isRunning(state) || state.current !== null) return state;
  if (!anyoneEligible(state)) {
    const roundUnderway = state.phase === "surprise" || state.members.some((member) => member.acted);
    return roundUnderway ? nextRound(state, events) : { ...state, toMove: null };
  }
  // Compared with the state before the change: in the dexterity modes the change itself (someone
  // who cannot act now, or gone) is what moves the place along.
  const before = isRunning(previous) && previous.current === null ? moveKey(previous) : null;
  let next = state;
  if (state.mode === "teams") {
    const keep = state.toMove !== null && eligibleMembers(state, state.toMove).length > 0;
    if (!keep) next = { ...state, toMove: firstTeamWithEligibleFrom(state, teamIndexOrZero(state)) };
  }
  if (moveKey(next) !== before) announceMove(next, events);
  return next;
}

function teamIndexOrZero(state: TurnState): number {
  return state.toMove === null ? 0 : Math.max(0, state.teams.indexOf(state.toMove));
}

function actedIds(state: TurnState): string[] {
  const ids: string[] = [];
  for (const member of state.members) if (member.acted) ids.push(member.id);
  return ids;
}

export function snapshot(state: TurnState, member: TurnMember): TurnUndoEntry {
  return {
    memberId: member.id,
    teamId: member.teamId,
    round: state.round,
    phase: state.phase,
    toMove: state.toMove,
    acted: actedIds(state),
  };
}

export function pushHistory(state: TurnState, entry: TurnUndoEntry): TurnUndoEntry[] {
  const kept = state.history.length < UNDO_LIMIT ? state.history : state.history.slice(1 - UNDO_LIMIT);
  return [...kept, entry];
}

export function isPermutationOf(candidate: readonly string[], reference: readonly string[]): boolean {
  return (
    candidate.length === reference.length &&
    new Set(candidate).size === candidate.length &&
    candidate.every((id) => reference.includes(id))
  );
}
