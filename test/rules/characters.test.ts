/** RULES §1 characters: die steps, the plain check modifier, attributes at 0, derived states, fighting. */
import { describe, expect, it } from "vitest";
import {
  abilityModifier,
  fightBlocker,
  isBloodied,
  isHarmed,
  stepDown,
  stepUp,
  zeroAttributeOutcome,
} from "../../src/rules/characters";

describe("die sizes", () => {
  it("step up one size from no die to d12, and no further", () => {
    expect([0, 4, 6, 8, 10, 12].map((rating) => stepUp(rating as 0 | 4 | 6 | 8 | 10 | 12))).toEqual([
      4, 6, 8, 10, 12, 12,
    ]);
  });

  it("step down one size from d12 to no die", () => {
    expect([12, 10, 8, 6, 4, 0].map((rating) => stepDown(rating as 0 | 4 | 6 | 8 | 10 | 12))).toEqual([
      10, 8, 6, 4, 0, 0,
    ]);
  });

  it("give a plain check (size − 6) ÷ 2, and no die −3", () => {
    expect([0, 4, 6, 8, 10, 12].map((rating) => abilityModifier(rating as 0 | 4 | 6 | 8 | 10 | 12))).toEqual([
      -3, -1, 0, 1, 2, 3,
    ]);
  });
});

describe("an attribute at 0", () => {
  it("kills through STR or CON, paralyses through DEX, leaves WIS delirious, INT and CHA unable to act", () => {
    expect(
      (["str", "con", "dex", "wis", "int", "cha"] as const).map((attribute) =>
        zeroAttributeOutcome(attribute),
      ),
    ).toEqual(["dead", "dead", "paralysed", "delirious", "unable-to-act", "unable-to-act"]);
  });
});

describe("derived states", () => {
  it("harmed at half endurance or less, bloodied below full health", () => {
    expect(isHarmed({ value: 5, max: 10 })).toBe(true);
    expect(isHarmed({ value: 6, max: 10 })).toBe(false);
    expect(isBloodied({ value: 9, max: 10 })).toBe(true);
    expect(isBloodied({ value: 10, max: 10 })).toBe(false);
  });
});

describe("who may fight", () => {
  const preventing = ["unconscious", "dead"] as const;

  it("nobody held by a condition that takes turns away: the first such condition is named", () => {
    expect(fightBlocker(["prone", "dead", "unconscious"], 0, preventing)).toEqual({
      kind: "condition",
      condition: "unconscious",
    });
    expect(fightBlocker(["unconscious"], 6, preventing)).toEqual({
      kind: "condition",
      condition: "unconscious",
    });
  });

  it("nobody at exhaustion 5 or more; 4 still fights", () => {
    expect(fightBlocker(["prone"], 5, preventing)).toEqual({ kind: "exhausted", exhaustion: 5 });
    expect(fightBlocker(["prone"], 4, preventing)).toBeNull();
  });
});
