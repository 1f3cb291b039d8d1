import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { fixedDice, seededDice } from "../../src/rules/dice";
import type { DieRating } from "../../src/rules/dice";
import {
  MAX_ADVANTAGE,
  netAdvantage,
  resolveCheck,
  resolveOpposedTest,
  resolveTest,
  rollTest,
} from "../../src/rules/tests";
import type { TestSpec } from "../../src/rules/tests";

const rating = fc.constantFrom<DieRating>(0, 4, 6, 8, 10, 12);
const boudicaSpear: TestSpec = { attribute: 6, skill: 6, proficient: true };

describe("resolveTest: the S4 worked example", () => {
  it("2d6+1 rolling 2 and 3 totals 6 and just reaches difficulty 6", () => {
    const dice = fixedDice([2, 3, 10]);
    const result = resolveTest(boudicaSpear, 6, dice);
    expect(result.total).toBe(6);
    expect(result.success).toBe(true);
    expect(result.margin).toBe(0);
    expect(result.dice.pools).toEqual([
      {
        dice: [
          { size: 6, face: 2, source: "attribute" },
          { size: 6, face: 3, source: "skill" },
        ],
        sum: 5,
      },
    ]);
    expect(result.steps).toEqual([{ label: "proficiency", value: 1 }]);
    expect(result.luck).toEqual({ face: 10, bonus: 0, total: 10 });
    expect(dice.remaining()).toBe(0);
  });

  it("one point short fails with a negative margin", () => {
    const result = resolveTest(boudicaSpear, 7, fixedDice([2, 3, 10]));
    expect(result.success).toBe(false);
    expect(result.margin).toBe(-1);
  });
});

describe("resolveTest: the luck die", () => {
  it("a luck total of 20 adds +4 and turns a miss into a success", () => {
    const result = resolveTest(boudicaSpear, 9, fixedDice([2, 3, 20]));
    expect(result.luckEffect).toBe("bonus");
    expect(result.total).toBe(10);
    expect(result.success).toBe(true);
    expect(result.steps).toContainEqual({ label: "luck", value: 4 });
  });

  it("the luck bonus counts towards 20 (19 + 1), but a bare 19 does not", () => {
    const lucky = resolveTest({ ...boudicaSpear, luckBonus: 1 }, 9, fixedDice([2, 3, 19]));
    const unlucky = resolveTest(boudicaSpear, 9, fixedDice([2, 3, 19]));
    expect(lucky.luck.total).toBe(20);
    expect(lucky.total).toBe(10);
    expect(unlucky.luckEffect).toBe("none");
    expect(unlucky.total).toBe(6);
  });

  it("the luck die is rolled once whatever the advantage", () => {
    const dice = fixedDice([1, 1, 2, 2, 3, 3, 7]);
    const result = resolveTest({ ...boudicaSpear, advantages: 2 }, 6, dice);
    expect(result.dice.pools).toHaveLength(3);
    expect(result.luck.face).toBe(7);
    expect(dice.remaining()).toBe(0);
  });
});

describe("resolveTest: dice and modifiers", () => {
  it("an untrained skill rolls no skill die", () => {
    const dice = fixedDice([4, 12]);
    const result = resolveTest({ attribute: 8, skill: 0, proficient: false }, 5, dice);
    expect(result.dice.pools[0]?.dice).toEqual([{ size: 8, face: 4, source: "attribute" }]);
    expect(result.total).toBe(4);
    expect(dice.remaining()).toBe(0);
  });

  it("named modifiers are listed and added to the total", () => {
    const spec: TestSpec = {
      ...boudicaSpear,
      modifiers: [
        { label: "exhaustion", value: -2 },
        { label: "guarding", value: 1 },
      ],
    };
    const result = resolveTest(spec, 6, fixedDice([2, 3, 10]));
    expect(result.steps.map((step) => step.label)).toEqual(["proficiency", "exhaustion", "guarding"]);
    expect(result.total).toBe(5);
    expect(result.success).toBe(false);
  });

  it("every total lies between the smallest and largest the dice allow", () => {
    fc.assert(
      fc.property(
        rating,
        rating,
        fc.boolean(),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -3, max: 5 }),
        fc.integer(),
        (attribute, skill, proficient, modifier, advantages, disadvantages, luckBonus, seed) => {
          const spec: TestSpec = {
            attribute,
            skill,
            proficient,
            modifiers: [{ label: "m", value: modifier }],
            advantages,
            disadvantages,
            luckBonus,
          };
          const flat = (proficient ? 1 : 0) + modifier;
          const dieCount = (attribute > 0 ? 1 : 0) + (skill > 0 ? 1 : 0);
          const { total } = rollTest(spec, seededDice(seed));
          expect(total).toBeGreaterThanOrEqual(dieCount + flat);
          expect(total).toBeLessThanOrEqual(attribute + skill + flat + 4);
        },
      ),
    );
  });
});

describe("advantage and disadvantage", () => {
  it("advantage keeps the higher pool, disadvantage the lower", () => {
    const advantaged = resolveTest({ ...boudicaSpear, advantages: 1 }, 6, fixedDice([1, 2, 5, 6, 10]));
    expect(advantaged.dice.keptPool).toBe(1);
    expect(advantaged.total).toBe(12);
    const disadvantaged = resolveTest({ ...boudicaSpear, disadvantages: 1 }, 6, fixedDice([1, 2, 5, 6, 10]));
    expect(disadvantaged.dice.keptPool).toBe(0);
    expect(disadvantaged.total).toBe(4);
    expect(disadvantaged.success).toBe(false);
  });

  it("sources cancel one for one and the rest is capped at double", () => {
    expect(netAdvantage(1, 1)).toBe(0);
    expect(netAdvantage(3, 1)).toBe(2);
    expect(netAdvantage(5, 0)).toBe(MAX_ADVANTAGE);
    expect(netAdvantage(0, 4)).toBe(-MAX_ADVANTAGE);
  });

  it("equal advantage and disadvantage rolls the dice once, like a plain test", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), (sources) => {
        expect(netAdvantage(sources, sources)).toBe(0);
        const dice = fixedDice([4, 4, 10]);
        const result = resolveTest({ ...boudicaSpear, advantages: sources, disadvantages: sources }, 6, dice);
        expect(result.dice.pools).toHaveLength(1);
        expect(dice.remaining()).toBe(0);
      }),
    );
  });

  it("net advantage is antisymmetric and within the cap", () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), (advantages, disadvantages) => {
        const net = netAdvantage(advantages, disadvantages);
        expect(netAdvantage(disadvantages, advantages) + net).toBe(0);
        expect(Math.abs(net)).toBeLessThanOrEqual(MAX_ADVANTAGE);
      }),
    );
  });
});

describe("resolveCheck: plain d20 checks", () => {
  it("reports the natural face and adds the modifier", () => {
    const result = resolveCheck({ modifier: 2 }, 11, fixedDice([9]));
    expect(result).toMatchObject({ natural: 9, total: 11, success: true, margin: 0 });
  });

  it("with disadvantage keeps the lower d20 (a routed follower's morale)", () => {
    const result = resolveCheck({ modifier: 0, disadvantages: 1 }, 11, fixedDice([18, 4]));
    expect(result.faces).toEqual([18, 4]);
    expect(result.natural).toBe(4);
    expect(result.success).toBe(false);
  });
});

describe("resolveOpposedTest", () => {
  const sneak: TestSpec = { attribute: 8, skill: 6, proficient: false };
  const notice: TestSpec = { attribute: 6, skill: 6, proficient: false };

  it("a tie goes to the defender", () => {
    const result = resolveOpposedTest(sneak, notice, fixedDice([3, 3, 5, 2, 4, 5]));
    expect(result.attacker.total).toBe(6);
    expect(result.defender.total).toBe(6);
    expect(result.winner).toBe("defender");
  });

  it("a higher attacker total wins, luck bonus included", () => {
    const result = resolveOpposedTest(sneak, notice, fixedDice([3, 3, 20, 2, 5, 5]));
    expect(result.attacker.total).toBe(10);
    expect(result.winner).toBe("attacker");
    expect(result.margin).toBe(3);
  });
});

describe("what a test's card shows", () => {
  it("names each die by the rating it was rolled for", () => {
    const result = resolveTest({ attribute: 8, skill: 4, proficient: false }, 6, fixedDice([5, 3, 10]));
    expect(result.dice.pools[0]?.dice).toEqual([
      { size: 8, face: 5, source: "attribute" },
      { size: 4, face: 3, source: "skill" },
    ]);
    expect(result.dice.pools[0]?.sum).toBe(8);
  });

  it("keeps the first of two pools that tie, with advantage or disadvantage", () => {
    for (const edge of [{ advantages: 1 }, { disadvantages: 1 }]) {
      const result = resolveTest({ ...boudicaSpear, ...edge }, 6, fixedDice([2, 4, 3, 3, 10]));
      expect(result.dice.keptPool).toBe(0);
      expect(result.dice.diceTotal).toBe(6);
    }
  });

  it("keeps the best of three pools with double advantage, and the worst with double disadvantage", () => {
    const faces = [3, 3, 1, 1, 6, 5, 10];
    const best = resolveTest({ ...boudicaSpear, advantages: 2 }, 6, fixedDice(faces));
    expect(best.dice).toMatchObject({ keptPool: 2, diceTotal: 11 });
    const worst = resolveTest({ ...boudicaSpear, disadvantages: 2 }, 6, fixedDice(faces));
    expect(worst.dice).toMatchObject({ keptPool: 1, diceTotal: 2 });
  });

  it("counts no source below zero and no part of a source", () => {
    expect(netAdvantage(-2, 1)).toBe(-1);
    expect(netAdvantage(1.5, 0)).toBe(1);
  });
});

describe("resolveCheck with advantage", () => {
  it("keeps the higher d20 and counts it as the natural face", () => {
    const result = resolveCheck({ modifier: 1, advantages: 1 }, 11, fixedDice([4, 18]));
    expect(result).toMatchObject({ advantage: 1, faces: [4, 18], natural: 18, total: 19, success: true });
  });
});
