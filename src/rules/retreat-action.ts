import type { DieRating } from "./dice";
import type { MoraleOptions } from "./morale";
import type { TestResult } from "./tests";

/**
 * RULES §7.1 with §2: the retreat action's test is a test like any other, a DEX test against a
 * GM-set difficulty with the luck die and the character's own modifiers (exhaustion, injuries) and
 * the GM's; the GM may let enemies attack instead. This is how its card records it.
 */
export interface RetreatTest {
  readonly die: DieRating;
  /** The kept pool's faces; empty when DEX is 0 (no die to roll). */
  readonly faces: readonly number[];
  /** Everything after the dice, summed: the modifiers and a lucky 20's +4. */
  readonly modifier: number;
  /** The luck die's face (absent on cards written before the test rolled one). */
  readonly luck?: number;
  /** The luck bonus added to it, and whether the luck total gave +4 (absent on older cards). */
  readonly luckBonus?: number;
  readonly lucky?: boolean;
  readonly total: number;
  readonly difficulty: number;
  readonly success: boolean;
}

/** A rolled DEX test as the retreat card records it. */
export function retreatTestOf(dexterity: DieRating, test: TestResult): RetreatTest {
  const kept = test.dice.pools[test.dice.keptPool];
  const faces = kept ? kept.dice.map((die) => die.face) : [];
  return {
    die: dexterity,
    faces,
    modifier: test.total - test.dice.diceTotal,
    luck: test.luck.face,
    luckBonus: test.luck.bonus,
    lucky: test.luckEffect === "bonus",
    total: test.total,
    difficulty: test.difficulty,
    success: test.success,
  };
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
