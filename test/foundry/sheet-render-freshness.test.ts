/**
 * What the character sheet prepares once per render (its tabs, each part's item lists) is prepared
 * again on the next render: a tab opened, an item added, edited or expanded since shows at once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { clickAction, openSheet } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet } = await import("../../src/applications");

beforeEach(() => resetWorld());

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

async function boudica() {
  return (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    items: [{ name: "Spear", type: "weapon", system: { description: "<p>Ash shaft.</p>" } }],
  })) as Actor.Implementation;
}

const rowNames = (sheet: { element: HTMLElement }, selector: string) =>
  [...sheet.element.querySelectorAll(selector)].map((row) =>
    text(row.querySelector(".item-name, .item-name-toggle")),
  );

describe("a character sheet rendered again", () => {
  it("keeps the tab the player opened, in the nav and the panels", async () => {
    const sheet = await openSheet(CharacterSheet, await boudica());
    sheet.changeTab("inventory", "primary");

    await sheet.render();

    const selected = sheet.element.querySelector('[role="tab"][aria-selected="true"]');
    expect(selected?.getAttribute("data-tab")).toBe("inventory");
    expect(sheet.element.querySelector(".tab.inventory")?.classList.contains("active")).toBe(true);
    expect(sheet.element.querySelector(".tab.character")?.classList.contains("active")).toBe(false);
  });

  it("lists an item added since, in the inventory and the combat section, and an injury in the consequences", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);

    await actor.createEmbeddedDocuments("Item", [
      { name: "Axe", type: "weapon" },
      { name: "Broken Arm", type: "injury" },
    ] as never);
    await sheet.render();

    expect(rowNames(sheet, '.inventory-section[data-type="weapon"] .item-row')).toEqual(["Axe", "Spear"]);
    expect(text(sheet.element.querySelector(".combat-table.weapons tbody"))).toContain("Axe");
    expect(rowNames(sheet, ".tab.consequences .item-row")).toEqual(["Broken Arm"]);
  });

  it("shows an item's new name, and its description once expanded, after the next render", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);

    await actor.items.contents[0]?.update({ name: "Long Spear" });
    await sheet.render();
    expect(rowNames(sheet, ".inventory .item-row")).toEqual(["Long Spear"]);
    expect(sheet.element.querySelector(".item-summary-body")).toBeNull();

    await clickAction(sheet, ".item-row .item-name-toggle");
    expect(text(sheet.element.querySelector(".item-summary-body"))).toBe("Ash shaft.");
  });
});
