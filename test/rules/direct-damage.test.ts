import { describe, expect, it } from "vitest";
import { DIE_SIZES, fixedDice, type DieSize } from "../../src/rules/dice";
import { fraction } from "../../src/rules/death";
import {
  chanceOfAtLeast,
  chanceOfAtLeastByDie,
  dieForDamage,
  directDamageCountsByDie,
  meanDamageByDie,
  directDamage,
  directDamageCounts,
  directDamageOdds,
  directDice,
  meanDamage,
  POSITIONS,
  rollDirect,
  type DirectStrike,
} from "../../src/rules/direct-damage";

const strike = (die: DieSize | null, attackerId = "a"): DirectStrike => ({ attackerId, die });

/** Every sequence of faces the dice can show, in roll order. */
function everyRoll(sizes: readonly DieSize[]): number[][] {
  return sizes.reduce<number[][]>(
    (rolls, size) => rolls.flatMap((roll) => Array.from({ length: size }, (_, i) => [...roll, i + 1])),
    [[]],
  );
}

/** Every multiset of one to three damage dice. */
function diceSets(): DieSize[][] {
  const sets: DieSize[][] = [];
  for (const a of DIE_SIZES) {
    sets.push([a]);
    for (const b of DIE_SIZES.filter((size) => size >= a)) {
      sets.push([a, b]);
      for (const c of DIE_SIZES.filter((size) => size >= b)) sets.push([a, b, c]);
    }
  }
  return sets;
}

describe("direct damage (RULES §7.3)", () => {
  it("rolls each weapon's die, a d4 for bare hands, and replaces every die when impaired or enhanced", () => {
    const strikes = [strike(8, "roland"), strike(null, "boudica")];
    expect(directDice(strikes, "normal")).toEqual([
      { attackerId: "roland", size: 8, reason: "weapon" },
      { attackerId: "boudica", size: 4, reason: "unarmed" },
    ]);
    expect(directDice(strikes, "impaired").map((d) => [d.size, d.reason])).toEqual([
      [4, "impaired"],
      [4, "impaired"],
    ]);
    expect(directDice(strikes, "enhanced").map((d) => [d.size, d.reason])).toEqual([
      [12, "enhanced"],
      [12, "enhanced"],
    ]);
  });

  it("keeps the highest die, the first of equals, and takes deflection off it (never below 0)", () => {
    const dice = directDice([strike(10), strike(6), strike(6)], "normal");
    const roll = rollDirect(dice, fixedDice([3, 5, 5]));
    expect(roll).toMatchObject({ kept: 1, value: 5 });
    expect(roll.dice.map((d) => d.face)).toEqual([3, 5, 5]);
    expect(directDamage(roll.value, 1)).toBe(4);
    // S3's troll: a d10 showing 4 against leather armour 1 leaves 3.
    expect(directDamage(4, 1)).toBe(3);
    expect(directDamage(2, 3)).toBe(0);
  });

  it("gives exact odds that match every roll of one to three dice against deflection 0 to 6", () => {
    for (const sizes of diceSets()) {
      const rolls = everyRoll(sizes);
      const dice = directDice(
        sizes.map((size) => strike(size)),
        "normal",
      );
      for (let deflection = 0; deflection <= 6; deflection++) {
        const counts: number[] = [];
        for (const faces of rolls) {
          const damage = directDamage(rollDirect(dice, fixedDice(faces)).value, deflection);
          counts[damage] = (counts[damage] ?? 0) + 1;
        }
        const expected = Array.from({ length: counts.length }, (_, d) => counts[d] ?? 0);
        expect(directDamageCounts(sizes, deflection)).toEqual({ counts: expected, total: rolls.length });
      }
    }
  });

  it("gives exact odds when each die meets its own deflection, the kept die's own coming off", () => {
    const deflections = [0, 2, 5];
    for (const sizes of diceSets()) {
      const rolls = everyRoll(sizes);
      const dice = directDice(
        sizes.map((size) => strike(size)),
        "normal",
      );
      const deflected = sizes.map((size, i) => ({ size, deflection: deflections[i] ?? 0 }));
      const counts: number[] = [];
      for (const faces of rolls) {
        const roll = rollDirect(dice, fixedDice(faces));
        const damage = directDamage(roll.value, deflections[roll.kept] ?? 0);
        counts[damage] = (counts[damage] ?? 0) + 1;
      }
      const expected = Array.from({ length: counts.length }, (_, d) => counts[d] ?? 0);
      expect(directDamageCountsByDie(deflected)).toEqual({ counts: expected, total: rolls.length });
    }
    // A d8 against deflection 0 and a d6 against 3: the d6, kept on a higher 2 or 3, deals nothing.
    expect(
      chanceOfAtLeastByDie(
        [
          { size: 8, deflection: 0 },
          { size: 6, deflection: 3 },
        ],
        1,
      ),
    ).toEqual(fraction(45, 48));
    expect(
      meanDamageByDie([
        { size: 4, deflection: 4 },
        { size: 4, deflection: 0 },
      ]),
    ).toEqual(fraction(20, 16));
  });

  it("states the chances as fractions: d8 and d6 against deflection 1", () => {
    // Highest of d8 and d6 is k with (k·min(k,6) − (k−1)·min(k−1,6)) of 48 outcomes.
    expect(directDamageOdds([8, 6], 1)).toEqual([
      fraction(1, 48),
      fraction(3, 48),
      fraction(5, 48),
      fraction(7, 48),
      fraction(9, 48),
      fraction(11, 48),
      fraction(6, 48),
      fraction(6, 48),
    ]);
    expect(chanceOfAtLeast([8, 6], 1, 1)).toEqual(fraction(47, 48));
    expect(chanceOfAtLeast([4], 4, 1)).toEqual(fraction(0, 4));
    expect(meanDamage([12], 0)).toEqual(fraction(78, 12));
  });
});

describe("the die a weapon made before direct damage is given (decision)", () => {
  it("is a d4 up to 1, a d6 for 2–3, a d8 for 4, a d10 for 5–6 and a d12 from 7", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 12].map((damage) => dieForDamage(damage))).toEqual([
      4, 4, 6, 6, 8, 10, 10, 12, 12,
    ]);
  });
});

describe("a detachment's edge on the die (RULES §7.4)", () => {
  it("names the die by whichever edge decided it, and a cancelled edge leaves the weapon's die", () => {
    const reasons = (detachment: number) =>
      POSITIONS.map((position) => {
        const [die] = directDice([{ attackerId: "a", die: 8, detachment }], position);
        return `${position}: ${die?.size} ${die?.reason}`;
      });
    expect(reasons(0)).toEqual(["normal: 8 weapon", "impaired: 4 impaired", "enhanced: 12 enhanced"]);
    expect(reasons(1)).toEqual([
      "normal: 12 enhanced-detachment",
      "impaired: 8 weapon",
      "enhanced: 12 enhanced-detachment",
    ]);
    expect(reasons(-1)).toEqual([
      "normal: 4 impaired-detachment",
      "impaired: 4 impaired-detachment",
      "enhanced: 8 weapon",
    ]);
  });
});
