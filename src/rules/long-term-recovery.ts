/**
 * RULES §6 (S2): how a permanent injury heals. A month of downtime and a d20 at or under the CON
 * value; one per level gained while injured; or retirement, where the retired character tests
 * CON after each of its player's sessions once four have passed.
 */
import type { DiceSource, DieRating } from "./dice";

/** Sessions a retired character sits out before its first CON test [decision: the test comes at the end of the fourth]. */
export const RETIREMENT_SESSIONS_BEFORE_TESTS = 4;

export interface RecoveryTest {
  /** The d20's face. */
  readonly face: number;
  /** The CON value it had to reach or beat from below. */
  readonly con: number;
  readonly success: boolean;
}

/** A d20 rolled under the CON value: at or under it heals one permanent injury. */
export function recoveryTest(con: DieRating, dice: DiceSource): RecoveryTest {
  const face = dice.roll(20);
  return { face, con, success: face <= con };
}

/**
 * A month of world time, in seconds [decision: 30 days]. One character takes a month of downtime
 * at most once per month of world time, so the d20 cannot be rolled again until it lands.
 */
export const DOWNTIME_SECONDS = 30 * 24 * 60 * 60;

/**
 * Seconds of world time still to pass before this character's next month of downtime (0: it may
 * start now). `lastAt` is the world time of its last one, null for never. A clock moved back
 * (a reverted rest) never makes the wait longer than a month.
 */
export const downtimeWait = (lastAt: number | null, now: number): number =>
  lastAt === null ? 0 : Math.min(DOWNTIME_SECONDS, Math.max(0, lastAt + DOWNTIME_SECONDS - now));

/** The exact chance of a recovery test, shown before anyone commits a month to it. */
export const recoveryChance = (con: DieRating): number => Math.min(20, Math.max(0, con)) / 20;

/**
 * Heals banked by a change of level. Only levels above the highest reached count (so lowering and
 * raising the level again banks nothing), and only while the character carries a permanent injury.
 * `peak` 0 means "never recorded": the level before the change is the peak.
 */
export function levelHealsGained(
  peak: number,
  before: number,
  after: number,
  hasPermanentInjury: boolean,
): { heals: number; peak: number } {
  const reached = Math.max(peak, before);
  // No new level: the peak stays as stored, so an update that does not raise the level writes nothing.
  if (after <= reached) return { heals: 0, peak };
  return { heals: hasPermanentInjury ? after - reached : 0, peak: after };
}

/** The new character a retirement starts: half the retired one's XP, rounded down. */
export const successorXp = (xp: number): number => Math.floor(Math.max(0, xp) / 2);

/** Whether the session just played ends with a CON test for the retired character. */
export const sessionTestDue = (sessionsPlayed: number): boolean =>
  sessionsPlayed >= RETIREMENT_SESSIONS_BEFORE_TESTS;
