import { describe, expect, it } from "vitest";
import { fixedDice, isDieRating, seededDice } from "../../src/rules/dice";

describe("a die rating", () => {
  it("is no die (0) or one of d4, d6, d8, d10 and d12", () => {
    for (const rating of [0, 4, 6, 8, 10, 12]) expect(isDieRating(rating), String(rating)).toBe(true);
  });

  it("is nothing else: no odd size, no d2 or d20, no text that looks like a number", () => {
    for (const value of [2, 5, 7, 20, -4, 0.5, "6", "0", null, undefined, Number.NaN])
      expect(isDieRating(value), String(value)).toBe(false);
  });
});

describe("seeded dice (the simulator's)", () => {
  const rolls = (seed: number, count: number, faces: number): number[] => {
    const dice = seededDice(seed);
    return Array.from({ length: count }, () => dice.roll(faces));
  };

  it("give the same faces for the same seed, so an odds estimate can be repeated", () => {
    expect(rolls(7, 50, 10)).toEqual(rolls(7, 50, 10));
    expect(rolls(7, 50, 10)).not.toEqual(rolls(8, 50, 10));
  });

  it("roll every face of the die, each about as often, and none outside it", () => {
    const faces = rolls(1, 6000, 6);
    for (let face = 1; face <= 6; face += 1) {
      const count = faces.filter((rolled) => rolled === face).length;
      expect(count, `face ${face}`).toBeGreaterThan(850);
      expect(count, `face ${face}`).toBeLessThan(1150);
    }
    expect(faces.every((face) => Number.isInteger(face) && face >= 1 && face <= 6)).toBe(true);
  });
});

describe("fixed dice (worked examples)", () => {
  it("hand out the faces in order and count what is left", () => {
    const dice = fixedDice([3, 10, 1]);
    expect([dice.roll(6), dice.roll(10), dice.roll(4)]).toEqual([3, 10, 1]);
    expect(dice.remaining()).toBe(0);
  });

  it("refuse a face the die does not have, so a scenario cannot pass by accident", () => {
    expect(() => fixedDice([0]).roll(6)).toThrow("fixedDice: face 0 does not fit a d6");
    expect(() => fixedDice([7]).roll(6)).toThrow("fixedDice: face 7 does not fit a d6");
    expect(fixedDice([6]).roll(6)).toBe(6);
  });

  it("refuse a roll nobody supplied a face for", () => {
    const dice = fixedDice([2]);
    dice.roll(4);
    expect(() => dice.roll(8)).toThrow("fixedDice: no face left for a d8 (used 1)");
  });
});
