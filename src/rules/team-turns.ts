import { delayInSequence, groupIndexOf, withoutMember } from "./initiative";
import type { InitiativeMode, InitiativeSequence } from "./initiative";

/**
 * RULES §3: who may take the next turn. A pure state machine over plain JSON, so the whole state can
 * live in the Combat's system data and each transition is written in one update by the active GM.
 *
 * In `teams` mode the move alternates between teams in order; the team to move picks any eligible
 * member. In the dexterity modes the state holds a fixed sequence of groups; the move belongs to the
 * first group that still has an eligible member, so someone who recovers before the round ends acts
 * at the next opportunity.
 */

export type CombatPhase = "setup" | "surprise" | "normal" | "ended";

/** Conditions that take away a member's turns (RULES §1 and §9). Dying characters still act (S2). */
export const CONDITIONS_PREVENTING_TURNS = [
  "unconscious",
  "incapacitated",
  "dead",
  "retreated",
  "routed",
  "paralysed",
  "delirious",
] as const;

export function canActWith(conditions: Iterable<string>): boolean {
  const blocking: readonly string[] = CONDITIONS_PREVENTING_TURNS;
  for (const condition of conditions) if (blocking.includes(condition)) return false;
  return true;
}

export interface TurnMember {
  id: string;
  teamId: string;
  canAct: boolean;
  /** A talent such as danger sense: acts in a surprise round whichever side it is on. */
  cannotBeSurprised: boolean;
  acted: boolean;
}

export interface MemberInput {
  id: string;
  teamId: string;
  canAct?: boolean;
  cannotBeSurprised?: boolean;
}

/** What `undoLastTurn` restores: the schedule as it stood just before a turn was taken or skipped. */
export interface TurnUndoEntry {
  memberId: string;
  teamId: string;
  round: number;
  phase: CombatPhase;
  toMove: string | null;
  acted: string[];
}

export interface TurnState {
  mode: InitiativeMode;
  phase: CombatPhase;
  /** 0 before combat begins; a surprise round is round 1. */
  round: number;
  /** Team ids in initiative order. */
  teams: string[];
  members: TurnMember[];
  surprisingTeams: string[];
  /** Dexterity modes only: groups of member ids in acting order. Empty in `teams` mode. */
  sequence: InitiativeSequence;
  /** `teams` mode: the team whose move it is (during a turn, the acting member's team). */
  toMove: string | null;
  /** The member taking its turn now. */
  current: string | null;
  history: TurnUndoEntry[];
}

export type TurnEvent =
  | {
      type: "turnStart" | "turnEnd" | "turnSkip" | "turnUndo";
      round: number;
      memberId: string;
      teamId: string;
    }
  | { type: "teamMove"; round: number; teamId: string | null; memberIds: string[] }
  | { type: "roundEnd"; round: number }
  | { type: "roundStart"; round: number; phase: CombatPhase }
  | { type: "combatEnd"; round: number };

export type TurnRefusal =
  | "combat-not-started"
  | "combat-already-started"
  | "combat-ended"
  | "turn-in-progress"
  | "no-turn-in-progress"
  | "not-your-team-move"
  | "not-your-place"
  | "already-acted"
  | "cannot-act"
  | "not-in-surprise"
  | "unknown-member"
  | "unknown-team"
  | "duplicate-member"
  | "duplicate-team"
  | "team-not-empty"
  | "invalid-order"
  | "missing-sequence"
  | "invalid-sequence"
  | "nothing-to-undo"
  | "delay-not-available"
  | "not-later";

export type TurnResult =
  { ok: true; state: TurnState; events: TurnEvent[] } | { ok: false; reason: TurnRefusal };

/** Enough to undo a bad sequence of clicks without letting the Combat document grow without bound. */
export const UNDO_LIMIT = 50;

const refuse = (reason: TurnRefusal): TurnResult => ({ ok: false, reason });
const accept = (state: TurnState, events: TurnEvent[] = []): TurnResult => ({ ok: true, state, events });

export function createTurnState(mode: InitiativeMode = "teams"): TurnState {
  return {
    mode,
    phase: "setup",
    round: 0,
    teams: [],
    members: [],
    surprisingTeams: [],
    sequence: [],
    toMove: null,
    current: null,
    history: [],
  };
}

/** Convenience for building a combat from its teams and members in one step. */
export function setupTurnState(
  mode: InitiativeMode,
  teams: readonly string[],
  members: readonly MemberInput[],
): TurnResult {
  let result = accept(createTurnState(mode));
  for (const teamId of teams) result = result.ok ? addTeam(result.state, teamId) : result;
  for (const member of members) result = result.ok ? addMember(result.state, member) : result;
  return result.ok ? accept(result.state) : result;
}

// ---------------------------------------------------------------------------------------------------
// Queries

export const isRunning = (state: TurnState): boolean =>
  state.phase === "surprise" || state.phase === "normal";

export function findMember(state: TurnState, memberId: string): TurnMember | undefined {
  return state.members.find((member) => member.id === memberId);
}

/** Can act, has not acted, is not acting now, and in a surprise round has surprise or cannot be surprised. */
export function isEligible(state: TurnState, member: TurnMember): boolean {
  return (
    isRunning(state) &&
    member.canAct &&
    !member.acted &&
    member.id !== state.current &&
    (state.phase !== "surprise" || member.cannotBeSurprised || state.surprisingTeams.includes(member.teamId))
  );
}

export function eligibleMembers(state: TurnState, teamId: string): string[] {
  return state.members
    .filter((member) => member.teamId === teamId && isEligible(state, member))
    .map((member) => member.id);
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
function firstTeamWithEligibleFrom(state: TurnState, start: number): string | null {
  const count = state.teams.length;
  for (let step = 0; step < count; step++) {
    const teamId = state.teams[(start + step) % count];
    if (teamId !== undefined && eligibleMembers(state, teamId).length > 0) return teamId;
  }
  return null;
}

function runningRefusal(state: TurnState): TurnRefusal | undefined {
  if (state.phase === "setup") return "combat-not-started";
  if (state.phase === "ended") return "combat-ended";
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Internal transitions shared by the public ones

function updateMember(state: TurnState, memberId: string, patch: Partial<TurnMember>): TurnState {
  return {
    ...state,
    members: state.members.map((member) => (member.id === memberId ? { ...member, ...patch } : member)),
  };
}

/** Identifies the move so an event fires only when it really changes hands. */
function moveKey(state: TurnState): string | null {
  if (state.mode === "teams") return state.toMove;
  const index = groupToMove(state);
  return index < 0 ? null : String(index);
}

function announceMove(state: TurnState, events: TurnEvent[]): void {
  const memberIds = membersToMove(state);
  if (memberIds.length === 0) return;
  events.push({ type: "teamMove", round: state.round, teamId: teamToMove(state), memberIds });
}

function startRound(state: TurnState, round: number, phase: CombatPhase, events: TurnEvent[]): TurnState {
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

function nextRound(state: TurnState, events: TurnEvent[]): TurnState {
  events.push({ type: "roundEnd", round: state.round });
  return startRound(state, state.round + 1, "normal", events);
}

/** After a turn by a member of `fromTeam`: the move goes to the next team in order that can use it. */
function passMove(state: TurnState, fromTeam: string, events: TurnEvent[]): TurnState {
  if (!anyoneEligible(state)) return nextRound(state, events);
  const next =
    state.mode === "teams"
      ? { ...state, toMove: firstTeamWithEligibleFrom(state, state.teams.indexOf(fromTeam) + 1) }
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
function settle(state: TurnState, events: TurnEvent[]): TurnState {
  if (!isRunning(state) || state.current !== null) return state;
  if (!anyoneEligible(state)) {
    const roundUnderway = state.phase === "surprise" || state.members.some((member) => member.acted);
    return roundUnderway ? nextRound(state, events) : { ...state, toMove: null };
  }
  const before = moveKey(state);
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

function snapshot(state: TurnState, member: TurnMember): TurnUndoEntry {
  return {
    memberId: member.id,
    teamId: member.teamId,
    round: state.round,
    phase: state.phase,
    toMove: state.toMove,
    acted: state.members.filter((member) => member.acted).map((member) => member.id),
  };
}

function pushHistory(state: TurnState, entry: TurnUndoEntry): TurnUndoEntry[] {
  return [...state.history, entry].slice(-UNDO_LIMIT);
}

function isPermutationOf(candidate: readonly string[], reference: readonly string[]): boolean {
  return (
    candidate.length === reference.length &&
    new Set(candidate).size === candidate.length &&
    candidate.every((id) => reference.includes(id))
  );
}

// ---------------------------------------------------------------------------------------------------
// Starting, running and ending combat

export interface BeginCombatOptions {
  /** The team whose action started the fight: it goes first. */
  startingTeam?: string;
  /** The team it attacked: it goes second. The others keep the GM's order. */
  attackedTeam?: string;
  /** A full team order, used as given instead of the two options above. */
  order?: readonly string[];
  /** Teams with surprise: a surprise round comes first. */
  surprisingTeams?: readonly string[];
  /** Required in the dexterity modes: every member exactly once (see initiative.ts). */
  sequence?: InitiativeSequence;
}

export function beginCombat(state: TurnState, options: BeginCombatOptions = {}): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (state.phase !== "setup") return refuse("combat-already-started");
  const order = initialOrder(state, options);
  if (typeof order === "string") return refuse(order);
  const surprisingTeams = [...new Set(options.surprisingTeams ?? [])];
  if (!surprisingTeams.every((teamId) => state.teams.includes(teamId))) return refuse("unknown-team");
  let sequence: InitiativeSequence = [];
  if (state.mode !== "teams") {
    if (options.sequence === undefined) return refuse("missing-sequence");
    sequence = options.sequence.map((group) => [...group]).filter((group) => group.length > 0);
    const ids = state.members.map((member) => member.id);
    if (!isPermutationOf(sequence.flat(), ids)) return refuse("invalid-sequence");
  }
  const events: TurnEvent[] = [];
  const phase = surprisingTeams.length > 0 ? "surprise" : "normal";
  const started = startRound({ ...state, teams: order, surprisingTeams, sequence }, 1, phase, events);
  return accept(started, events);
}

function initialOrder(state: TurnState, options: BeginCombatOptions): string[] | TurnRefusal {
  if (options.order !== undefined) {
    return isPermutationOf(options.order, state.teams) ? [...options.order] : "invalid-order";
  }
  const leaders = [options.startingTeam, options.attackedTeam].filter((id) => id !== undefined);
  if (!leaders.every((teamId) => state.teams.includes(teamId))) return "unknown-team";
  const uniqueLeaders = [...new Set(leaders)];
  return [...uniqueLeaders, ...state.teams.filter((teamId) => !uniqueLeaders.includes(teamId))];
}

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
  const next: TurnState = {
    ...state,
    current: memberId,
    toMove: state.mode === "teams" ? member.teamId : state.toMove,
    history: pushHistory(state, snapshot(state, member)),
  };
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
  const done = { ...updateMember(state, member.id, { acted: true }), current: null };
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

// ---------------------------------------------------------------------------------------------------
// Changes during combat

/**
 * A knock-out or a recovery. A member who recovers before the round ends and has not acted is
 * eligible again the next time its team (or its place) has the move.
 */
export function setCanAct(state: TurnState, memberId: string, canAct: boolean): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { canAct }), events), events);
}

export function setCannotBeSurprised(
  state: TurnState,
  memberId: string,
  cannotBeSurprised: boolean,
): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { cannotBeSurprised }), events), events);
}

export function addTeam(state: TurnState, teamId: string, index = state.teams.length): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (state.teams.includes(teamId)) return refuse("duplicate-team");
  const teams = [...state.teams.slice(0, index), teamId, ...state.teams.slice(index)];
  return accept({ ...state, teams });
}

/** Only an empty team can go: reassign or remove its members first. */
export function removeTeam(state: TurnState, teamId: string): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  const index = state.teams.indexOf(teamId);
  if (index < 0) return refuse("unknown-team");
  if (state.members.some((member) => member.teamId === teamId)) return refuse("team-not-empty");
  const teams = state.teams.filter((id) => id !== teamId);
  // The move goes to the team that followed the removed one, if that team can use it.
  const toMove = state.toMove === teamId ? (teams[index % Math.max(1, teams.length)] ?? null) : state.toMove;
  const surprisingTeams = state.surprisingTeams.filter((id) => id !== teamId);
  const events: TurnEvent[] = [];
  return accept(settle({ ...state, teams, toMove, surprisingTeams }, events), events);
}

export function reorderTeams(state: TurnState, order: readonly string[]): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (!isPermutationOf(order, state.teams)) return refuse("invalid-order");
  return accept({ ...state, teams: [...order] });
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
    acted: false,
  };
  const sequence =
    state.mode !== "teams" && state.phase !== "setup"
      ? placeInSequence(state.sequence, input.id, place)
      : state.sequence;
  const events: TurnEvent[] = [];
  return accept(settle({ ...state, members: [...state.members, member], sequence }, events), events);
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
  const next = wasActing ? passMove(removed, member.teamId, events) : settle(removed, events);
  return accept(next, events);
}

/** Moves a member to another team; it keeps whether it has acted this round. */
export function reassignMember(state: TurnState, memberId: string, teamId: string): TurnResult {
  if (findMember(state, memberId) === undefined) return refuse("unknown-member");
  if (!state.teams.includes(teamId)) return refuse("unknown-team");
  const events: TurnEvent[] = [];
  return accept(settle(updateMember(state, memberId, { teamId }), events), events);
}

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
  return accept(settle({ ...state, sequence }, events), events);
}

/** The place (group index) of a member in a dexterity-mode sequence, or -1. */
export function placeOf(state: TurnState, memberId: string): number {
  return groupIndexOf(state.sequence, memberId);
}
