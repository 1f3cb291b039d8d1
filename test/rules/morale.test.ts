import { describe, expect, it } from "vitest";
import { fixedDice } from "../../src/rules/dice";
import { MORALE_DIFFICULTY, checkMorale, moraleBonus, rollModeOf, rollMorale } from "../../src/rules/morale";
import type { MoraleSubject, RollMode } from "../../src/rules/morale";

const goblin = (id: string, moraleBonus = 0, group = "goblin"): MoraleSubject => ({
  id,
  kind: "npc",
  moraleBonus,
  group,
});

describe("a morale check", () => {
  it("is 1d20 + bonus against 11: 11 holds, 10 routs", () => {
    expect(MORALE_DIFFICULTY).toBe(11);
    const holds = checkMorale([goblin("a", 2)], { scope: "individual" }, fixedDice([9]));
    const flees = checkMorale([goblin("a", 2)], { scope: "individual" }, fixedDice([8]));
    expect(holds.rolls[0]?.roll).toMatchObject({ faces: [9], modifier: 2, total: 11, success: true });
    expect(holds.routedIds).toEqual([]);
    expect(flees.outcomes).toEqual([{ id: "a", success: false, status: "routed" }]);
    expect(flees.routedIds).toEqual(["a"]);
  });

  it("at disadvantage keeps the lower of two d20, at advantage the higher; both together cancel", () => {
    const disadvantaged = checkMorale(
      [goblin("a")],
      { scope: "individual", disadvantage: true },
      fixedDice([15, 4]),
    );
    expect(disadvantaged.rolls[0]?.roll).toMatchObject({ mode: "disadvantage", faces: [15, 4], kept: 4 });
    expect(disadvantaged.routedIds).toEqual(["a"]);
    const advantaged = checkMorale(
      [goblin("a")],
      { scope: "individual", advantage: true },
      fixedDice([4, 15]),
    );
    expect(advantaged.routedIds).toEqual([]);
    const both = fixedDice([12]);
    checkMorale([goblin("a")], { scope: "individual", advantage: true, disadvantage: true }, both);
    expect(both.remaining()).toBe(0);
  });

  it("has the exact odds: 50% at +0, 25% at disadvantage, 75% at advantage", () => {
    const odds = (bonus: number, mode: RollMode): number => {
      let successes = 0;
      let cases = 0;
      for (let first = 1; first <= 20; first += 1) {
        for (let second = 1; second <= 20; second += 1) {
          const faces = mode === "normal" ? [first] : [first, second];
          cases += 1;
          if (rollMorale(bonus, mode, fixedDice(faces)).success) successes += 1;
        }
      }
      return successes / cases;
    };
    expect(odds(0, "normal")).toBe(0.5);
    expect(odds(0, "disadvantage")).toBe(0.25);
    expect(odds(0, "advantage")).toBe(0.75);
    expect(odds(3, "normal")).toBe(0.65);
  });

  it("uses a PC's WIS modifier, whatever morale bonus it might be given", () => {
    const wise: MoraleSubject = { id: "pc", kind: "pc", wisdom: 10 };
    const rash: MoraleSubject = { id: "pc", kind: "pc", wisdom: 4 };
    expect(moraleBonus(wise)).toBe(2);
    expect(moraleBonus(rash)).toBe(-1);
    expect(checkMorale([wise], { scope: "individual" }, fixedDice([9])).routedIds).toEqual([]);
    expect(checkMorale([rash], { scope: "individual" }, fixedDice([11])).routedIds).toEqual(["pc"]);
  });
});

describe("who rolls together", () => {
  const hero: MoraleSubject = { id: "hero", kind: "pc", wisdom: 6 };
  const side = [goblin("g1", 0), goblin("g2", 1), goblin("w1", 3, "wolf"), hero];

  it("a team shares one roll with its best bonus, but a PC always rolls alone", () => {
    const result = checkMorale(side, { scope: "team" }, fixedDice([8, 15]));
    expect(result.rolls.map((entry) => [entry.subjectIds, entry.roll.total])).toEqual([
      [["g1", "g2", "w1"], 11],
      [["hero"], 15],
    ]);
    expect(result.routedIds).toEqual([]);
  });

  it("groups of the same type roll apart", () => {
    const result = checkMorale(side, { scope: "group" }, fixedDice([9, 8, 10]));
    expect(result.rolls.map((entry) => entry.subjectIds)).toEqual([["g1", "g2"], ["w1"], ["hero"]]);
    expect(result.routedIds).toEqual(["g1", "g2", "hero"]);
  });

  it("individuals each roll", () => {
    const dice = fixedDice([20, 1, 20, 20]);
    const result = checkMorale(side, { scope: "individual" }, dice);
    expect(result.routedIds).toEqual(["g2"]);
    expect(dice.remaining()).toBe(0);
  });
});

describe("advantage and disadvantage", () => {
  it("cancel each other; either alone decides the roll", () => {
    expect(rollModeOf(true, true)).toBe("normal");
    expect(rollModeOf(false, false)).toBe("normal");
    expect(rollModeOf(true, false)).toBe("advantage");
    expect(rollModeOf(false, true)).toBe("disadvantage");
  });
});
