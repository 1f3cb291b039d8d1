/**
 * Exact odds for the roll dialog. A distribution is a list of integer weights over a common number of
 * equally likely outcomes, so every probability here is an exact fraction (bigint numerator and
 * denominator); `value` is its float for display.
 */
import type { DieRating } from "./dice";
import {
  LUCK_BONUS_THRESHOLD,
  LUCK_DIE,
  LUCK_TEST_BONUS,
  flatSteps,
  netAdvantage,
  specAdvantage,
  sumOf,
  testDiceSizes,
} from "./tests";
import type { CheckSpec, TestSpec } from "./tests";

export interface Distribution {
  /** The smallest total; `weights[i]` counts the outcomes giving `min + i`. */
  readonly min: number;
  readonly weights: readonly bigint[];
  /** Sum of the weights: the number of equally likely outcomes. */
  readonly outcomes: bigint;
}

export interface Chance {
  readonly numerator: bigint;
  readonly denominator: bigint;
  readonly value: number;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

export function chance(numerator: bigint, denominator: bigint): Chance {
  const divisor = gcd(numerator, denominator) || 1n;
  const num = numerator / divisor;
  const den = denominator / divisor;
  return { numerator: num, denominator: den, value: Number(num) / Number(den) };
}

const weightAt = (dist: Distribution, total: number): bigint => dist.weights[total - dist.min] ?? 0n;
export const maxTotal = (dist: Distribution): number => dist.min + dist.weights.length - 1;

export function pointDistribution(total: number): Distribution {
  return { min: total, weights: [1n], outcomes: 1n };
}

/** A die of any number of faces (d20 included). */
export function uniformDie(faces: number): Distribution {
  return { min: 1, weights: Array.from({ length: faces }, () => 1n), outcomes: BigInt(faces) };
}

/** One test die; a rating of 0 is no die at all (always 0). */
export const dieDistribution = (rating: DieRating): Distribution =>
  rating === 0 ? pointDistribution(0) : uniformDie(rating);

export function convolve(a: Distribution, b: Distribution): Distribution {
  const weights = Array.from({ length: a.weights.length + b.weights.length - 1 }, () => 0n);
  a.weights.forEach((wa, i) => {
    b.weights.forEach((wb, j) => {
      weights[i + j] = (weights[i + j] ?? 0n) + wa * wb;
    });
  });
  return { min: a.min + b.min, weights, outcomes: a.outcomes * b.outcomes };
}

export const shiftDistribution = (dist: Distribution, by: number): Distribution => ({
  ...dist,
  min: dist.min + by,
});

export function poolDistribution(ratings: readonly DieRating[]): Distribution {
  return ratings.map(dieDistribution).reduce(convolve, pointDistribution(0));
}

/** Weights of a distribution rebuilt from a cumulative count: w(t) = C(t) − C(t − 1). */
function fromCumulative(min: number, length: number, cumulative: (i: number) => bigint, outcomes: bigint) {
  const weights = Array.from({ length }, (_, i) => cumulative(i) - (i === 0 ? 0n : cumulative(i - 1)));
  return { min, weights, outcomes };
}

/**
 * The best (or worst) of `rolls` independent rolls, by order statistics:
 * P(max ≤ t) = F(t)^k and P(min > t) = (1 − F(t))^k.
 */
export function keepOf(dist: Distribution, rolls: number, keep: "highest" | "lowest"): Distribution {
  const k = BigInt(Math.max(1, rolls));
  const atMost: bigint[] = [];
  dist.weights.reduce((sum, weight) => {
    atMost.push(sum + weight);
    return sum + weight;
  }, 0n);
  const outcomes = dist.outcomes ** k;
  const countAtMost = (i: number): bigint => atMost[i] ?? dist.outcomes;
  const keptAtMost =
    keep === "highest"
      ? (i: number) => countAtMost(i) ** k
      : (i: number) => outcomes - (dist.outcomes - countAtMost(i)) ** k;
  return fromCumulative(dist.min, dist.weights.length, keptAtMost, outcomes);
}

/** Net advantage N: keep the highest of N + 1 rolls; net disadvantage keeps the lowest. */
export function withAdvantage(dist: Distribution, advantage: number): Distribution {
  const net = netAdvantage(Math.max(0, advantage), Math.max(0, -advantage));
  return keepOf(dist, Math.abs(net) + 1, net >= 0 ? "highest" : "lowest");
}

/** A test's total before the luck die: kept dice + proficiency + modifiers. */
export function testTotalDistribution(spec: TestSpec): Distribution {
  const dice = withAdvantage(poolDistribution(testDiceSizes(spec)), specAdvantage(spec));
  return shiftDistribution(dice, sumOf(flatSteps(spec)));
}

/** Weighted sum of distributions that share the same number of outcomes. */
function mix(parts: readonly { dist: Distribution; weight: bigint }[]): Distribution {
  const present = parts.filter((part) => part.weight > 0n);
  const min = Math.min(...present.map((part) => part.dist.min));
  const max = Math.max(...present.map((part) => maxTotal(part.dist)));
  const weights = Array.from({ length: max - min + 1 }, (_, i) =>
    present.reduce((sum, part) => sum + part.weight * weightAt(part.dist, min + i), 0n),
  );
  const outcomes = present.reduce((sum, part) => sum + part.weight * part.dist.outcomes, 0n);
  return { min, weights, outcomes };
}

/** How many of the twenty luck faces give a luck total satisfying `accept`. */
export function luckFaces(luckBonus: number, accept: (luckTotal: number) => boolean): bigint {
  let count = 0n;
  for (let face = 1; face <= LUCK_DIE; face += 1) if (accept(face + luckBonus)) count += 1n;
  return count;
}

/** An ordinary test's final total, the luck die's +4 included. */
export function ordinaryTestDistribution(spec: TestSpec): Distribution {
  const base = testTotalDistribution(spec);
  const lucky = luckFaces(spec.luckBonus ?? 0, (luck) => luck >= LUCK_BONUS_THRESHOLD);
  return mix([
    { dist: base, weight: BigInt(LUCK_DIE) - lucky },
    { dist: shiftDistribution(base, LUCK_TEST_BONUS), weight: lucky },
  ]);
}

export function chanceAtLeast(dist: Distribution, threshold: number): Chance {
  const count = dist.weights.reduce((sum, weight, i) => (dist.min + i >= threshold ? sum + weight : sum), 0n);
  return chance(count, dist.outcomes);
}

export function expectedTotal(dist: Distribution): number {
  const weighted = dist.weights.reduce((sum, weight, i) => sum + weight * BigInt(dist.min + i), 0n);
  return chance(weighted, dist.outcomes).value;
}

/** Chance that an ordinary test reaches `difficulty`, counting the luck die's +4. */
export function successChance(spec: TestSpec, difficulty: number): Chance {
  return chanceAtLeast(ordinaryTestDistribution(spec), difficulty);
}

export interface HitChanceOptions {
  readonly criticalThreshold: number;
  /** Thrown or projectile attack on a target with characters within 1 m: luck ≤ 1 sends it elsewhere. */
  readonly mayStrayToNeighbour?: boolean;
}

/**
 * Chance an attack hits its intended target: a luck total at or above the critical threshold always
 * hits; otherwise the test total (no +4 on attacks) must reach the evasion. A stray shot never hits the
 * intended target.
 */
export function hitChance(spec: TestSpec, evasion: number, options: HitChanceOptions): Chance {
  const luckBonus = spec.luckBonus ?? 0;
  const strays = (luck: number): boolean => options.mayStrayToNeighbour === true && luck <= 1;
  const critical = luckFaces(luckBonus, (luck) => !strays(luck) && luck >= options.criticalThreshold);
  const ordinary = luckFaces(luckBonus, (luck) => !strays(luck) && luck < options.criticalThreshold);
  const total = testTotalDistribution(spec);
  const testHits = chanceAtLeast(total, evasion);
  const hitsNumerator = critical * testHits.denominator + ordinary * testHits.numerator;
  return chance(hitsNumerator, BigInt(LUCK_DIE) * testHits.denominator);
}

/** Chance the luck die alone (d20 + luck bonus) reaches `difficulty`: the death luck test. */
export function luckChance(luckBonus: number, difficulty: number): Chance {
  return chance(
    luckFaces(luckBonus, (luck) => luck >= difficulty),
    BigInt(LUCK_DIE),
  );
}

export const deathLuckChance = luckChance;

/** Chance of a plain d20 check (1d20 + modifier, with advantage if any) reaching `difficulty`. */
export function checkChance(spec: CheckSpec, difficulty: number): Chance {
  const advantage = netAdvantage(spec.advantages ?? 0, spec.disadvantages ?? 0);
  const d20 = withAdvantage(uniformDie(20), advantage);
  return chanceAtLeast(shiftDistribution(d20, spec.modifier), difficulty);
}

/** Chance the attacker strictly beats the defender in an opposed test (ties go to the defender). */
export function opposedWinChance(attacker: TestSpec, defender: TestSpec): Chance {
  const a = ordinaryTestDistribution(attacker);
  const d = ordinaryTestDistribution(defender);
  let wins = 0n;
  a.weights.forEach((weight, i) => {
    wins += weight * countBelow(d, a.min + i);
  });
  return chance(wins, a.outcomes * d.outcomes);
}

function countBelow(dist: Distribution, total: number): bigint {
  return dist.weights.reduce((sum, weight, i) => (dist.min + i < total ? sum + weight : sum), 0n);
}
