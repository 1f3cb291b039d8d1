/** RULES §3 actions with allies: Resuscitate (whom it wakes, its test), Resist's test, Intercept. */
import { describe, expect, it } from "vitest";
import {
  interceptedOutcome,
  RESIST_ATTRIBUTE,
  RESUSCITATE_TEST,
  resuscitateRefusal,
  withProne,
  wokenConditions,
} from "../../src/rules/allies";
import type { Defender, TargetOutcome } from "../../src/rules/attacks";

describe("Resuscitate", () => {
  it("is a WIS + Heal test against 10, the difficulty of stabilising without tools", () => {
    expect(RESUSCITATE_TEST).toEqual({ attribute: "wis", skill: "heal", difficulty: 10 });
    expect(RESIST_ATTRIBUTE).toBe("wis");
  });

  it("wakes the unconscious only: not the dead, not the conscious, not the downed", () => {
    expect(resuscitateRefusal(new Set(["unconscious"]), false)).toBeUndefined();
    expect(resuscitateRefusal(new Set(["unconscious", "dead"]), false)).toBe("dead");
    expect(resuscitateRefusal(new Set(["prone"]), false)).toBe("not-unconscious");
    expect(resuscitateRefusal(new Set(["unconscious"]), true)).toBe("downed");
  });

  it("takes off unconscious and stable, nothing else; its taker goes prone once", () => {
    expect(wokenConditions(["unconscious", "stable", "bleeding", "prone"])).toEqual(["bleeding", "prone"]);
    expect(withProne(["bleeding"])).toEqual(["bleeding", "prone"]);
    expect(withProne(["prone", "bleeding"])).toEqual(["prone", "bleeding"]);
  });
});

describe("Intercept", () => {
  const original: TargetOutcome = {
    intendedId: "ward",
    targetId: "ward",
    strayed: false,
    defences: { sizeDifference: 0, evasion: 8, deflection: { physical: 1, elemental: 0 } },
    hit: true,
    rawDamage: 16, // a total of 12 and a weapon's 4
    deflection: 1,
    damage: 15,
  };
  const roll = { total: 12, critical: false, damageType: "slashing" as const, attackerSize: 0 };
  const guard = (evasion: number, physical = 2): Defender => ({
    id: "guard",
    evasion,
    deflection: { physical, elemental: 0 },
    size: 0,
  });

  it("puts the same total and the weapon's damage on the interceptor, through its deflection", () => {
    expect(interceptedOutcome(original, roll, guard(10))).toEqual({
      intendedId: "ward",
      targetId: "guard",
      strayed: false,
      defences: { sizeDifference: 0, evasion: 10, deflection: { physical: 2, elemental: 0 } },
      hit: true,
      rawDamage: 16,
      deflection: 2,
      damage: 14,
    });
  });

  it("hits on a total equal to the interceptor's evasion, misses below it unless critical", () => {
    expect(interceptedOutcome(original, roll, guard(12)).hit).toBe(true);
    const miss = interceptedOutcome(original, roll, guard(13));
    expect(miss).toMatchObject({ hit: false, rawDamage: 0, damage: 0 });
    expect(interceptedOutcome(original, { ...roll, critical: true }, guard(13)).hit).toBe(true);
  });
});
