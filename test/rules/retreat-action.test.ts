import { describe, expect, it } from "vitest";
import { fixedDice } from "../../src/rules/dice";
import { checkMorale } from "../../src/rules/morale";
import { resolveRetreatAction, rollRetreatTest } from "../../src/rules/retreat-action";

describe("the retreat test", () => {
  it("rolls the DEX die plus modifiers against the GM's difficulty", () => {
    expect(rollRetreatTest(8, 1, 6, fixedDice([5]))).toEqual({
      die: 8,
      faces: [5],
      modifier: 1,
      total: 6,
      difficulty: 6,
      success: true,
    });
    expect(rollRetreatTest(8, 1, 7, fixedDice([5])).success).toBe(false);
  });

  it("with DEX at 0 there is no die, only the modifiers", () => {
    const dice = fixedDice([]);
    expect(rollRetreatTest(0, 2, 3, dice)).toMatchObject({ faces: [], total: 2, success: false });
  });
});

describe("a retreat attempt", () => {
  const passed = rollRetreatTest(10, 0, 6, fixedDice([9]));
  const failed = rollRetreatTest(10, 0, 6, fixedDice([2]));
  const followers = ["torchbearer", "porter"];

  it("succeeds: the character is retreated, its turn ends, its followers check morale at disadvantage", () => {
    const result = resolveRetreatAction({
      actorId: "hero",
      test: passed,
      hit: false,
      followerIds: followers,
    });
    expect(result).toEqual({
      actorId: "hero",
      outcome: "retreated",
      endsTurn: true,
      addStatuses: ["retreated"],
      followerMorale: { subjectIds: followers, options: { scope: "individual", disadvantage: true } },
    });
  });

  it("a failed test stops it, still costing the whole turn", () => {
    const result = resolveRetreatAction({
      actorId: "hero",
      test: failed,
      hit: false,
      followerIds: followers,
    });
    expect(result).toMatchObject({
      outcome: "stopped-by-test",
      endsTurn: true,
      addStatuses: [],
      followerMorale: null,
    });
  });

  it("any hit stops it, even after a passed test", () => {
    const result = resolveRetreatAction({ actorId: "hero", test: passed, hit: true, followerIds: [] });
    expect(result).toMatchObject({ outcome: "stopped-by-hit", addStatuses: [] });
  });

  it("when the GM lets enemies attack instead of a test, getting through unhit is enough", () => {
    expect(resolveRetreatAction({ actorId: "hero", test: null, hit: false, followerIds: [] }).outcome).toBe(
      "retreated",
    );
    expect(resolveRetreatAction({ actorId: "hero", test: null, hit: true, followerIds: [] }).outcome).toBe(
      "stopped-by-hit",
    );
  });

  it("the followers' check really is at disadvantage", () => {
    const result = resolveRetreatAction({
      actorId: "hero",
      test: passed,
      hit: false,
      followerIds: ["torchbearer"],
    });
    if (!result.followerMorale) throw new Error("expected a follower morale check");
    const check = checkMorale(
      [{ id: "torchbearer", kind: "npc", moraleBonus: 0, group: "hireling" }],
      result.followerMorale.options,
      fixedDice([18, 3]),
    );
    expect(check.routedIds).toEqual(["torchbearer"]);
  });
});
