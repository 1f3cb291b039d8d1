import { describe, expect, it } from "vitest";
import { remainingOf, startTimer, tick, type ConditionTimer } from "../../src/rules/condition-durations";

/** RULES §9: conditions that end by themselves at a moment of Brink's team order. */

const cover: ConditionTimer = { status: "in-cover", expiry: "ownTurnStart", count: 1 };
const guard: ConditionTimer = { status: "guarding", expiry: "ownTurnStart", count: 1 };
const rallied: ConditionTimer = { status: "surprised", expiry: "roundEnd", count: 2 };
const shaken: ConditionTimer = { status: "disoriented", expiry: "rest", count: 1 };
const braced: ConditionTimer = { status: "prone", expiry: "ownTurnEnd", count: 1 };

describe("starting a timed condition", () => {
  it("adds the condition and its timer, replacing an older timer for the same condition", () => {
    const started = startTimer(["prone"], [{ ...cover, count: 3 }], "in-cover", "ownTurnStart");
    expect(started.conditions).toEqual(["prone", "in-cover"]);
    expect(started.timers).toEqual([cover]);
  });

  it("keeps the timers of other conditions, and the condition once when it is already on", () => {
    const started = startTimer(["in-cover"], [guard, cover], "in-cover", "ownTurnStart");
    expect(started.conditions).toEqual(["in-cover"]);
    expect(started.timers).toEqual([guard, cover]);
  });

  it("lasts until one rest however many rounds are asked, and the own-turn skip is for 'end of its turn' only", () => {
    expect(startTimer([], [], "disoriented", "rest", { rounds: 3 }).timers).toEqual([shaken]);
    expect(startTimer([], [], "surprised", "roundEnd", { rounds: 2, inOwnTurn: true }).timers).toEqual([
      rallied,
    ]);
    expect(startTimer([], [], "in-cover", "ownTurnStart", { inOwnTurn: true }).timers).toEqual([cover]);
  });

  it("lasts N rounds when asked", () => {
    expect(startTimer([], [], "surprised", "roundEnd", { rounds: 2 }).timers).toEqual([rallied]);
  });

  it("set during the character's own turn, 'until the end of its next turn' skips the end of this one", () => {
    const started = startTimer([], [], "prone", "ownTurnEnd", { inOwnTurn: true });
    expect(started.timers).toEqual([{ ...braced, count: 2 }]);
    expect(startTimer([], [], "prone", "ownTurnEnd").timers).toEqual([braced]);
  });
});

describe("what ends on each event", () => {
  const conditions = ["in-cover", "guarding", "surprised", "disoriented", "prone", "unconscious"];
  const timers = [cover, guard, rallied, shaken, braced];

  it("the start of the character's own turn ends 'until its next turn' (cover and Guard together)", () => {
    const result = tick(conditions, timers, "ownTurnStart");
    expect(result?.ended).toEqual(["in-cover", "guarding"]);
    expect(result?.conditions).toEqual(["surprised", "disoriented", "prone", "unconscious"]);
    expect(result?.timers).toEqual([rallied, shaken, braced]);
  });

  it("the end of its own turn ends 'until the end of its turn'", () => {
    const result = tick(conditions, timers, "ownTurnEnd");
    expect(result?.ended).toEqual(["prone"]);
    expect(result?.timers).toEqual([cover, guard, rallied, shaken]);
  });

  it("a round's end counts down 'N rounds' and ends it at the last", () => {
    const first = tick(conditions, timers, "roundEnd");
    expect(first?.ended).toEqual([]);
    expect(first?.timers).toContainEqual({ ...rallied, count: 1 });
    const second = tick(first?.conditions ?? [], first?.timers ?? [], "roundEnd");
    expect(second?.ended).toEqual(["surprised"]);
  });

  it("a rest ends 'until the next rest' and nothing else", () => {
    const result = tick(conditions, timers, "rest");
    expect(result?.ended).toEqual(["disoriented"]);
    expect(result?.timers).toEqual([cover, guard, rallied, braced]);
  });

  it("the end of the combat ends everything counted in turns and rounds, not what lasts until a rest", () => {
    const result = tick(conditions, timers, "combatEnd");
    expect(result?.ended).toEqual(["in-cover", "guarding", "surprised", "prone"]);
    expect(result?.conditions).toEqual(["disoriented", "unconscious"]);
    expect(result?.timers).toEqual([shaken]);
  });

  it("an untimed condition is never ended, and nothing to change is null (no write)", () => {
    expect(tick(["prone"], [], "ownTurnStart")).toBeNull();
    expect(tick(["surprised"], [rallied], "ownTurnStart")).toBeNull();
  });

  it("a timer whose condition was taken off by hand is dropped, not brought back", () => {
    const result = tick(["prone"], [cover], "roundEnd");
    expect(result).toEqual({ conditions: ["prone"], timers: [], ended: [] });
  });
});

describe("the time left", () => {
  it("in the character's turns, this turn counted when it is acting", () => {
    expect(remainingOf(cover, { acting: false })).toEqual({ moment: "turnStart", turns: 1 });
    expect(remainingOf({ ...braced, count: 2 }, { acting: true })).toEqual({ moment: "turnEnd", turns: 1 });
    expect(remainingOf(braced, { acting: true })).toEqual({ moment: "turnEnd", turns: 0 });
  });

  it("in rounds, or until a rest", () => {
    expect(remainingOf(rallied, { acting: false })).toEqual({ moment: "roundEnd", rounds: 2 });
    expect(remainingOf(shaken, { acting: false })).toEqual({ moment: "rest" });
  });
});
