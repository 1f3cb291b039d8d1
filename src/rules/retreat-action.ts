import type { DiceSource, DieRating } from "./dice";
import type { MoraleOptions } from "./morale";

/**
 * RULES §7.1 [decision]: the retreat test is the DEX die plus whatever modifiers the GM allows
 * (a skill die, cover, exhaustion …, summed by the caller) against a GM-set difficulty. No luck die:
 * the GM sets the stakes and may let enemies attack instead of (or after) the test.
 */
export interface RetreatTest {
  readonly die: DieRating;
  /** Empty when DEX is 0: there is no die to roll. */
  readonly faces: readonly number[];
  readonly modifier: number;
  readonly total: number;
  readonly difficulty: number;
  readonly success: boolean;
}

export function rollRetreatTest(
  dexterity: DieRating,
  modifier: number,
  difficulty: number,
  dice: DiceSource,
): RetreatTest {
  const faces = dexterity === 0 ? [] : [dice.roll(dexterity)];
  const total = (faces[0] ?? 0) + modifier;
  return { die: dexterity, faces, modifier, total, difficulty, success: total >= difficulty };
}

export const RETREAT_ACTION_OUTCOMES = ["retreated", "stopped-by-test", "stopped-by-hit"] as const;
export type RetreatActionOutcome = (typeof RETREAT_ACTION_OUTCOMES)[number];

export interface RetreatAttempt {
  readonly actorId: string;
  /** The test, or null when the GM let enemies attack instead of calling for one. */
  readonly test: RetreatTest | null;
  /** Whether any attack hit the character during the attempt, however small. */
  readonly hit: boolean;
  /** Retainers and NPCs following this character. */
  readonly followerIds: readonly string[];
}

export interface FollowerMoraleRequest {
  readonly subjectIds: readonly string[];
  readonly options: MoraleOptions;
}

export interface RetreatActionResult {
  readonly actorId: string;
  readonly outcome: RetreatActionOutcome;
  /** A retreat always takes the whole turn, whether it works or not. */
  readonly endsTurn: true;
  readonly addStatuses: readonly string[];
  /** Followers check morale at disadvantage, each alone, once their leader has got away. */
  readonly followerMorale: FollowerMoraleRequest | null;
}

export function resolveRetreatAction(attempt: RetreatAttempt): RetreatActionResult {
  const outcome = retreatOutcome(attempt);
  const retreated = outcome === "retreated";
  return {
    actorId: attempt.actorId,
    outcome,
    endsTurn: true,
    addStatuses: retreated ? ["retreated"] : [],
    followerMorale:
      retreated && attempt.followerIds.length > 0
        ? { subjectIds: attempt.followerIds, options: { scope: "individual", disadvantage: true } }
        : null,
  };
}

function retreatOutcome(attempt: RetreatAttempt): RetreatActionOutcome {
  if (attempt.test !== null && !attempt.test.success) return "stopped-by-test";
  if (attempt.hit) return "stopped-by-hit";
  return "retreated";
}
