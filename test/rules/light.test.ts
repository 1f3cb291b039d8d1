/** RULES §7.5, light: which rolls each light level helps or hinders, and darksight in darkness. */
import { describe, expect, it } from "vitest";
import { lightAdvantage, lightLevelOf, type LitRoll } from "../../src/rules/light";

const skill = (name: LitRoll["skill"]): LitRoll => ({ attack: false, defence: false, skill: name });
const attack = (delivery: LitRoll["delivery"]): LitRoll => ({
  attack: true,
  defence: false,
  skill: null,
  delivery,
});
const dodge = (delivery?: LitRoll["delivery"]): LitRoll => ({
  attack: false,
  defence: true,
  skill: null,
  delivery,
});

describe("the light a creature stands in", () => {
  it("is the darkest light condition it has, or none", () => {
    expect(lightLevelOf(new Set(["prone", "brilliant-light", "darkness"]))).toBe("darkness");
    expect(lightLevelOf(new Set(["dim-light", "brilliant-light"]))).toBe("dim-light");
    expect(lightLevelOf(new Set(["brilliant-light"]))).toBe("brilliant-light");
    expect(lightLevelOf(new Set(["prone"]))).toBeNull();
  });
});

describe("darkness", () => {
  it("helps Sneak and hinders every attack, both defence tests and Notice", () => {
    expect(lightAdvantage("darkness", skill("sneak"), false)).toBe(1);
    for (const roll of [attack("melee"), attack("projectile"), dodge(), skill("notice")])
      expect(lightAdvantage("darkness", roll, false), JSON.stringify(roll)).toBe(-1);
    expect(lightAdvantage("darkness", skill("athletics"), false)).toBe(0);
  });

  it("turns each of those hindrances into help for a creature with darksight", () => {
    for (const roll of [attack("melee"), dodge(), skill("notice")])
      expect(lightAdvantage("darkness", roll, true), JSON.stringify(roll)).toBe(1);
    expect(lightAdvantage("darkness", skill("athletics"), true)).toBe(0);
  });
});

describe("dim light", () => {
  it("helps Sneak, hinders ranged attacks, dodging them, and Notice", () => {
    expect(lightAdvantage("dim-light", skill("sneak"), false)).toBe(1);
    for (const roll of [
      attack("thrown"),
      attack("projectile"),
      dodge("thrown"),
      dodge("projectile"),
      skill("notice"),
    ])
      expect(lightAdvantage("dim-light", roll, false), JSON.stringify(roll)).toBe(-1);
  });

  it("does nothing to a melee attack, a dodge of one, or other skills", () => {
    for (const roll of [attack("melee"), dodge("melee"), dodge(), skill("survival")])
      expect(lightAdvantage("dim-light", roll, false), JSON.stringify(roll)).toBe(0);
  });
});

describe("brilliant light", () => {
  it("helps Survival and Notice, hinders Sneak and projectile attacks", () => {
    expect(lightAdvantage("brilliant-light", skill("survival"), false)).toBe(1);
    expect(lightAdvantage("brilliant-light", skill("notice"), false)).toBe(1);
    expect(lightAdvantage("brilliant-light", skill("sneak"), false)).toBe(-1);
    expect(lightAdvantage("brilliant-light", attack("projectile"), false)).toBe(-1);
  });

  it("does nothing to thrown or melee attacks, dodging a projectile, or other skills", () => {
    for (const roll of [attack("thrown"), attack("melee"), dodge("projectile"), skill("athletics")])
      expect(lightAdvantage("brilliant-light", roll, false), JSON.stringify(roll)).toBe(0);
  });
});
