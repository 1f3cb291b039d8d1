import { describe, expect, it } from "vitest";
import { fixedDice } from "../../src/rules/dice";
import { checkMorale } from "../../src/rules/morale";
import { resolveRetreatAction, retreatTestOf } from "../../src/rules/retreat-action";
import { resolveTest } from "../../src/rules/tests";
import type { DieRating } from "../../src/rules/dice";

describe("the retreat test (a full test, RULES §2/§7.1)", () => {
  const dexTest = (dex: DieRating, modifier: number, difficulty: number, faces: number[]) =>
    retreatTestOf(
      dex,
      resolveTest(
        {
          attribute: dex,
          skill: 0,
          proficient: false,
          modifiers: modifier ? [{ label: "GM", value: modifier }] : [],
        },
        difficulty,
        fixedDice(faces),
      ),
    );

  it("rolls the DEX die and the luck die, plus modifiers, against the GM's difficulty", () => {
    expect(dexTest(8, 1, 6, [5, 10])).toEqual({
      die: 8,
      faces: [5],
      modifier: 1,
      luck: 10,
      luckBonus: 0,
      lucky: false,
      total: 6,
      difficulty: 6,
      success: true,
    });
    expect(dexTest(8, 1, 7, [5, 10]).success).toBe(false);
  });

  it("a luck of 20 adds +4, as on any test", () => {
    expect(dexTest(8, 0, 7, [3, 20])).toMatchObject({ modifier: 4, lucky: true, total: 7, success: true });
  });

  it("with DEX at 0 there is no die, only the modifiers", () => {
    expect(dexTest(0, 2, 3, [10])).toMatchObject({ faces: [], total: 2, success: false });
  });
});

describe("a retreat attempt", () => {
  const plain = { attribute: 10, skill: 0, proficient: false, modifiers: [] } as const;
  const passed = retreatTestOf(10, resolveTest(plain, 6, fixedDice([9, 10])));
  const failed = retreatTestOf(10, resolveTest(plain, 6, fixedDice([2, 10])));
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

  it("a character without followers asks no morale check", () => {
    const result = resolveRetreatAction({ actorId: "hero", test: passed, hit: false, followerIds: [] });
    expect(result).toMatchObject({ outcome: "retreated", followerMorale: null });
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
