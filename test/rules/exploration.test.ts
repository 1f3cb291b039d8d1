import { describe, expect, it } from "vitest";
import { fixedDice } from "../../src/rules/dice";
import {
  CORRUPTION_DIFFICULTY,
  checkCorruption,
  damageAttribute,
  stepsBetween,
} from "../../src/rules/exploration/corruption";
import { burnHour, isLightSource, refillBlock, type LightState } from "../../src/rules/exploration/light";
import { checkResilience } from "../../src/rules/exploration/resilience";
import { bestModifier, returnDifficulty, rollToReturn } from "../../src/rules/exploration/return";
import { rangeIndexFor, rollTravelTurn } from "../../src/rules/exploration/travel-turn";

describe("a travel turn (RULES §7.5)", () => {
  it("reads one d20 when the party goes steadily", () => {
    expect(rollTravelTurn("steady", fixedDice([7]))).toEqual({ approach: "steady", faces: [7], face: 7 });
  });

  it("keeps the higher of two d20 when the party is cautious and the lower when it hurries", () => {
    expect(rollTravelTurn("cautious", fixedDice([4, 15])).face).toBe(15);
    expect(rollTravelTurn("hasty", fixedDice([4, 15])).face).toBe(4);
  });

  it("finds the table row a face falls in", () => {
    const ranges: [number, number][] = [
      [1, 1],
      [2, 10],
      [11, 19],
      [20, 20],
    ];
    expect([1, 2, 10, 11, 19, 20].map((face) => rangeIndexFor(face, ranges))).toEqual([0, 1, 1, 2, 2, 3]);
    expect(rangeIndexFor(21, ranges)).toBe(-1);
    expect(rangeIndexFor(0, ranges)).toBe(-1);
  });
});

describe("light sources burning through travel turns", () => {
  const torch: LightState = { hours: 1, left: null, quantity: 3, lit: true, consumed: true };
  const lantern: LightState = { hours: 3, left: null, quantity: 1, lit: true, consumed: false };

  it("uses up a lit torch in one hour: one fewer, and none lit", () => {
    expect(burnHour(torch)).toEqual({
      event: "burnt-out",
      hoursLeft: 0,
      after: { ...torch, quantity: 2, left: null, lit: false },
    });
  });

  it("keeps a lantern burning for three hours, then it runs dry and goes out", () => {
    const first = burnHour(lantern);
    expect(first).toMatchObject({ event: "burning", hoursLeft: 2, after: { left: 2, lit: true } });
    const second = burnHour(first!.after);
    const third = burnHour(second!.after);
    expect(third).toMatchObject({ event: "burnt-out", after: { left: 0, lit: false, quantity: 1 } });
  });

  it("burns nothing that is not lit", () => {
    expect(burnHour({ ...torch, lit: false })).toBeNull();
  });

  it("says a source held lit with nothing left is dark, and changes nothing", () => {
    const dry = { ...lantern, left: 0 };
    expect(burnHour(dry)).toEqual({ event: "dark", after: dry, hoursLeft: 0 });
    expect(burnHour({ ...torch, quantity: 0 })?.event).toBe("dark");
  });
});

describe("rolling to return", () => {
  it("sets the difficulty at 10 plus the travel turns, never above 20", () => {
    expect([0, 4, 10, 15].map(returnDifficulty)).toEqual([10, 14, 20, 20]);
  });

  it("takes the best attribute modifier, plus proficiency when the character has any", () => {
    expect(bestModifier([6, 10, 4], false)).toBe(2);
    expect(bestModifier([6, 12], true)).toBe(4);
  });

  it("reproduces S1's example: DC 14, a +6 rolling 11 returns, a +5 rolling 7 drops 2 load on an arduous path", () => {
    const difficulty = returnDifficulty(4);
    expect(difficulty).toBe(14);
    const first = rollToReturn(6, difficulty, "arduous", fixedDice([11]));
    expect(first.check).toMatchObject({ total: 17, success: true });
    expect(first.cost).toEqual({ shortBy: 0, damageFaces: [], damage: 0, loads: 0 });
    const second = rollToReturn(5, difficulty, "arduous", fixedDice([7]));
    expect(second.check).toMatchObject({ natural: 7, total: 12, success: false });
    expect(second.cost).toEqual({ shortBy: 2, damageFaces: [], damage: 0, loads: 2 });
  });

  it("rolls a d6 of damage per point short on a dangerous path", () => {
    const dice = fixedDice([8, 3, 6, 1]);
    const result = rollToReturn(1, 12, "dangerous", dice);
    expect(result.cost).toEqual({ shortBy: 3, damageFaces: [3, 6, 1], damage: 10, loads: 0 });
    expect(dice.remaining()).toBe(0);
  });
});

describe("resilience", () => {
  it("asks for no check while the hours are within the CON value", () => {
    expect(checkResilience(10, 10, fixedDice([]))).toEqual({
      limit: 10,
      hoursOver: 0,
      check: null,
      exhausted: false,
    });
  });

  it("checks d20 + CON modifier against 10 + the hours over; a failure exhausts", () => {
    const failed = checkResilience(8, 11, fixedDice([11]));
    expect(failed.check).toMatchObject({ total: 12, difficulty: 13, success: false });
    expect(failed).toMatchObject({ hoursOver: 3, exhausted: true });
    expect(checkResilience(8, 11, fixedDice([12])).exhausted).toBe(false);
  });
});

describe("corruption", () => {
  it("steps an attribute down by the damage to the largest die that fits, or to 0 below a d4", () => {
    expect(damageAttribute(10, 4)).toBe(6);
    expect(damageAttribute(6, 6)).toBe(0);
    expect(damageAttribute(12, 1)).toBe(10);
    expect(damageAttribute(4, 0)).toBe(4);
    expect([stepsBetween(10, 6), stepsBetween(6, 0), stepsBetween(8, 8)]).toEqual([2, 2, 0]);
  });

  it("reproduces S1's snake bite: CON d10 fails, takes 4 (d6), then fails again and takes 6 (0)", () => {
    const bite = checkCorruption(10, CORRUPTION_DIFFICULTY, null, fixedDice([5]));
    expect(bite).toMatchObject({ check: { total: 7, success: false }, damage: null, attribute: null });
    const first = checkCorruption(10, CORRUPTION_DIFFICULTY, 10, fixedDice([3, 4]));
    expect(first).toMatchObject({ damage: 4, attribute: { before: 10, after: 6 } });
    const second = checkCorruption(6, CORRUPTION_DIFFICULTY, 6, fixedDice([2, 6]));
    expect(second).toMatchObject({ damage: 6, attribute: { before: 6, after: 0 } });
  });

  it("deals nothing when the check succeeds", () => {
    const dice = fixedDice([11]);
    expect(checkCorruption(6, 11, 6, dice)).toMatchObject({
      check: { success: true },
      damage: null,
      attribute: null,
    });
    expect(dice.remaining()).toBe(0);
  });
});

describe("refilling a lantern (S1: a flask of oil for its full hours)", () => {
  it("refills a lantern that has burnt some or all of its hours", () => {
    expect(refillBlock({ hours: 3, left: 0, consumed: false })).toBeNull();
    expect(refillBlock({ hours: 3, left: 2, consumed: false })).toBeNull();
  });

  it("refuses a full one, and one never lit", () => {
    expect(refillBlock({ hours: 3, left: 3, consumed: false })).toBe("full");
    expect(refillBlock({ hours: 3, left: null, consumed: false })).toBe("full");
  });

  it("refuses what is no lantern: a torch used up as it burns, or an item that gives no light", () => {
    expect(refillBlock({ hours: 1, left: 0, consumed: true })).toBe("not-refillable");
    expect(refillBlock({ hours: null, left: null, consumed: false })).toBe("not-refillable");
    expect(refillBlock({ hours: 0, left: 0, consumed: false })).toBe("not-refillable");
  });

  it("counts as a light source only with hours to burn", () => {
    expect(isLightSource(1)).toBe(true);
    expect(isLightSource(0)).toBe(false);
    expect(isLightSource(null)).toBe(false);
  });
});
