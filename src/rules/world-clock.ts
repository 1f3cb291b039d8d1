import { markDead, refuse, settle, type ActorState, type Outcome, type Step } from "./death";
import { DYING_TURNS } from "./dying";

/*
 * RULES §6 "Clocks outside combat" [decision]: once no combat is running, a turn or a round of the
 * dying and stabilise rules is six seconds of world time.
 */

export const SECONDS_PER_ROUND = 6;

/** How many six-second marks the world time passed going from `before` to `after` (none backwards). */
export const roundsBetween = (before: number, after: number): number =>
  Math.max(0, Math.floor(after / SECONDS_PER_ROUND) - Math.floor(before / SECONDS_PER_ROUND));

/**
 * The "round" an out-of-combat stabilise attempt is counted in: one per six seconds of world time.
 * Negative, so it never equals a combat's round (1, 2, …) kept on the same track.
 */
export const outOfCombatRound = (worldTime: number): number =>
  -1 - Math.floor(Math.max(0, worldTime) / SECONDS_PER_ROUND);

export type PassDyingRefusal = "not-dying" | "no-time";

/**
 * `turns` of a dying character's own turns pass out of combat: each frees its death save again; the
 * end of the tenth kills it. One step reports where the countdown stands.
 */
export function passDyingTurns(state: ActorState, turns: number): Outcome<PassDyingRefusal> {
  const track = state.dying;
  if (!state.status.dying || track === null) return refuse("not-dying");
  if (turns < 1) return refuse("no-time");
  const turnsTaken = Math.min(DYING_TURNS, track.turnsTaken + turns);
  const log: Step[] = [{ kind: "dying-turn", turnsTaken, turnsLeft: Math.max(0, DYING_TURNS - turnsTaken) }];
  const counted: ActorState = { ...state, dying: { ...track, turnsTaken, savedThisTurn: false } };
  const after = turnsTaken >= DYING_TURNS ? markDead(counted, "dying-countdown", log) : counted;
  return settle(state, after, log);
}

export type AttemptRefusal = "already-attempted-this-round";

/** Whether an ally already tried to stabilise this character in `round` (one ally per round). */
export function stabiliseAttemptRefusal(state: ActorState, round: number): AttemptRefusal | null {
  const last = state.dying?.lastStabiliseRound ?? state.downed?.lastAttemptRound ?? null;
  return last === round ? "already-attempted-this-round" : null;
}

export type DownedAttemptRefusal = "not-downed";

/** A downed character's failed tending, kept so no other ally tries in the same six seconds. */
export function noteDownedAttempt(
  state: ActorState,
  round: number,
  test: { total: number; difficulty: number },
): Outcome<DownedAttemptRefusal> {
  if (state.downed === null || state.status.dead) return refuse("not-downed");
  const log: Step[] = [
    { kind: "stabilise-attempt", total: test.total, difficulty: test.difficulty, success: false },
  ];
  return settle(state, { ...state, downed: { ...state.downed, lastAttemptRound: round } }, log);
}
