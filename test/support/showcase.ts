/**
 * Documents that fill every surface the readability test looks at: long names, every pool, each
 * kind of item, an injury, so clipping and faint text have somewhere to show.
 */
import type { BrinkActor } from "../../src/documents/actor";

export async function showcaseCharacter(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Boudica of the Iceni",
    type: "character",
    system: {
      attributes: { str: { die: 6 }, dex: { die: 8 }, con: { die: 4 }, wis: { die: 6 } },
      skills: { athletics: { die: 4 }, combat: { die: 6 }, notice: { die: 6 }, survival: { die: 4 } },
      endurance: { value: 5, max: 12 },
      health: { value: 7, max: 12 },
      stamina: { value: 2, max: 3 },
      focus: { value: 3, max: 3 },
      fortitude: 1,
      proficiencies: ["martial", "finesse", "shields"],
      luck: { bonus: 1, deathDifficulty: 15 },
      level: 3,
      hitDice: { value: 2, max: 3, die: 8 },
    },
    items: [
      {
        name: "Spear",
        type: "weapon",
        system: {
          attributes: ["str"],
          proficiencies: ["martial"],
          damage: 4,
          criticalDamage: 8,
          criticalThreshold: 19,
          damageType: "piercing",
          equipped: true,
        },
      },
      {
        name: "Hand axe",
        type: "weapon",
        system: { damage: 3, damageType: "slashing", properties: ["thrown"] },
      },
      {
        name: "Round shield",
        type: "shield",
        system: { block: 3, durability: { value: 0, max: 4 }, equipped: true },
      },
      {
        name: "Chain shirt",
        type: "armour",
        system: { equipped: true, metal: true, deflection: { physical: 5, elemental: 0 } },
      },
      { name: "Coil of rope", type: "gear", system: { dropped: true } },
      {
        name: "Serious Injury (Strength)",
        type: "injury",
        system: { kind: "serious", attribute: "str", heals: "bedRest" },
      },
    ],
  })) as BrinkActor;
}

export async function showcaseNpc(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Guard Captain",
    type: "npc",
    system: { leader: true, morale: 2, skills: { combat: { die: 8 }, notice: { die: 6 } } },
    items: [
      { name: "Longsword", type: "weapon", system: { damage: 5, damageType: "slashing", equipped: true } },
    ],
  })) as BrinkActor;
}
