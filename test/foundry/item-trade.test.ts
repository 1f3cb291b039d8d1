/**
 * Price and quantity on carried items, as a GM sets them on the item sheet and as trading modules
 * (Item Piles) read them: `system.price` and `system.quantity` on every physical item.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { openSheet, submitSheetForm } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { BrinkItemSheet } = await import("../../src/applications");

const labelOf = (element: HTMLElement, name: string): string | undefined =>
  element
    .querySelector(`[name="${name}"]`)
    ?.closest(".form-group")
    ?.querySelector("label")
    ?.textContent?.trim();

async function make(data: Parameters<typeof Item.implementation.create>[0]) {
  const item = await Item.implementation.create(data);
  if (!item) throw new Error("the item was not created");
  return item;
}

describe("price and quantity", () => {
  beforeEach(() => resetWorld());

  it.each(["weapon", "armour", "shield", "gear"] as const)(
    "a %s starts as one item costing nothing",
    async (type) => {
      const item = await make({ name: "Thing", type });
      expect(item.system).toMatchObject({ price: 0, quantity: 1 });
    },
  );

  it("shows both on the item sheet and saves what the GM types", async () => {
    const javelin = await make({ name: "Javelin", type: "weapon" });
    const sheet = await openSheet(BrinkItemSheet, javelin);
    expect(labelOf(sheet.element, "system.price")).toBe("Price");
    expect(labelOf(sheet.element, "system.quantity")).toBe("Quantity");

    await submitSheetForm(sheet, { "system.price": "12.5", "system.quantity": "3" });

    expect(javelin._source.system).toMatchObject({ price: 12.5, quantity: 3 });
  });

  it("keeps a typed negative price or quantity at zero, as the fields clamp it", async () => {
    const rope = await make({
      name: "Rope",
      type: "gear",
      system: { quantity: 2, price: 3 },
    });
    const sheet = await openSheet(BrinkItemSheet, rope);

    await submitSheetForm(sheet, { "system.quantity": "-1", "system.price": "-4" });

    expect(rope._source.system).toMatchObject({ quantity: 0, price: 0 });
  });

  it("has no price on talents, injuries and setbacks, which are not carried", async () => {
    const talent = await make({ name: "Tough", type: "talent" });
    expect(talent.system).not.toHaveProperty("price");
    expect(talent.system).not.toHaveProperty("quantity");
  });
});
