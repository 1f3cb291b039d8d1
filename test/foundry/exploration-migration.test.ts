/**
 * Schema version 2 (RULES §7.5): torches and lanterns a world copied from Brink's equipment before
 * gear had burning hours gain the hours the compendium's have, so travel turns burn them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, settings } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { bootBrink } from "./boot";

await bootBrink();
const { migrateWorld } = await import("../../src/migrations");

const TORCH = "Compendium.brink.equipment.Item.vD7XuwB5k3GqbBLw";
const LANTERN = "Compendium.brink.equipment.Item.7Zo0gZPel7BIEvtl";
const lightOf = (item: Item.Implementation | undefined) =>
  (item?.system as unknown as { light: { hours: number | null; consumed: boolean } } | undefined)?.light;

beforeEach(() => {
  resetWorld();
  resetFakePacks();
});

describe("a world at schema version 1", () => {
  it("gives copied torches and lanterns their hours, and leaves other gear as it was", async () => {
    await settings.set("brink", "worldSchemaVersion", 1);
    const actor = await Actor.implementation.create({
      name: "Roland",
      type: "character",
      items: [
        { name: "Torch", type: "gear", system: { quantity: 3 }, _stats: { compendiumSource: TORCH } },
        { name: "Rope", type: "gear", system: {} },
      ],
    } as never);
    const lantern = await Item.implementation.create({
      name: "Old lantern",
      type: "gear",
      _stats: { compendiumSource: LANTERN },
    } as never);
    await migrateWorld();
    const torch = actor?.items.find((item) => item.name === "Torch");
    const rope = actor?.items.find((item) => item.name === "Rope");
    expect(lightOf(torch)).toMatchObject({ hours: 1, consumed: true });
    expect(lightOf(game.items.get(lantern?.id ?? ""))).toMatchObject({ hours: 3, consumed: false });
    expect(lightOf(rope)?.hours).toBeNull();
    expect(settings.get("brink", "worldSchemaVersion")).toBe(2);
  });
});
