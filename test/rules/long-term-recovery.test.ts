import { describe, expect, it } from "vitest";
import { fixedDice } from "../../src/rules/dice";
import {
  DOWNTIME_SECONDS,
  downtimeWait,
  levelHealsGained,
  recoveryChance,
  recoveryTest,
  sessionTestDue,
  successorXp,
} from "../../src/rules/long-term-recovery";

describe("the recovery test (S2: a d20 under CON)", () => {
  it("succeeds at or under the CON value and fails above it", () => {
    expect(recoveryTest(6, fixedDice([6]))).toEqual({ face: 6, con: 6, success: true });
    expect(recoveryTest(6, fixedDice([7]))).toEqual({ face: 7, con: 6, success: false });
    expect(recoveryTest(0, fixedDice([1]))).toMatchObject({ success: false });
  });

  it("gives the exact chance: CON 8 heals on 8 faces of 20", () => {
    expect(recoveryChance(8)).toBe(0.4);
    expect(recoveryChance(12)).toBe(0.6);
    expect(recoveryChance(0)).toBe(0);
  });
});

describe("a month of downtime at most once per month of world time [decision]", () => {
  it("waits out the rest of the month since the last one, and never more than a month", () => {
    expect(downtimeWait(null, 500)).toBe(0);
    expect(downtimeWait(1000, 1000)).toBe(DOWNTIME_SECONDS);
    expect(downtimeWait(1000, 1000 + DOWNTIME_SECONDS - 1)).toBe(1);
    expect(downtimeWait(1000, 1000 + DOWNTIME_SECONDS)).toBe(0);
    // World time moved back (a reverted rest): still at most a month.
    expect(downtimeWait(DOWNTIME_SECONDS * 3, 0)).toBe(DOWNTIME_SECONDS);
  });
});

describe("levels gained while permanently injured", () => {
  it("bank one heal per level above the highest reached", () => {
    expect(levelHealsGained(3, 3, 5, true)).toEqual({ heals: 2, peak: 5 });
    expect(levelHealsGained(0, 2, 3, true)).toEqual({ heals: 1, peak: 3 });
  });

  it("bank nothing without a permanent injury, but the new level still counts as reached", () => {
    expect(levelHealsGained(3, 3, 4, false)).toEqual({ heals: 0, peak: 4 });
  });

  it("bank nothing when a lowered level is raised again", () => {
    expect(levelHealsGained(5, 4, 5, true)).toEqual({ heals: 0, peak: 5 });
    expect(levelHealsGained(5, 5, 2, true)).toEqual({ heals: 0, peak: 5 });
    expect(levelHealsGained(0, 3, 3, true)).toEqual({ heals: 0, peak: 0 });
  });
});

describe("retirement", () => {
  it("starts the new character at half the XP, rounded down", () => {
    expect(successorXp(2301)).toBe(1150);
    expect(successorXp(0)).toBe(0);
  });

  it("tests CON from the end of the fourth session on", () => {
    expect([1, 2, 3, 4, 5].map(sessionTestDue)).toEqual([false, false, false, true, true]);
  });
});
