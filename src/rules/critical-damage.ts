import { stepDown, zeroAttributeOutcome } from "./characters";
import { markDead, refuse, settle, withStatus, type ActorState, type Outcome, type Step } from "./death";
import { DIE_SIZES, type DiceSource, type DieRating } from "./dice";
import type { CriticalTrack } from "./life-tracks";

/*
 * RULES §7.3 critical damage (S3), under direct damage. Damage left over once health is at zero
 * comes off STR; a STR test follows, and a failure leaves the character crawling and dying within
 * the hour unless an ally tends it.
 */

/** An hour of six-second rounds: the critically wounded die at the end of it unless aided. */
export const CRITICAL_ROUNDS = 600;

export const freshCriticalTrack = (): CriticalTrack => ({ roundsElapsed: 0, lastAttemptRound: null });

/**
 * [decision] STR is a die whose size is its value (RULES §1): the remainder comes off that value and
 * the largest die size not above what is left is the new STR; below a d4 it is 0.
 */
export function strengthAfter(strength: DieRating, remainder: number): DieRating {
  const left = strength - Math.max(0, remainder);
  return [...DIE_SIZES].reverse().find((size) => size <= left) ?? 0;
}

/** How many steps down lead from one rating to another (what the STR loss's effect records). */
export function stepsBetween(from: DieRating, to: DieRating): number {
  let steps = 0;
  for (let rating = from; rating > to; rating = stepDown(rating)) steps += 1;
  return steps;
}

/**
 * [decision] The STR test is a d20 at or under the new STR value, the same plain check Brink uses for
 * CON in long-term recovery. The chain's state keeps its STR: the loss is an injury item's effect,
 * written by the damage workflow from the step.
 */
export function sufferCriticalDamage(
  state: ActorState,
  remainder: number,
  dice: DiceSource,
  log: Step[],
): ActorState {
  const from = state.attributes.str;
  const to = strengthAfter(from, remainder);
  log.push({ kind: "critical-damage", remainder, from, to, steps: stepsBetween(from, to) });
  if (to === 0) {
    log.push({ kind: "attribute-zero", attribute: "str", outcome: zeroAttributeOutcome("str") });
    return markDead(state, "attribute-zero", log);
  }
  const roll = dice.roll(20);
  const success = roll <= to;
  log.push({ kind: "critical-test", roll, strength: to, success, roundsLeft: CRITICAL_ROUNDS });
  if (success || state.critical !== null) return state;
  return { ...withStatus(state, { unconscious: true, stable: false }), critical: freshCriticalTrack() };
}

export type CriticalRefusal = "not-critical" | "no-time";

/** Rounds pass for a critically wounded character: death at the end of the hour. */
export function passCriticalTime(state: ActorState, rounds: number): Outcome<CriticalRefusal> {
  const track = state.critical;
  if (track === null || state.status.dead) return refuse("not-critical");
  if (rounds < 1) return refuse("no-time");
  const roundsElapsed = Math.min(CRITICAL_ROUNDS, track.roundsElapsed + rounds);
  const roundsLeft = CRITICAL_ROUNDS - roundsElapsed;
  const log: Step[] = [{ kind: "critical-round", roundsElapsed, roundsLeft }];
  const moved: ActorState = { ...state, critical: { ...track, roundsElapsed } };
  return settle(state, roundsLeft === 0 ? markDead(moved, "critical-damage", log) : moved, log);
}

/**
 * An ally tends the critically wounded character (the stabilise action's Heal test): success ends
 * the hour's clock and leaves it stable; a failure is kept, so no one else tries in the same round.
 */
export function aidCritical(
  state: ActorState,
  test: { total: number; difficulty: number },
  round: number,
): Outcome<"not-critical" | "already-attempted-this-round"> {
  const track = state.critical;
  if (track === null || state.status.dead) return refuse("not-critical");
  if (track.lastAttemptRound === round) return refuse("already-attempted-this-round");
  const success = test.total >= test.difficulty;
  const log: Step[] = [
    { kind: "stabilise-attempt", total: test.total, difficulty: test.difficulty, success },
  ];
  if (!success) return settle(state, { ...state, critical: { ...track, lastAttemptRound: round } }, log);
  log.push({ kind: "stable" });
  return settle(state, { ...withStatus(state, { stable: true }), critical: null }, log);
}
