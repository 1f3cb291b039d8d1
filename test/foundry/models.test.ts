import { describe, expect, it } from "vitest";
import { DataModelValidationError } from "../fake-foundry/fields";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterData, NpcData, WeaponData, ArmourData, InjuryData } = await import("../../src/data");

describe("actor data", () => {
  it("starts from the rules' defaults", () => {
    const data = new CharacterData({}, {});
    expect(data.endurance).toEqual({ value: 10, max: 10 });
    expect(data.health).toEqual({ value: 10, max: 10 });
    expect(data.stamina).toEqual({ value: 3, max: 3 });
    expect(data.evasion).toBe(6);
    expect(data.size).toBe(4);
    expect(data.speed).toBe(6);
    expect(data.luck).toEqual({ bonus: 0, deathDifficulty: 10 });
    expect(data.attributes.dex.die).toBe(6);
    expect(data.skills.heal.die).toBe(0);
    expect(data.exhaustion).toBe(0);
  });

  it("repairs a stored die size that does not exist, and rejects an unknown choice, saying which field and why", () => {
    expect(new CharacterData({ attributes: { str: { die: 7 } } }, {}).attributes.str.die).toBe(6);
    expect(() => new CharacterData({ death: { pending: "banana" } } as never, {})).toThrow(
      DataModelValidationError,
    );
    expect(() => new CharacterData({ death: { pending: "banana" } } as never, {})).toThrow(
      /death\.pending: "banana" is not a valid choice/,
    );
    expect(() => new CharacterData({ size: 9 }, {})).not.toThrow();
    expect(new CharacterData({ size: 9 }, {}).size).toBe(7);
  });

  it("clamps negative pools and exhaustion beyond 6 while cleaning", () => {
    const data = new CharacterData({ health: { value: -3, max: 12 }, exhaustion: 11 }, {});
    expect(data.health.value).toBe(0);
    expect(data.exhaustion).toBe(6);
  });

  it("derives harmed, bloodied, the exhaustion penalty and the strain maximum", async () => {
    const actor = await Actor.implementation.create({
      name: "Derived",
      type: "character",
      system: {
        endurance: { value: 5, max: 10 },
        health: { value: 9, max: 10 },
        exhaustion: 2,
        attributes: { con: { die: 8 } },
      },
    });
    const system = actor?.system as unknown as {
      harmed: boolean;
      bloodied: boolean;
      testPenalty: number;
      strain: { max: number };
    };
    expect(system).toMatchObject({ harmed: true, bloodied: true, testPenalty: -2, strain: { max: 8 } });
  });

  it("marks an actor incapacitated when an attribute is stepped below d4", async () => {
    const actor = await Actor.implementation.create({
      name: "Feeble",
      type: "character",
      system: { attributes: { dex: { die: 4 } } },
      effects: [
        {
          name: "Crippled",
          changes: [{ key: "system.attributes.dex.steps", mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: "1" }],
        },
      ],
    });
    const system = actor?.system as unknown as {
      attributes: { dex: { value: number } };
      incapacitation: string | null;
    };
    expect(system.attributes.dex.value).toBe(0);
    expect(system.incapacitation).toBe("paralysed");
  });

  it("loads an older source shape: bare die sizes and a top-level death difficulty", () => {
    // An old world's data does not match today's source types; that is the point.
    const old = { attributes: { str: 8, con: 4 }, skills: { combat: 6 }, deathDifficulty: 15 };
    const data = new NpcData(old as never, {});
    expect(data.attributes.str.die).toBe(8);
    expect(data.attributes.con.die).toBe(4);
    expect(data.skills.combat.die).toBe(6);
    expect(data.luck.deathDifficulty).toBe(15);
  });
});

describe("item data", () => {
  it("fills durability from the material when none is listed", () => {
    const wood = new WeaponData({}, {});
    wood.prepareDerivedData();
    const steel = new ArmourData({ metal: true, durability: { value: 0, max: null } }, {});
    steel.prepareDerivedData();
    expect(wood.condition).toEqual({ value: 4, max: 4, broken: false });
    expect(steel.condition).toEqual({ value: 0, max: 10, broken: true });
  });

  it("rejects a damage type that is not one of Brink's", () => {
    expect(() => new WeaponData({ damageType: "sonic" }, {})).toThrow(/damageType/);
  });

  it("loads an older weapon shape: crit fields renamed and properties as text", () => {
    const old = { critThreshold: 19, critDamage: 8, properties: "thrown, nonlethal" };
    const spear = new WeaponData(old as never, {});
    expect(spear.criticalThreshold).toBe(19);
    expect(spear.criticalDamage).toBe(8);
    expect([...spear.properties].sort()).toEqual(["nonlethal", "thrown"]);
  });

  it("keeps an injury's healing progress", () => {
    const injury = new InjuryData({ kind: "minor", attribute: "dex", progress: { value: 2 } }, {});
    expect(injury.progress).toEqual({ value: 2, max: 3 });
    expect(() => new InjuryData({ attribute: "luck" } as never, {})).toThrow(/attribute/);
  });
});
