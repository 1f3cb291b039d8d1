/** The scheduler's state, its events and refusals, all plain JSON. */
import type { InitiativeMode, InitiativeSequence } from "../initiative";

export type CombatPhase = "setup" | "surprise" | "normal" | "ended";

export interface TurnMember {
  id: string;
  teamId: string;
  canAct: boolean;
  /** A talent such as danger sense: acts in a surprise round whichever side it is on. */
  cannotBeSurprised: boolean;
  /** Marked Surprised (the token HUD): sits out a surprise round even on a surprising team. */
  surprised?: boolean;
  acted: boolean;
}

export interface MemberInput {
  id: string;
  teamId: string;
  canAct?: boolean;
  cannotBeSurprised?: boolean;
  surprised?: boolean;
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

/**
 * A copy with every field written out: one object shape for every schedule, which V8 copies far
 * faster than a spread (the encounter simulator takes thousands of turns a second).
 */
export function copyState(state: TurnState): TurnState {
  return {
    mode: state.mode,
    phase: state.phase,
    round: state.round,
    teams: state.teams,
    members: state.members,
    surprisingTeams: state.surprisingTeams,
    sequence: state.sequence,
    toMove: state.toMove,
    current: state.current,
    history: state.history,
  };
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

export const refuse = (reason: TurnRefusal): TurnResult => ({ ok: false, reason });
export const accept = (state: TurnState, events: TurnEvent[] = []): TurnResult => ({
  ok: true,
  state,
  events,
});
