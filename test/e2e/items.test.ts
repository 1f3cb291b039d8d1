import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootBrink } from "../foundry/boot";
import { RESULTS, findOverflow, launchBrowser, pageHtml } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { renderSheet } from "../support/sheets";

await bootBrink();
const { CharacterSheet } = await import("../../src/applications");

/** The inventory and Effects tabs at the sheet's default width and at 520 px, light and dark. */
const LAYOUT_SELECTORS = [
  ".panel",
  ".inventory-row",
  ".inventory-head",
  ".effect-row",
  ".effect-head",
  ".col",
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function boudica() {
  const actor = await Actor.implementation.create({
    name: "Boudica of the Iceni",
    type: "character",
    system: {
      endurance: { value: 3, max: 12 },
      conditions: ["prone", "guarding"],
      timers: [{ status: "guarding", expiry: "ownTurnStart", count: 1 }],
    },
    items: [
      {
        name: "Spear",
        type: "weapon",
        system: {
          damage: 4,
          damageType: "piercing",
          equipped: true,
          description: "<p>An ash shaft with a leaf-shaped iron head, good for keeping horses at bay.</p>",
        },
      },
      { name: "Hand axe", type: "weapon", system: { damage: 3, damageType: "slashing" } },
      { name: "Round shield", type: "shield", system: { block: 3, durability: { value: 0, max: 4 } } },
      {
        name: "Chain shirt",
        type: "armour",
        system: { equipped: true, metal: true, deflection: { physical: 5, elemental: 1 } },
      },
      { name: "Coil of rope", type: "gear", system: { dropped: true, quantity: 2, price: 3 } },
      { name: "Lantern and a flask of lamp oil", type: "gear", system: { quantity: 1, price: 12 } },
      {
        name: "Serious Injury (Strength)",
        type: "injury",
        system: { kind: "serious", attribute: "str", heals: "bedRest", source: "A falling portcullis" },
        effects: [{ name: "Serious Injury (Strength)", transfer: true, changes: [] }],
      },
      { name: "Disoriented", type: "setback", system: { kind: "disoriented", source: "Emergency retreat" } },
    ],
    effects: [{ name: "Blessed by the druids", duration: { rounds: 3 }, changes: [] }],
  });
  if (!actor) throw new Error("no actor");
  return actor;
}

async function shoot(name: string, html: string, width: number, theme: "light" | "dark") {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { width, height: 720, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, LAYOUT_SELECTORS);
  const lowContrast = await lowContrastText(page, ".application");
  await page.close();
  return { overflow, lowContrast };
}

const cases = [
  { width: 760, theme: "light" },
  { width: 760, theme: "dark" },
  { width: 520, theme: "light" },
  { width: 520, theme: "dark" },
] as const;

describe("item management in Chromium at 1280×800", () => {
  it.each(cases)("the inventory tab at $width px ($theme) fits and reads", async ({ width, theme }) => {
    const actor = await boudica();
    const spear = actor.items.getName("Spear");
    const { html } = await renderSheet(CharacterSheet, actor, (sheet) => {
      sheet.tabGroups.primary = "inventory";
      (sheet as unknown as { expandedItems: Set<string> }).expandedItems.add(spear?.id ?? "");
    });
    expect(html).toContain("keeping horses at bay");
    const result = await shoot(`items-inventory-${width}-${theme}`, html, width, theme);
    expect(result.overflow).toEqual([]);
    expect(result.lowContrast).toEqual([]);
  });

  it.each(cases)("the Effects tab at $width px ($theme) fits and reads", async ({ width, theme }) => {
    const { html } = await renderSheet(CharacterSheet, await boudica(), (sheet) => {
      sheet.tabGroups.primary = "effects";
    });
    const result = await shoot(`items-effects-${width}-${theme}`, html, width, theme);
    expect(result.overflow).toEqual([]);
    expect(result.lowContrast).toEqual([]);
  });
});
