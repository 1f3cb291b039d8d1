import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { seededDice } from "../../src/rules/dice";
import type { DieRating } from "../../src/rules/dice";
import {
  chance,
  checkChance,
  deathLuckChance,
  expectedTotal,
  hitChance,
  maxTotal,
  opposedWinChance,
  ordinaryTestDistribution,
  successChance,
  testTotalDistribution,
} from "../../src/rules/odds";
import type { Chance, Distribution } from "../../src/rules/odds";
import { resolveOpposedTest, resolveTest } from "../../src/rules/tests";
import type { TestSpec } from "../../src/rules/tests";

const rating = fc.constantFrom<DieRating>(0, 4, 6, 8, 10, 12);

/** Every sequence of faces for the given dice, as a list of face lists. */
function allFaces(sizes: readonly number[]): number[][] {
  return sizes.reduce<number[][]>(
    (sequences, size) => sequences.flatMap((seq) => Array.from({ length: size }, (_, i) => [...seq, i + 1])),
    [[]],
  );
}

/** Brute force: count how many equally likely rolls of `pools` pools give each kept sum. */
function bruteForceKept(
  sizes: readonly number[],
  pools: number,
  keep: "highest" | "lowest",
): Map<number, number> {
  const counts = new Map<number, number>();
  const poolSums = allFaces(sizes).map((faces) => faces.reduce((a, b) => a + b, 0));
  const sequences = allFaces(Array.from({ length: pools }, () => poolSums.length));
  for (const picks of sequences) {
    const sums = picks.map((pick) => poolSums[pick - 1] ?? 0);
    const kept = keep === "highest" ? Math.max(...sums) : Math.min(...sums);
    counts.set(kept, (counts.get(kept) ?? 0) + 1);
  }
  return counts;
}

function probabilityOf(dist: Distribution, total: number): Chance {
  return chance(dist.weights[total - dist.min] ?? 0n, dist.outcomes);
}

const sameChance = (a: Chance, b: Chance): boolean =>
  a.numerator === b.numerator && a.denominator === b.denominator;

describe("exact test distributions against brute-force enumeration", () => {
  const cases = [
    {
      name: "d4+d6 with advantage",
      spec: { attribute: 4, skill: 6, advantages: 1 },
      pools: 2,
      keep: "highest",
    },
    {
      name: "d4+d6 with disadvantage",
      spec: { attribute: 4, skill: 6, disadvantages: 1 },
      pools: 2,
      keep: "lowest",
    },
    {
      name: "d4+d4 with double advantage",
      spec: { attribute: 4, skill: 4, advantages: 2 },
      pools: 3,
      keep: "highest",
    },
    {
      name: "d6 alone, double disadvantage",
      spec: { attribute: 6, skill: 0, disadvantages: 3 },
      pools: 3,
      keep: "lowest",
    },
  ] as const;

  for (const { name, spec, pools, keep } of cases) {
    it(`${name}: every total has exactly the enumerated probability`, () => {
      const sizes = [spec.attribute, spec.skill].filter((size) => size > 0);
      const counts = bruteForceKept(sizes, pools, keep);
      const outcomes = BigInt(sizes.reduce((a, b) => a * b, 1) ** pools);
      const dist = testTotalDistribution({ ...spec, proficient: true });
      const modifier = 1;
      for (let total = dist.min; total <= maxTotal(dist); total += 1) {
        const expected = chance(BigInt(counts.get(total - modifier) ?? 0), outcomes);
        expect(sameChance(probabilityOf(dist, total), expected), `total ${total}`).toBe(true);
      }
      expect(dist.min).toBe(Math.min(...counts.keys()) + modifier);
      expect(maxTotal(dist)).toBe(Math.max(...counts.keys()) + modifier);
    });
  }

  it("success chance with the luck die matches enumeration of dice and luck faces (d4+d6, advantage)", () => {
    const spec: TestSpec = { attribute: 4, skill: 6, proficient: false, advantages: 1, luckBonus: 2 };
    const counts = bruteForceKept([4, 6], 2, "highest");
    for (const difficulty of [3, 8, 10, 11, 13, 14, 15]) {
      let successes = 0;
      for (const [kept, count] of counts) {
        for (let luck = 1; luck <= 20; luck += 1) {
          const total = kept + (luck + 2 >= 20 ? 4 : 0);
          if (total >= difficulty) successes += count;
        }
      }
      const expected = chance(BigInt(successes), BigInt(24 * 24 * 20));
      expect(sameChance(successChance(spec, difficulty), expected), `difficulty ${difficulty}`).toBe(true);
    }
  });

  it("a difficulty beyond the dice is reachable only through the luck die's +4", () => {
    const spec: TestSpec = { attribute: 6, skill: 6, proficient: true };
    expect(successChance(spec, 18).value).toBe(0);
    // Needs 12 on 2d6 (1/36) and a natural 20 (1/20).
    const expected = chance(1n, 36n * 20n);
    expect(sameChance(successChance(spec, 17), expected)).toBe(true);
  });
});

describe("exact odds against a seeded simulation", () => {
  // 10^5 samples: the standard error of a proportion is at most 0.5/sqrt(10^5) ≈ 0.0016, so a
  // tolerance of 0.008 is five standard errors; a wrong formula (e.g. advantage ignored) is off by far more.
  const samples = 100_000;
  const tolerance = 0.008;

  const specs: { spec: TestSpec; difficulty: number }[] = [
    { spec: { attribute: 6, skill: 6, proficient: true }, difficulty: 8 },
    { spec: { attribute: 8, skill: 4, proficient: false, advantages: 1, luckBonus: 3 }, difficulty: 11 },
    { spec: { attribute: 10, skill: 0, proficient: true, disadvantages: 2 }, difficulty: 5 },
    {
      spec: {
        attribute: 12,
        skill: 12,
        proficient: true,
        advantages: 2,
        modifiers: [{ label: "m", value: -3 }],
      },
      difficulty: 20,
    },
  ];

  specs.forEach(({ spec, difficulty }, index) => {
    it(`case ${index + 1}: resolveTest's success rate matches successChance`, () => {
      const dice = seededDice(1000 + index);
      let successes = 0;
      for (let i = 0; i < samples; i += 1) if (resolveTest(spec, difficulty, dice).success) successes += 1;
      expect(Math.abs(successes / samples - successChance(spec, difficulty).value)).toBeLessThan(tolerance);
    });
  });

  it("resolveOpposedTest's attacker win rate matches opposedWinChance", () => {
    const attacker: TestSpec = { attribute: 8, skill: 6, proficient: true };
    const defender: TestSpec = { attribute: 6, skill: 8, proficient: false, advantages: 1 };
    const dice = seededDice(77);
    let wins = 0;
    for (let i = 0; i < samples; i += 1) {
      if (resolveOpposedTest(attacker, defender, dice).winner === "attacker") wins += 1;
    }
    expect(Math.abs(wins / samples - opposedWinChance(attacker, defender).value)).toBeLessThan(tolerance);
  });
});

describe("advantage in the odds", () => {
  it("advantage never lowers the expected total, disadvantage never raises it", () => {
    fc.assert(
      fc.property(rating, rating, fc.integer({ min: -2, max: 1 }), (attribute, skill, net) => {
        const spec = (advantage: number): TestSpec => ({
          attribute,
          skill,
          proficient: false,
          advantages: Math.max(0, advantage),
          disadvantages: Math.max(0, -advantage),
        });
        const lower = expectedTotal(testTotalDistribution(spec(net)));
        const higher = expectedTotal(testTotalDistribution(spec(net + 1)));
        expect(higher).toBeGreaterThanOrEqual(lower);
        if (attribute + skill > 0) expect(higher).toBeGreaterThan(lower);
      }),
    );
  });

  it("one advantage and one disadvantage give exactly the plain odds", () => {
    fc.assert(
      fc.property(rating, rating, fc.integer({ min: 0, max: 30 }), (attribute, skill, difficulty) => {
        const plain: TestSpec = { attribute, skill, proficient: true };
        const cancelled: TestSpec = { ...plain, advantages: 1, disadvantages: 1 };
        expect(sameChance(successChance(cancelled, difficulty), successChance(plain, difficulty))).toBe(true);
      }),
    );
  });

  it("every distribution sums to 1 over [min, max] and its mean is the dice's mean without advantage", () => {
    fc.assert(
      fc.property(rating, rating, fc.integer({ min: -3, max: 3 }), (attribute, skill, luckBonus) => {
        const spec: TestSpec = { attribute, skill, proficient: true, luckBonus };
        const dist = ordinaryTestDistribution(spec);
        expect(dist.weights.reduce((a, b) => a + b, 0n)).toBe(dist.outcomes);
        const diceMean = (attribute > 0 ? (attribute + 1) / 2 : 0) + (skill > 0 ? (skill + 1) / 2 : 0);
        const luckShare = (4 * Math.min(20, Math.max(0, luckBonus + 1))) / 20;
        expect(expectedTotal(dist)).toBeCloseTo(diceMean + 1 + luckShare, 10);
      }),
    );
  });
});

describe("the luck die's +4 in a test's totals", () => {
  const twoD6: TestSpec = { attribute: 6, skill: 6, proficient: true };

  it("never comes when no luck face reaches 20: the totals stop at the dice's highest", () => {
    const dist = ordinaryTestDistribution({ ...twoD6, luckBonus: -1 });
    expect([dist.min, maxTotal(dist)]).toEqual([3, 13]);
    expect(dist.weights).toHaveLength(11);
  });

  it("always comes when every luck face reaches 20: the totals start at the dice's lowest + 4", () => {
    const dist = ordinaryTestDistribution({ ...twoD6, luckBonus: 19 });
    expect([dist.min, maxTotal(dist)]).toEqual([7, 17]);
    expect(dist.weights).toHaveLength(11);
  });
});

describe("attack and luck odds", () => {
  const boudica: TestSpec = { attribute: 6, skill: 6, proficient: true };

  it("Boudica's chance to hit evasion 6 counts the 19+ critical and ignores the +4", () => {
    // 2d6 ≥ 5 is 30/36; luck 19–20 (2/20) always hits; no +4 on attacks.
    const expected = chance(2n * 36n + 18n * 30n, 20n * 36n);
    expect(sameChance(hitChance(boudica, 6, { criticalThreshold: 19 }), expected)).toBe(true);
    // Evasion 14 cannot be reached by 2d6+1: only the critical hits.
    expect(hitChance(boudica, 14, { criticalThreshold: 19 }).value).toBeCloseTo(0.1, 12);
  });

  it("a shot that may stray loses the luck-1 twentieth on its intended target", () => {
    const steady = hitChance(boudica, 2, { criticalThreshold: 20 });
    const risky = hitChance(boudica, 2, { criticalThreshold: 20, mayStrayToNeighbour: true });
    expect(steady.value).toBe(1);
    expect(sameChance(risky, chance(19n, 20n))).toBe(true);
  });

  it("the death luck test: d20 + luck bonus against the death difficulty", () => {
    expect(sameChance(deathLuckChance(0, 10), chance(11n, 20n))).toBe(true);
    expect(sameChance(deathLuckChance(0, 15), chance(6n, 20n))).toBe(true);
    expect(sameChance(deathLuckChance(2, 15), chance(8n, 20n))).toBe(true);
    expect(deathLuckChance(0, 21).value).toBe(0);
    expect(deathLuckChance(0, 1).value).toBe(1);
  });

  it("a plain d20 check with advantage: 1 − (10/20)² to reach 11", () => {
    expect(sameChance(checkChance({ modifier: 0 }, 11), chance(1n, 2n))).toBe(true);
    expect(sameChance(checkChance({ modifier: 0, advantages: 1 }, 11), chance(3n, 4n))).toBe(true);
    expect(sameChance(checkChance({ modifier: 0, disadvantages: 1 }, 11), chance(1n, 4n))).toBe(true);
  });
});
