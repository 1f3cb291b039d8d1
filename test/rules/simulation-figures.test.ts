/**
 * The figures the tracker and the planner show from many simulated fights: each chance with Wilson's
 * interval, each expectation with the interval of its mean, and the foes by how dangerous they were.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_FIGHTS,
  emptyTally,
  encounterOdds,
  addOutcome,
  meanInterval,
  shownMean,
  shownPercent,
  summarise,
  wilson,
  Z_95,
  type FightOutcome,
} from "../../src/rules/simulation";
import { encounter, fighter, prepared } from "./simulation-fixtures";

/** The mean of a sample and the 95% margin from its sample standard deviation, computed plainly. */
function sampleInterval(values: readonly number[]) {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, margin: Z_95 * Math.sqrt(variance / values.length) };
}

describe("a chance's interval (Wilson's score interval)", () => {
  it("3 of 10 gives the textbook interval 0.108–0.603, and the margin is its wider side", () => {
    const estimate = wilson(3, 10);
    expect(estimate.value).toBe(0.3);
    expect(estimate.low).toBeCloseTo(0.1078, 4);
    expect(estimate.high).toBeCloseTo(0.6032, 4);
    expect(estimate.margin).toBeCloseTo(0.6032 - 0.3, 4);
  });

  it("before any fight the chance is unknown: the interval is the whole of 0–100 %", () => {
    expect(wilson(0, 0)).toEqual({ value: 0, margin: 1, low: 0, high: 1 });
    expect(shownPercent(wilson(0, 0))).toEqual({ value: 0, margin: 100 });
  });
});

describe("an expectation's interval (the normal interval of a mean)", () => {
  it("rounds 1, 2, 3 and 4 give 2.5 ± 1.96 × the standard error", () => {
    const estimate = meanInterval(1 + 2 + 3 + 4, 1 + 4 + 9 + 16, 4);
    const expected = sampleInterval([1, 2, 3, 4]);
    expect(estimate.value).toBe(2.5);
    expect(estimate.margin).toBeCloseTo(expected.margin, 10);
    expect(estimate.low).toBeCloseTo(2.5 - expected.margin, 10);
    expect(estimate.high).toBeCloseTo(2.5 + expected.margin, 10);
  });

  it("one fight says nothing about the spread, and no fight gives zeros, never NaN", () => {
    expect(meanInterval(3, 9, 1)).toEqual({ value: 3, margin: 0, low: 3, high: 3 });
    expect(meanInterval(0, 0, 0)).toEqual({ value: 0, margin: 0, low: 0, high: 0 });
  });

  it("a mean is shown to one decimal with its margin rounded up: 2.5 ± 0.25 → 2.5 ± 0.3", () => {
    expect(shownMean({ value: 2.46, margin: 0.25, low: 2.21, high: 2.71 })).toEqual({
      value: 2.5,
      margin: 0.3,
    });
    // A margin already whole is not rounded up past itself.
    expect(shownPercent({ value: 0.5, margin: 0.03, low: 0.47, high: 0.53 })).toEqual({
      value: 50,
      margin: 3,
    });
  });
});

describe("the odds summed up from fights", () => {
  // Party a, b, c (fighters 0–2) against foes x and y (3 and 4).
  const fight = prepared(
    encounter([
      fighter("a", "party"),
      fighter("b", "party"),
      fighter("c", "party"),
      fighter("x", "foes"),
      fighter("y", "foes"),
    ]),
  );
  const outcome = (
    result: FightOutcome["result"],
    rounds: number,
    partyDeaths: number,
    partyTakenOut: number,
    damageDealt: number[],
    tookOut: number[],
  ): FightOutcome => ({ result, rounds, partyDeaths, partyTakenOut, damageDealt, tookOut });
  const outcomes = [
    outcome("party", 2, 0, 1, [5, 0, 4, 3, 7], [1, 0, 1, 1, 1]),
    // Beaten without a death (luck held): retreating would still have been better.
    outcome("foes", 5, 0, 3, [1, 1, 1, 9, 2], [0, 0, 0, 2, 1]),
    outcome("retreat", 3, 0, 2, [2, 2, 2, 4, 4], [1, 0, 0, 1, 1]),
    outcome("stalemate", 30, 0, 0, [0, 0, 0, 0, 10], [0, 0, 0, 0, 0]),
    // Won, at the cost of two lives.
    outcome("party", 4, 2, 1, [3, 3, 3, 1, 1], [1, 1, 0, 0, 1]),
  ];
  /** Summed inside each test, so a mutation tool sees which test reads which line. */
  function summed(list: readonly FightOutcome[] = outcomes) {
    const tally = emptyTally(5);
    for (const o of list) addOutcome(tally, o);
    return summarise(fight, tally);
  }

  it("counts each result apart: won 2 of 5, lost 1, retreated 1, stalemate 1", () => {
    const odds = summed();
    expect(odds.fights).toBe(5);
    expect(odds.partyWins).toEqual(wilson(2, 5));
    expect(odds.foesWin).toEqual(wilson(1, 5));
    expect(odds.retreats).toEqual(wilson(1, 5));
    expect(odds.stalemates).toEqual(wilson(1, 5));
  });

  it("a death in 1 fight of 5; retreating would have been better in 2 (a death, or a lost fight)", () => {
    const odds = summed();
    expect(odds.anyDeath).toEqual(wilson(1, 5));
    expect(odds.retreatBetter).toEqual(wilson(2, 5));
  });

  it("deaths, characters taken out and rounds as means with their intervals", () => {
    const odds = summed();
    const expectMean = (estimate: { value: number; margin: number }, values: number[]) => {
      const expected = sampleInterval(values);
      expect(estimate.value).toBeCloseTo(expected.mean, 10);
      expect(estimate.margin).toBeCloseTo(expected.margin, 10);
    };
    expectMean(odds.deaths, [0, 0, 0, 0, 2]);
    expectMean(odds.takenOut, [1, 3, 2, 0, 1]);
    expectMean(odds.rounds, [2, 5, 3, 30, 4]);
  });

  it("the foes by threat: most characters taken out first, then most damage on a tie", () => {
    const odds = summed();
    // x and y both took out 4 characters in 5 fights; y dealt 24, x 17.
    expect(odds.threats).toEqual([
      { id: "y", name: "y", damage: 24 / 5, takesOut: 4 / 5 },
      { id: "x", name: "x", damage: 17 / 5, takesOut: 4 / 5 },
    ]);
    // The other way round: x dealt more in a tie, so x leads.
    const xAhead = summed([outcome("party", 1, 0, 0, [0, 0, 0, 9, 2], [0, 0, 0, 1, 1])]);
    expect(xAhead.threats.map((t) => t.id)).toEqual(["x", "y"]);
  });

  it("before the first fight every figure is zero or unknown, none NaN", () => {
    const none = summarise(fight, emptyTally(5));
    expect(none.partyWins).toEqual({ value: 0, margin: 1, low: 0, high: 1 });
    expect(none.rounds).toEqual({ value: 0, margin: 0, low: 0, high: 0 });
    expect(none.threats.map((t) => [t.damage, t.takesOut])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

describe("how many fights", () => {
  const stalemate = encounter([
    fighter("a", "party", { weapons: [] }),
    fighter("x", "foes", { weapons: [] }),
  ]);

  it("runs the number of fights asked for, and the planner's default when none is asked", () => {
    const asked = encounterOdds(stalemate, { fights: 37 });
    const byDefault = encounterOdds(stalemate);
    if (typeof asked === "string" || typeof byDefault === "string") throw new Error("refused");
    expect(asked.fights).toBe(37);
    expect(byDefault.fights).toBe(DEFAULT_FIGHTS);
  });
});
