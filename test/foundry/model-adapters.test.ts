import { describe, expect, it } from "vitest";
import { bootBrink } from "./boot";

await bootBrink();
const { actorData, itemData, physicalData, wieldedData, InjuryData, ShieldData, WeaponData } =
  await import("../../src/data");
const { testSpecFor } = await import("../../src/documents/actor-rolls");

const ADD = () => CONST.ACTIVE_EFFECT_MODES.ADD;

/** A fighter with a serious injury to Dexterity (one step down) and a minor one to Strength (−1). */
async function woundedFighter(): Promise<Actor.Implementation> {
  const actor = await Actor.implementation.create({
    name: "Wounded",
    type: "character",
    system: {
      attributes: { str: { die: 8 }, dex: { die: 8 }, con: { die: 6 } },
      skills: { athletics: { die: 6 }, combat: { die: 10 } },
      proficiencies: ["martial"],
      luck: { bonus: 2, deathDifficulty: 12 },
      evasion: 7,
      size: 5,
      deflection: { physical: 1, elemental: 0 },
      endurance: { value: 4, max: 10 },
      strain: { value: 1 },
      conditions: ["unconscious", "prone"],
    },
    items: [
      {
        name: "Minor Injury (Strength)",
        type: "injury",
        system: { kind: "minor", attribute: "str" },
        effects: [
          {
            name: "Minor Injury",
            transfer: true,
            changes: [{ key: "system.attributes.str.bonus", mode: ADD(), value: "-1" }],
          },
        ],
      },
      {
        name: "Serious Injury (Dexterity)",
        type: "injury",
        system: { kind: "serious", attribute: "dex" },
        effects: [
          {
            name: "Serious Injury",
            transfer: true,
            changes: [{ key: "system.attributes.dex.steps", mode: ADD(), value: "1" }],
          },
        ],
      },
      { name: "Mail", type: "armour", system: { equipped: true, deflection: { physical: 2, elemental: 1 } } },
      { name: "Spare coat", type: "armour", system: { deflection: { physical: 5, elemental: 5 } } },
    ],
  });
  if (!actor) throw new Error("the fighter was not created");
  return actor;
}

describe("an actor as the rules see it", () => {
  it("attacks with the dice its injuries left it", async () => {
    const attacker = actorData(await woundedFighter()).attacker(2);
    expect(attacker).toEqual({
      attributes: { str: 8, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
      combat: 10,
      proficiencies: ["martial"],
      luckBonus: 2,
      size: 5,
      attacksThisRound: 2,
    });
  });

  it("defends with worn armour added to its deflection, and nothing from armour it is not wearing", async () => {
    expect(actorData(await woundedFighter()).defender("Actor.x")).toEqual({
      id: "Actor.x",
      evasion: 7,
      deflection: { physical: 3, elemental: 1 },
      size: 5,
    });
  });

  it("takes damage from the state its pools, conditions and injuries describe", async () => {
    const state = actorData(await woundedFighter()).actorState(false);
    expect(state).toMatchObject({
      endurance: { value: 4, max: 10 },
      attributes: { dex: 6 },
      athletics: 6,
      deflection: { physical: 3, elemental: 1 },
      luckBonus: 2,
      deathDifficulty: 12,
      reactionAvailable: false,
      status: { unconscious: true, dying: false, stable: false, dead: false, routed: false },
      pending: null,
      strain: { value: 1, max: 6 },
      injuries: [],
      dying: null,
      downed: null,
    });
  });

  it("shows a minor injury's −1, named after its effect, in every test with that attribute", async () => {
    const system = actorData(await woundedFighter());
    const spec = testSpecFor(system, {
      attribute: "str",
      skill: null,
      proficient: false,
      modifier: 0,
      advantage: 0,
      difficulty: 10,
    });
    expect(spec.modifiers).toEqual([{ label: "Minor Injury", value: -1 }]);
    expect(spec.attribute).toBe(8);
  });
});

describe("an item as the rules see it", () => {
  it("attacks with a weapon's delivery, blast and broken state from its properties and durability", () => {
    const javelin = new WeaponData(
      {
        attributes: ["str", "dex"],
        damage: 3,
        damageDie: 8,
        damageType: "piercing",
        properties: ["thrown", "blast"],
        durability: { value: 0, max: null },
      },
      {},
    );
    javelin.prepareDerivedData();
    expect(javelin.attackWeapon()).toEqual({
      attributes: ["str", "dex"],
      proficiencies: [],
      damage: 3,
      damageDie: 8,
      criticalDamage: 2,
      criticalThreshold: 20,
      damageType: "piercing",
      delivery: "thrown",
      blast: true,
      broken: true,
    });
    const sling = new WeaponData({ properties: ["projectile"] }, {});
    sling.prepareDerivedData();
    expect(sling.attackWeapon().delivery).toBe("projectile");
    expect(sling.attackWeapon().damageDie).toBeNull();
  });

  it("blocks or parries with a shield's or weapon's values, a missing one counting 0", () => {
    const shield = new ShieldData({ metal: true, block: 3, durability: { value: 7, max: null } }, {});
    shield.prepareDerivedData();
    expect(shield.defenceItem()).toEqual({
      blockValue: 3,
      parryValue: 0,
      metal: true,
      durability: { value: 7, max: 10 },
    });
    const sword = new WeaponData({ parry: 2 }, {});
    sword.prepareDerivedData();
    expect(sword.defenceItem()).toEqual({
      blockValue: 0,
      parryValue: 2,
      metal: false,
      durability: { value: 4, max: 4 },
    });
  });

  it("picks an item's model out of Foundry's union, and nothing from another type", async () => {
    const actor = await woundedFighter();
    const [minor, , mail] = actor.items.contents;
    if (!minor || !mail) throw new Error("the fighter's items are missing");
    expect(itemData(minor, InjuryData)?.attribute).toBe("str");
    expect(itemData(mail, InjuryData)).toBeNull();
    expect(physicalData(mail)?.equipped).toBe(true);
    expect(physicalData(minor)).toBeNull();
    expect(wieldedData(mail)).toBeNull();
  });
});
