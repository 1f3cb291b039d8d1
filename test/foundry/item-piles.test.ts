/**
 * Issue 27: Brink with Item Piles active hands it its integration, so the GM types nothing into
 * Item Piles' settings. The paths it names are the ones a prepared Brink item carries, the item types
 * it leaves out are exactly those nobody carries, and its coins make a valid gear item.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, assert, describe, expect, it } from "vitest";
import { itemPilesContracts } from "../contracts/item-piles.contract";
import { FakeItemPilesApi, installItemPiles } from "../fake-foundry/item-piles";
import { resetWorld } from "../fake-foundry/install";
import { waitUntil } from "../support/wait";
import { ROOT } from "../support/render";
import { bootBrink } from "./boot";

const api = installItemPiles();
await bootBrink();
await waitUntil(() => api.integrations.size > 0, "Brink's Item Piles integration");
const integration = api.integrations.get("latest") as {
  ACTOR_CLASS_TYPE: string;
  ITEM_QUANTITY_ATTRIBUTE: string;
  ITEM_PRICE_ATTRIBUTE: string;
  ITEM_FILTERS: { path: string; filters: string }[];
  CURRENCIES: { type: string; name: string; primary: boolean; data: { item: Record<string, unknown> } }[];
};

const documentTypes = (
  JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
    documentTypes: Record<"Actor" | "Item", Record<string, unknown>>;
  }
).documentTypes;

const getPath = (source: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);

describe("Item Piles", () => {
  it("is handed Brink's integration once, for the latest Brink", () => {
    expect([...api.integrations.keys()]).toEqual(["latest"]);
    expect(documentTypes.Actor).toHaveProperty([integration.ACTOR_CLASS_TYPE]);
  });

  it("reads quantity and price where a carried Brink item keeps them", async () => {
    resetWorld();
    const rope = await Item.implementation.create({
      name: "Rope",
      type: "gear",
      system: { quantity: 3, price: 2 },
    });
    expect(getPath(rope, integration.ITEM_QUANTITY_ATTRIBUTE)).toBe(3);
    expect(getPath(rope, integration.ITEM_PRICE_ATTRIBUTE)).toBe(2);
  });

  it("leaves out exactly the item types nobody carries: those without a quantity", () => {
    const uncarried = Object.keys(documentTypes.Item).filter(
      (type) => !("quantity" in (CONFIG.Item.dataModels[type]?.defineSchema() ?? {})),
    );
    expect(uncarried.length).toBeGreaterThan(0);
    const filter = integration.ITEM_FILTERS.find((entry) => entry.path === "type");
    expect(filter?.filters.split(",").sort()).toEqual(uncarried.sort());
  });

  it("counts money in coins, a gear item worth 1 that Brink's model accepts", async () => {
    resetWorld();
    const [coins] = integration.CURRENCIES;
    expect(coins).toMatchObject({ type: "item", name: "Coins", primary: true });
    const item = await Item.implementation.create(coins?.data.item as never);
    expect(item?.type).toBe("gear");
    expect(getPath(item, "system.price")).toBe(1);
  });

  itemPilesContracts({ describe, it, after: afterAll, assert });
});

describe("the fake Item Piles", () => {
  it("refuses an integration with a field of the wrong type, as the module does, keeping nothing", () => {
    const fresh = new FakeItemPilesApi();
    expect(() => fresh.addSystemIntegration({ VERSION: "1.0.0", ACTOR_CLASS_TYPE: "character" })).toThrow(
      "data.ITEM_QUANTITY_ATTRIBUTE must be of type string",
    );
    const noRate = { ...integration, CURRENCIES: [{ ...integration.CURRENCIES[0], exchangeRate: "1" }] };
    expect(() => fresh.addSystemIntegration(noRate)).toThrow("currency.exchangeRate must be of type number");
    expect(fresh.integrations.size).toBe(0);
  });
});
