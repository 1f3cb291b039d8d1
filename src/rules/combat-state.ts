import { isInitiativeMode } from "./initiative";
import {
  addMember,
  addTeam,
  reassignMember,
  removeMember,
  removeTeam,
  setCanAct,
  setCannotBeSurprised,
  setSurprised,
  type CombatPhase,
  type TurnEvent,
  type TurnMember,
  type TurnResult,
  type TurnState,
  type TurnUndoEntry,
} from "./team-turns";
import { endRound, endTurn, startTurn, type TurnEconomy } from "./turn-economy";

/**
 * Glue between the scheduler (team-turns/), the turn economy (turn-economy.ts) and the documents
 * that store them: reading persisted state back, bringing a roster in line with the combatants,
 * and working out a combatant's economy without writing every combatant on every turn.
 */

export const COMBAT_PHASES = [
  "setup",
  "surprise",
  "normal",
  "ended",
] as const satisfies readonly CombatPhase[];

export function isCombatPhase(value: unknown): value is CombatPhase {
  return (COMBAT_PHASES as readonly unknown[]).includes(value);
}

/** The turn state as a schema hands it back: the same shape, with plain strings for the enums. */
export interface TurnStateSource {
  mode: string;
  phase: string;
  round: number;
  teams: readonly string[];
  members: readonly TurnMember[];
  surprisingTeams: readonly string[];
  sequence: readonly (readonly string[])[];
  toMove: string | null;
  current: string | null;
  history: readonly (Omit<TurnUndoEntry, "phase" | "acted"> & { phase: string; acted: readonly string[] })[];
}

/** A copy of persisted state the scheduler can work on; unknown enum values fall back to the start. */
export function parseTurnState(source: TurnStateSource): TurnState {
  return {
    mode: isInitiativeMode(source.mode) ? source.mode : "teams",
    phase: isCombatPhase(source.phase) ? source.phase : "setup",
    round: source.round,
    teams: [...source.teams],
    members: source.members.map((member) => ({ ...member })),
    surprisingTeams: [...source.surprisingTeams],
    sequence: source.sequence.map((group) => [...group]),
    toMove: source.toMove,
    current: source.current,
    history: source.history.map((entry) => ({
      ...entry,
      phase: isCombatPhase(entry.phase) ? entry.phase : "normal",
      acted: [...entry.acted],
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Roster

/** What the documents say about one combatant. */
export interface RosterEntry {
  id: string;
  teamId: string;
  canAct: boolean;
  cannotBeSurprised: boolean;
  surprised?: boolean;
}

export type ReconcileResult = TurnResult & { changed?: boolean };

/**
 * Brings the scheduler's teams and members in line with the documents: new teams join at the end of
 * the order, members join, leave, change team, fall or recover, and teams no longer present go.
 * Each step is one of the scheduler's own transitions, so the move and the round behave exactly as
 * if the GM had made the changes one by one.
 */
export function reconcileRoster(
  state: TurnState,
  teamIds: readonly string[],
  roster: readonly RosterEntry[],
): ReconcileResult {
  const events: TurnEvent[] = [];
  let current: TurnState = state;
  const apply = (result: TurnResult): boolean => {
    if (!result.ok) return false;
    current = result.state;
    events.push(...result.events);
    return true;
  };
  const steps: (() => TurnResult)[] = [
    ...teamIds.filter((id) => !state.teams.includes(id)).map((id) => () => addTeam(current, id)),
    ...state.members
      .filter((member) => !roster.some((entry) => entry.id === member.id))
      .map((member) => () => removeMember(current, member.id)),
    ...roster.map((entry) => () => syncMember(current, entry)),
    ...state.teams.filter((id) => !teamIds.includes(id)).map((id) => () => removeTeam(current, id)),
  ];
  for (const step of steps) {
    const result = step();
    if (!apply(result)) return result;
  }
  const changed = JSON.stringify(current) !== JSON.stringify(state);
  return { ok: true, state: current, events, changed };
}

function syncMember(state: TurnState, entry: RosterEntry): TurnResult {
  const member = state.members.find((m) => m.id === entry.id);
  if (member === undefined) return addMember(state, entry);
  const steps: ((s: TurnState) => TurnResult)[] = [];
  if (member.teamId !== entry.teamId) steps.push((s) => reassignMember(s, entry.id, entry.teamId));
  if (member.cannotBeSurprised !== entry.cannotBeSurprised) {
    steps.push((s) => setCannotBeSurprised(s, entry.id, entry.cannotBeSurprised));
  }
  const surprised = entry.surprised === true;
  if ((member.surprised === true) !== surprised) steps.push((s) => setSurprised(s, entry.id, surprised));
  if (member.canAct !== entry.canAct) steps.push((s) => setCanAct(s, entry.id, entry.canAct));
  let result: TurnResult = { ok: true, state, events: [] };
  for (const step of steps) {
    if (!result.ok) return result;
    const next = step(result.state);
    result = next.ok ? { ...next, events: [...result.events, ...next.events] } : next;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Turn economy, brought up to date lazily

/**
 * When a combatant's stored economy was last written: the round, and the combat's count of turns
 * started at that moment.
 */
export interface EconomyStamp {
  round: number;
  turn: number;
}

/** Where the combat stands: its round, how many turns have started so far, and who is acting. */
export interface CombatClock {
  round: number;
  turn: number;
  current: string | null;
  /** Each member's latest turn start, as the `turn` count it made (none yet: absent). */
  turnStarts?: Readonly<Record<string, number>>;
}

/**
 * The economy as it stands now. Turn starts and round ends change every combatant's economy, but
 * writing them all would cost one write per combatant; instead the economy keeps the clock of its
 * last write, and whatever happened since (a round ended, the member's turn started or ended) is
 * applied here when it is read. Any write then stores the result with the current clock.
 */
export function currentEconomy(
  stored: TurnEconomy,
  stamp: EconomyStamp,
  clock: CombatClock,
  memberId: string,
): TurnEconomy {
  let economy = stamp.round === clock.round ? stored : endRound(stored);
  const acting = clock.current === memberId;
  // A turn of its own started since the last write, whether or not it is still going: its start
  // (three actions, the reaction back) applies, and its end too once it is over.
  const lastStart = Math.max(clock.turnStarts?.[memberId] ?? 0, acting ? clock.turn : 0);
  if (lastStart > stamp.turn) economy = startTurn(economy);
  if (!acting && economy.inTurn) economy = endTurn(economy);
  // Command's action is taken during the commander's turn: it lapses when that turn is over.
  const lapsed =
    stamp.round !== clock.round || stamp.turn !== clock.turn || clock.current !== economy.grantedBy;
  if (economy.grantedBy !== null && lapsed) economy = { ...economy, grantedBy: null };
  return economy;
}
