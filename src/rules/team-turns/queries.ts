/** Reading the schedule: who is eligible, and who has the move. */
import type { TurnMember, TurnRefusal, TurnState } from "./state";

export const isRunning = (state: TurnState): boolean =>
  state.phase === "surprise" || state.phase === "normal";

export function findMember(state: TurnState, memberId: string): TurnMember | undefined {
  for (const member of state.members) if (member.id === memberId) return member;
  return undefined;
}

/** Can act, has not acted, is not acting now, and in a surprise round has surprise or cannot be surprised. */
export function isEligible(state: TurnState, member: TurnMember): boolean {
  return (
    isRunning(state) &&
    member.canAct &&
    !member.acted &&
    member.id !== state.current &&
    (state.phase !== "surprise" ||
      member.cannotBeSurprised ||
      (state.surprisingTeams.includes(member.teamId) && member.surprised !== true))
  );
}

export function eligibleMembers(state: TurnState, teamId: string): string[] {
  const ids: string[] = [];
  for (const member of state.members)
    if (member.teamId === teamId && isEligible(state, member)) ids.push(member.id);
  return ids;
}

export function anyoneEligible(state: TurnState): boolean {
  return state.members.some((member) => isEligible(state, member));
}

/** Dexterity modes: the index of the first group that still has an eligible member, or -1. */
export function groupToMove(state: TurnState): number {
  return state.sequence.findIndex((group) => eligibleIn(state, group).length > 0);
}

/** The members who may take the next turn without the GM overriding the order. */
export function membersToMove(state: TurnState): string[] {
  if (!isRunning(state) || state.current !== null) return [];
  if (state.mode === "teams") return state.toMove === null ? [] : eligibleMembers(state, state.toMove);
  return eligibleIn(state, state.sequence[groupToMove(state)] ?? []);
}

/**
 * The team whose move it is. In the dexterity modes, the team of the members whose place it is, or
 * null when that place is shared by members of several teams.
 */
export function teamToMove(state: TurnState): string | null {
  if (!isRunning(state)) return null;
  if (state.mode === "teams") return state.toMove;
  if (state.current !== null) return findMember(state, state.current)?.teamId ?? null;
  return sharedTeam(state, membersToMove(state));
}

function eligibleIn(state: TurnState, memberIds: readonly string[]): string[] {
  return memberIds.filter((id) => {
    const member = findMember(state, id);
    return member !== undefined && isEligible(state, member);
  });
}

function sharedTeam(state: TurnState, memberIds: readonly string[]): string | null {
  const teams = new Set(memberIds.map((id) => findMember(state, id)?.teamId));
  const [only] = teams;
  return teams.size === 1 && only !== undefined ? only : null;
}

/** Scans the team order cyclically from `start` (inclusive) for a team with an eligible member. */
export function firstTeamWithEligibleFrom(state: TurnState, start: number): string | null {
  const count = state.teams.length;
  for (let step = 0; step < count; step++) {
    const teamId = state.teams[(start + step) % count];
    if (teamId !== undefined && eligibleMembers(state, teamId).length > 0) return teamId;
  }
  return null;
}

export function runningRefusal(state: TurnState): TurnRefusal | undefined {
  if (state.phase === "setup") return "combat-not-started";
  if (state.phase === "ended") return "combat-ended";
  return undefined;
}
