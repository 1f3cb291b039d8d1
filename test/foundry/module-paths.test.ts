/**
 * The data paths docs/module-api.md's "For module authors" table promises, read from a prepared actor and item
 * as Token Action HUD or Item Piles would read them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { bootBrink } from "./boot";

await bootBrink();

beforeEach(() => resetWorld());

describe("the data paths modules read", () => {
  it("are on a prepared character and its weapon", async () => {
    const actor = await Actor.implementation.create({
      name: "Petra",
      type: "character",
      system: { attributes: { dex: { die: 8 } }, skills: { sneak: { die: 6 } }, conditions: ["guarding"] },
      items: [
        { name: "Crossbow", type: "weapon", system: { equipped: true, price: 30, quantity: 1, damage: 2 } },
        { name: "Leather", type: "armour", system: { equipped: true, deflection: { physical: 1 } } },
      ],
    } as never);
    if (!actor) throw new Error("not created");
    const { getProperty } = foundry.utils;
    for (const [path, value] of [
      ["system.attributes.dex.die", 8],
      ["system.attributes.dex.value", 8],
      ["system.skills.sneak.die", 6],
      ["system.skills.lore.die", 0],
      ["system.health.value", 10],
      ["system.endurance.max", 10],
      ["system.stamina.value", 3],
      ["system.focus.max", 3],
      ["system.strain.value", 0],
      ["system.evasion", 6],
      ["system.speed", 6],
      ["system.defence.physical", 1],
    ] as const)
      expect(getProperty(actor, path), path).toBe(value);
    expect(typeof getProperty(actor, "system.attributes.dex.modifier")).toBe("number");
    expect(actor.statuses.has("guarding")).toBe(true);
    const crossbow = actor.items.getName("Crossbow");
    if (!crossbow) throw new Error("no crossbow");
    expect(crossbow.type).toBe("weapon");
    for (const [path, value] of [
      ["system.price", 30],
      ["system.quantity", 1],
      ["system.equipped", true],
      ["system.dropped", false],
      ["system.damage", 2],
    ] as const)
      expect(getProperty(crossbow, path), path).toBe(value);
    expect(typeof game.brink.rollTest).toBe("function");
    expect(typeof game.brink.attack).toBe("function");
  });
});
