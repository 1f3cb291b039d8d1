/**
 * Item sheets in Chromium on a 1280×800 screen: their fieldsets fit at the sheet's own width and at
 * half the screen, light and dark, and Tab walks every control in reading order with a visible
 * focus ring, the light-source switch included. Screenshots: test-results/item-sheet-*.png.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootBrink } from "../foundry/boot";
import { RESULTS, findOverflow, launchBrowser, pageHtml } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { renderSheet } from "../support/sheets";

await bootBrink();
const { BrinkItemSheet } = await import("../../src/applications");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ITEMS = {
  weapon: {
    name: "Spear",
    type: "weapon",
    system: { damage: 4, damageType: "piercing", properties: ["reach"] },
  },
  lantern: {
    name: "Hooded lantern",
    type: "gear",
    system: { light: { hours: 3, left: 2, consumed: false } },
  },
  injury: {
    name: "Sprained wrist",
    type: "injury",
    system: { kind: "minor", attribute: "dex", heals: "safeRests", progress: { value: 2, max: 3 } },
  },
} as const;

async function sheetHtml(key: keyof typeof ITEMS): Promise<string> {
  const actor = await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    items: [ITEMS[key]],
  });
  const item = actor?.items.contents[0];
  if (!item) throw new Error("item not created");
  return (await renderSheet(BrinkItemSheet, item)).html;
}

/** The sheet's own width, and half of a 1280 px screen. */
const CASES = (["weapon", "lantern", "injury"] as const).flatMap((item) =>
  [520, 640].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ item, width, theme }))),
);

describe("item sheets in Chromium at 1280×800", () => {
  it.each(CASES)("the $item sheet at $width px ($theme) fits and reads", async ({ item, width, theme }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(await sheetHtml(item), { width, height: 560, theme }));
    await page.screenshot({ path: join(RESULTS, `item-sheet-${item}-${width}-${theme}.png`) });
    expect(await findOverflow(page, [".item-group", ".form-group", ".hint"])).toEqual([]);
    expect(await lowContrastText(page, ".application")).toEqual([]);
    await page.close();
  });

  it("Tab walks the lantern's controls by use, the light-source switch before its hours, each with a focus ring", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(await sheetHtml("lantern"), { width: 520, height: 560, theme: "light" }));
    const walked: string[] = [];
    const noRing: string[] = [];
    for (let step = 0; step < 13; step += 1) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute("name") ?? element.dataset.action ?? element.tagName,
          ring: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2,
        };
      });
      walked.push(focus.name);
      if (!focus.ring) noRing.push(focus.name);
    }
    expect(walked).toEqual([
      "editImage",
      "name",
      "system.equipped",
      "system.dropped",
      "system.quantity",
      "system.price",
      "lightSource",
      "system.light.hours",
      "system.light.left",
      "system.light.consumed",
      "system.metal",
      "system.durability.max",
      "system.durability.value",
    ]);
    expect(noRing).toEqual([]);

    await page.focus('[name="lightSource"]');
    await page.keyboard.press("Space");
    expect(await page.isChecked('[name="lightSource"]')).toBe(false);
    await page.close();
  });
});
