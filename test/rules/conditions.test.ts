import { describe, expect, it } from "vitest";
import { conditionsAgainst } from "../../src/rules/conditions";

describe("conditions on the target of an attack", () => {
  it("prone: advantage up close, disadvantage from afar", () => {
    expect(conditionsAgainst("melee", new Set(["prone"]))).toMatchObject({ advantages: 1, disadvantages: 0 });
    expect(conditionsAgainst("projectile", new Set(["prone"]))).toMatchObject({
      advantages: 0,
      disadvantages: 1,
    });
  });

  it("in cover: only ranged attacks suffer; prone and in cover stack for them", () => {
    expect(conditionsAgainst("melee", new Set(["in-cover"]))).toMatchObject({
      advantages: 0,
      disadvantages: 0,
    });
    expect(conditionsAgainst("thrown", new Set(["in-cover", "prone"]))).toMatchObject({ disadvantages: 2 });
  });

  it("guarding: +1 to defences", () => {
    expect(conditionsAgainst("melee", new Set(["guarding"])).defenceBonus).toBe(1);
    expect(conditionsAgainst("melee", new Set()).defenceBonus).toBe(0);
  });
});
