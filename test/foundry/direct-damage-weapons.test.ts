/**
 * A weapon's damage die (RULES §7.3) as the GM meets it on the item sheet: offered only while the
 * world plays direct damage, chosen from the die sizes, and cleared back to none.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, settings } from "../fake-foundry/install";
import { openSheet, submitSheetForm } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { BrinkItemSheet } = await import("../../src/applications");

async function spear() {
  const item = await Item.implementation.create({ name: "Spear", type: "weapon", system: { damage: 4 } });
  if (!item) throw new Error("the spear was not created");
  return item;
}

const dieSelect = (element: HTMLElement) =>
  element.querySelector<HTMLSelectElement>('select[name="system.damageDie"]');

beforeEach(() => resetWorld());

describe("a weapon's damage die on the item sheet", () => {
  it("is not shown under the core attack rule", async () => {
    const sheet = await openSheet(BrinkItemSheet, await spear());
    expect(dieSelect(sheet.element)).toBeNull();
    expect(sheet.element.textContent).not.toContain("Damage die");
  });

  it("is offered under direct damage, d4 to d12 or none, and saved as a number", async () => {
    await settings.set("brink", "damageRule", "direct");
    const item = await spear();
    const sheet = await openSheet(BrinkItemSheet, item);
    const select = dieSelect(sheet.element);
    expect([...(select?.options ?? [])].map((o) => o.textContent)).toEqual([
      game.i18n.localize("BRINK.Sheet.none"),
      "d4",
      "d6",
      "d8",
      "d10",
      "d12",
    ]);

    await submitSheetForm(sheet, { "system.damageDie": "8" });
    expect(item._source.system).toMatchObject({ damageDie: 8 });

    await submitSheetForm(await openSheet(BrinkItemSheet, item), { "system.damageDie": "" });
    expect(item._source.system).toMatchObject({ damageDie: null });
  });
});
