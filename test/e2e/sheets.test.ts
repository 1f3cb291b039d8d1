import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootBrink } from "../foundry/boot";
import { RESULTS, findOverflow, launchBrowser, pageHtml, type PageThemes } from "../support/browser";
import { flatten, lowContrastText, luminance, parseColour } from "../support/contrast";
import { renderSheet } from "../support/sheets";

await bootBrink();
const { CharacterSheet, NpcSheet, BrinkItemSheet } = await import("../../src/applications");

const LAYOUT_SELECTORS = [
  ".panel",
  ".pool",
  ".die-button",
  ".item-row",
  ".stat-list > div",
  ".sheet-tabs",
  ".brink-header",
  ".form-group",
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
  });
  if (!actor) throw new Error("no actor");
  return actor;
}

async function shoot(
  name: string,
  html: string,
  size: { width: number; height: number },
  theme: "light" | "dark",
) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { ...size, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, LAYOUT_SELECTORS);
  const visible = await page.evaluate(
    () => document.querySelector(".tab.active, .npc-body, .item-body") !== null,
  );
  await page.close();
  return { overflow, visible };
}

describe("sheets in Chromium at 1280×800", () => {
  it.each(["light", "dark"] as const)(
    "character sheet (%s) fits its window with nothing overflowing",
    async (theme) => {
      const { html } = await renderSheet(CharacterSheet, await boudica());
      const result = await shoot(`character-sheet-${theme}`, html, { width: 760, height: 720 }, theme);
      expect(result.visible).toBe(true);
      expect(result.overflow).toEqual([]);
    },
  );

  it("character sheet in edit mode fits, with inputs for every number", async () => {
    const { html } = await renderSheet(CharacterSheet, await boudica(), (s) => Object.assign(s, { mode: 2 }));
    const result = await shoot("character-sheet-edit", html, { width: 760, height: 720 }, "light");
    expect(result.overflow).toEqual([]);
    expect(html).toContain('name="system.luck.deathDifficulty"');
    expect(html).toContain('name="system.endurance.max"');
  });

  it("a dying character's sheet shows the countdown and the life controls", async () => {
    const actor = await boudica();
    await actor.update({
      system: {
        endurance: { value: 0 },
        health: { value: 0 },
        strain: { value: 3 },
        conditions: ["dying"],
        death: {
          dying: { turnsTaken: 3, successes: 1, failures: 2, savedThisTurn: false, lastStabiliseRound: null },
        },
      },
    });
    const { html } = await renderSheet(CharacterSheet, actor);
    expect(html).toContain("Dying: 7 turns left · 1 success, 2 failures");
    expect(html).toContain('class="state condition condition-dying">Dying</span>');
    const result = await shoot("character-sheet-dying", html, { width: 760, height: 720 }, "dark");
    expect(result.overflow).toEqual([]);
  });

  it("character sheet inventory tab fits", async () => {
    const { html } = await renderSheet(
      CharacterSheet,
      await boudica(),
      (s) => (s.tabGroups.primary = "inventory"),
    );
    const result = await shoot("character-sheet-inventory", html, { width: 760, height: 720 }, "light");
    expect(result.overflow).toEqual([]);
  });

  it("NPC sheet fits its compact window", async () => {
    const npc = await Actor.implementation.create({
      name: "Guard Captain",
      type: "npc",
      system: { leader: true, morale: 2, skills: { combat: { die: 8 }, notice: { die: 6 } } },
      items: [
        { name: "Longsword", type: "weapon", system: { damage: 5, damageType: "slashing", equipped: true } },
      ],
    });
    const { html } = await renderSheet(NpcSheet, npc as Actor.Implementation);
    const result = await shoot("npc-sheet", html, { width: 520, height: 600 }, "dark");
    expect(result.overflow).toEqual([]);
  });

  it("weapon sheet fits its window", async () => {
    const actor = await boudica();
    const spear = actor.items.find((i) => i.name === "Spear") as Item.Implementation;
    const { html } = await renderSheet(BrinkItemSheet, spear);
    const result = await shoot("weapon-sheet", html, { width: 520, height: 560 }, "light");
    expect(result.overflow).toEqual([]);
  });
});

/**
 * v13 marks the Applications colour scheme on <body> and a sheet's own theme on its window
 * (`themed theme-…`). The window's own mark decides; an unmarked window follows the body.
 */
const THEME_CASES: { name: string; themes: PageThemes; looks: "light" | "dark" }[] = [
  { name: "light", themes: { body: "light", application: "light" }, looks: "light" },
  { name: "dark", themes: { body: "dark", application: "dark" }, looks: "dark" },
  { name: "light-sheet-dark-body", themes: { body: "dark", application: "light" }, looks: "light" },
  { name: "dark-sheet-light-body", themes: { body: "light", application: "dark" }, looks: "dark" },
  { name: "unmarked-dark-body", themes: { body: "dark", application: null }, looks: "dark" },
  { name: "unmarked-light-body", themes: { body: "light", application: null }, looks: "light" },
];

interface Look {
  paper: string;
  ink: string;
  lowContrast: { text: string; ratio: number }[];
}

async function look(name: string, html: string, size: { width: number; height: number }, themes: PageThemes) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { ...size, theme: themes }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const colours = await page.evaluate(() => {
    const content = document.querySelector(".application > .window-content");
    const style = content ? getComputedStyle(content) : null;
    return { paper: style?.backgroundColor ?? "", ink: style?.color ?? "" };
  });
  const lowContrast = await lowContrastText(page, ".application");
  await page.close();
  return { ...colours, lowContrast } satisfies Look;
}

describe("sheets take their palette from their own window's theme", () => {
  const sheets = [
    {
      kind: "character",
      size: { width: 760, height: 720 },
      html: async () => (await renderSheet(CharacterSheet, await boudica())).html,
    },
    {
      kind: "npc",
      size: { width: 520, height: 600 },
      html: async () => {
        const npc = await Actor.implementation.create({
          name: "Guard Captain",
          type: "npc",
          system: { leader: true, morale: 2, skills: { combat: { die: 8 } } },
          items: [{ name: "Longsword", type: "weapon", system: { damage: 5, equipped: true } }],
        });
        return (await renderSheet(NpcSheet, npc as Actor.Implementation)).html;
      },
    },
    {
      kind: "weapon",
      size: { width: 520, height: 560 },
      html: async () => {
        const spear = (await boudica()).items.find((i) => i.name === "Spear") as Item.Implementation;
        return (await renderSheet(BrinkItemSheet, spear)).html;
      },
    },
  ];

  it.each(sheets)(
    "the $kind sheet is light or dark as its window is marked, readable in every case",
    async (sheet) => {
      const html = await sheet.html();
      const looks = new Map<string, Look>();
      for (const { name, themes } of THEME_CASES) {
        looks.set(name, await look(`theme-${sheet.kind}-${name}`, html, sheet.size, themes));
      }
      const reference = { light: looks.get("light") as Look, dark: looks.get("dark") as Look };
      expect(luminance(flatten([reference.light.paper]))).toBeGreaterThan(0.6);
      expect(luminance(flatten([reference.dark.paper]))).toBeLessThan(0.1);
      for (const { name, looks: expected } of THEME_CASES) {
        const seen = looks.get(name) as Look;
        expect({ case: name, paper: seen.paper, ink: seen.ink }).toEqual({
          case: name,
          paper: reference[expected].paper,
          ink: reference[expected].ink,
        });
        expect(parseColour(seen.paper).a).toBe(1);
        expect({ case: name, lowContrast: seen.lowContrast }).toEqual({ case: name, lowContrast: [] });
      }
    },
  );
});
