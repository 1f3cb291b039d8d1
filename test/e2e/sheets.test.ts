import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
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

/**
 * Text cut short (an ellipsis, or hidden overflow) with no tooltip that gives the whole of it: what
 * a user sees as "DEATH DIFFI…" and cannot read anywhere.
 */
async function clippedWithoutTooltip(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(".application *"))) {
      const style = getComputedStyle(element);
      const hides =
        style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
      const text = (element.textContent ?? "").trim();
      const forScreenReaders = element.closest(".visually-hidden") !== null;
      if (!hides || !text || forScreenReaders || element.getBoundingClientRect().width === 0) continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      const tip = element.closest<HTMLElement>("[data-tooltip]")?.dataset.tooltip ?? "";
      if (!tip.includes(text)) clipped.push(text.slice(0, 40));
    }
    return clipped;
  });
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
  const clipped = await clippedWithoutTooltip(page);
  const visible = await page.evaluate(
    () => document.querySelector(".tab.active, .npc-body, .item-body") !== null,
  );
  await page.close();
  return { overflow, clipped, visible };
}

const WIDTHS = [760, 520] as const;
const THEMES = ["light", "dark"] as const;
const CASES = WIDTHS.flatMap((width) => THEMES.map((theme) => ({ width, theme })));

/** The number of columns a grid lays out (computed), or 0 when the element is absent. */
async function gridColumns(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return 0;
    return getComputedStyle(element).gridTemplateColumns.split(" ").filter(Boolean).length;
  }, selector);
}

async function dying(savedThisTurn = false) {
  const actor = await boudica();
  await actor.update({
    system: {
      endurance: { value: 0 },
      health: { value: 0 },
      strain: { value: 3 },
      conditions: ["dying"],
      death: {
        dying: { turnsTaken: 3, successes: 1, failures: 2, savedThisTurn, lastStabiliseRound: null },
      },
    },
  });
  return actor;
}

describe("sheets in Chromium at 1280×800", () => {
  it.each(CASES)(
    "character sheet at $width px ($theme) fits its window, with no label cut short",
    async ({ width, theme }) => {
      const { html } = await renderSheet(CharacterSheet, await boudica());
      const result = await shoot(`character-sheet-${width}-${theme}`, html, { width, height: 720 }, theme);
      expect(result.visible).toBe(true);
      expect(result.overflow).toEqual([]);
      expect(result.clipped).toEqual([]);
    },
  );

  it("lays the character tab out in one column below 600 px and two above", async () => {
    const { html } = await renderSheet(CharacterSheet, await boudica());
    const columnsAt = async (width: number) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.setContent(pageHtml(html, { width, height: 720, theme: "light" }));
      const columns = await gridColumns(page, ".tab.character .columns");
      await page.close();
      return columns;
    };
    expect(await columnsAt(760)).toBe(2);
    expect(await columnsAt(520)).toBe(1);
  });

  it("leads the character tab with the weapons, each with its Attack button and labelled columns", async () => {
    const { html } = await renderSheet(CharacterSheet, await boudica());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(html, { width: 760, height: 720, theme: "light" }));
    const combat = await page.evaluate(() => {
      const tab = document.querySelector(".tab.character");
      const first = tab?.querySelector(".panel");
      const headers = Array.from(tab?.querySelectorAll(".combat-table.weapons thead th") ?? []).map((th) =>
        (th.textContent ?? "").trim(),
      );
      const rows = Array.from(tab?.querySelectorAll(".weapon-row") ?? []).map((row) => ({
        name: (row.querySelector(".weapon-name button")?.textContent ?? "").trim(),
        toHit: (row.querySelector(".to-hit")?.textContent ?? "").trim(),
        damage: (row.querySelector(".damage")?.textContent ?? "").trim(),
        durability: (row.querySelector(".durability")?.textContent ?? "").trim(),
        attack: row.querySelector("button[data-action='rollWeapon']")?.getAttribute("aria-label"),
      }));
      const protection = Array.from(tab?.querySelectorAll(".protection-row td:first-of-type") ?? []).map(
        (td) => (td.textContent ?? "").trim(),
      );
      return { firstIsCombat: first?.classList.contains("combat") ?? false, headers, rows, protection };
    });
    await page.close();
    expect(combat.firstIsCombat).toBe(true);
    expect(combat.headers).toEqual(["Weapon", "To hit", "Damage", "Durability", "Attack"]);
    expect(combat.rows).toEqual([
      {
        name: "Spear",
        toHit: "STR d6 + Combat d6",
        damage: "4 Piercing",
        durability: "4/4",
        attack: "Attack with Spear",
      },
      {
        name: "Hand axe",
        toHit: "STR d6 + Combat d6",
        damage: "3 Slashing",
        durability: "4/4",
        attack: "Attack with Hand axe",
      },
    ]);
    expect(combat.protection).toEqual(["Block 3", "Deflection 5 physical, 0 elemental"]);
    expect(html).not.toContain("5 / 0");
  });

  it("shows the level once", async () => {
    const { html } = await renderSheet(CharacterSheet, await boudica());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(html, { width: 760, height: 720, theme: "light" }));
    const levels = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll("dt")).filter((dt) => dt.textContent?.trim() === "Level").length,
    );
    await page.close();
    expect(levels).toBe(1);
  });

  it.each(WIDTHS)(
    "character sheet in edit mode at %i px fits, with inputs for every number",
    async (width) => {
      const { html } = await renderSheet(CharacterSheet, await boudica(), (s) =>
        Object.assign(s, { mode: 2 }),
      );
      const result = await shoot(`character-sheet-edit-${width}`, html, { width, height: 720 }, "light");
      expect(result.overflow).toEqual([]);
      expect(result.clipped).toEqual([]);
      expect(html).toContain('name="system.luck.deathDifficulty"');
      expect(html).toContain('name="system.endurance.max"');
    },
  );

  it.each(CASES)(
    "a dying character's sheet ($width px, $theme) leads with a banner: countdown, save pips, death save",
    async ({ width, theme }) => {
      const { html } = await renderSheet(CharacterSheet, await dying());
      expect(html).toContain("Dying: 7 turns left · 1 success, 2 failures");
      expect(html).toContain('class="state condition condition-dying">Dying</span>');
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.setContent(pageHtml(html, { width, height: 720, theme }));
      await page.screenshot({ path: join(RESULTS, `character-sheet-dying-${width}-${theme}.png`) });
      const banner = await page.evaluate(() => {
        const element = document.querySelector<HTMLElement>(".brink-header .life-banner");
        const tabs = document.querySelector(".sheet-tabs")?.getBoundingClientRect();
        const box = element?.getBoundingClientRect();
        return {
          title: element?.querySelector(".life-banner-title")?.textContent?.trim(),
          aboveTabs: box !== undefined && tabs !== undefined && box.bottom <= tabs.top,
          successes: element?.querySelector(".save-track.successes")?.getAttribute("aria-label"),
          successPips: element?.querySelectorAll(".save-track.successes .save-pip.filled").length,
          failures: element?.querySelector(".save-track.failures")?.getAttribute("aria-label"),
          failurePips: element?.querySelectorAll(".save-track.failures .save-pip.filled").length,
          deathSave: element?.querySelector<HTMLButtonElement>("[data-action='deathSave']")?.disabled,
        };
      });
      const overflow = await findOverflow(page, LAYOUT_SELECTORS);
      await page.close();
      expect(banner).toEqual({
        title: "Dying",
        aboveTabs: true,
        successes: "Death saves succeeded: 1 of 3",
        successPips: 1,
        failures: "Death saves failed: 2 of 3",
        failurePips: 2,
        deathSave: false,
      });
      expect(overflow).toEqual([]);
    },
  );

  it("disables the death save once it is used this turn, and says why", async () => {
    const { html } = await renderSheet(CharacterSheet, await dying(true));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(html, { width: 760, height: 720, theme: "light" }));
    await page.screenshot({ path: join(RESULTS, "character-sheet-dying-saved.png") });
    const save = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>("[data-action='deathSave']");
      const reason = document.getElementById(button?.getAttribute("aria-describedby") ?? "");
      return { disabled: button?.disabled, reason: reason?.textContent?.trim() };
    });
    await page.close();
    expect(save).toEqual({
      disabled: true,
      reason: "One death save per turn (out of combat, per six seconds).",
    });
  });

  it("a dead character's sheet says so in its banner and offers no healing", async () => {
    const actor = await boudica();
    await actor.update({ system: { health: { value: 0 }, conditions: ["dead"] } });
    const { html } = await renderSheet(CharacterSheet, actor);
    const result = await shoot("character-sheet-dead", html, { width: 760, height: 720 }, "dark");
    expect(result.overflow).toEqual([]);
    expect(html).toMatch(/class="life-banner-title">.*Dead<\/strong>/s);
    expect(html).not.toContain('data-action="heal"');
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

  const guardCaptain = async () =>
    (await Actor.implementation.create({
      name: "Guard Captain of the Northern Gate",
      type: "npc",
      system: {
        leader: true,
        morale: 2,
        skills: { combat: { die: 8 }, notice: { die: 6 } },
        details: { notes: "<p>Holds the gate until relieved.</p>" },
      },
      items: [
        { name: "Longsword", type: "weapon", system: { damage: 5, damageType: "slashing", equipped: true } },
      ],
    })) as Actor.Implementation;

  const NPC_CASES = [520, 400].flatMap((width) => THEMES.map((theme) => ({ width, theme })));
  it.each(NPC_CASES)(
    "NPC sheet at $width px ($theme) fits, its header never overlapping itself",
    async ({ width, theme }) => {
      const { html } = await renderSheet(NpcSheet, await guardCaptain());
      const result = await shoot(`npc-sheet-${width}-${theme}`, html, { width, height: 600 }, theme);
      expect(result.overflow).toEqual([]);
      expect(result.clipped).toEqual([]);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.setContent(pageHtml(html, { width, height: 600, theme }));
      const overlaps = await page.evaluate(() => {
        const boxes = [".portrait", ".identity", ".header-controls"].map((selector) => ({
          selector,
          box: document.querySelector(`.brink-header ${selector}`)?.getBoundingClientRect(),
        }));
        const found: string[] = [];
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1)) {
            if (!a.box || !b.box) continue;
            const apart =
              a.box.right <= b.box.left ||
              b.box.right <= a.box.left ||
              a.box.bottom <= b.box.top ||
              b.box.bottom <= a.box.top;
            if (!apart) found.push(`${a.selector} × ${b.selector}`);
          }
        return found;
      });
      const headings = await page.evaluate(() =>
        Array.from(document.querySelectorAll(".npc-body h2")).map((h) => (h.textContent ?? "").trim()),
      );
      await page.close();
      expect(overlaps).toEqual([]);
      // Issue 25: the GM's NPC sheet leads with its attacks.
      expect(headings).toEqual(["Combat", "Attributes", "Defences", "Skills"]);
      expect(html).toContain("Holds the gate until relieved.");
    },
  );

  it.each(["inventory", "effects", "biography"].flatMap((tab) => THEMES.map((theme) => ({ tab, theme }))))(
    "NPC sheet's $tab tab at 520 px ($theme) fits",
    async ({ tab, theme }) => {
      const { html } = await renderSheet(NpcSheet, await guardCaptain(), (s) => (s.tabGroups.primary = tab));
      const result = await shoot(`npc-sheet-${tab}-${theme}`, html, { width: 520, height: 600 }, theme);
      expect(result.overflow).toEqual([]);
      expect(result.clipped).toEqual([]);
    },
  );

  it("NPC sheet in edit mode offers every skill and the notes to the GM", async () => {
    const { html } = await renderSheet(NpcSheet, await guardCaptain(), (s) => Object.assign(s, { mode: 2 }));
    const result = await shoot("npc-sheet-edit", html, { width: 520, height: 600 }, "light");
    expect(result.overflow).toEqual([]);
    const skillSelects = html.match(/name="system\.skills\.[a-z]+\.die"/g) ?? [];
    expect(skillSelects).toHaveLength(10);
    expect(html).toContain('name="system.details.notes"');
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

/** What a keyboard user meets, one Tab at a time: the control's action or name, and its label. */
function describeFocus(): string {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return "(body)";
  const label =
    element.getAttribute("aria-label") ??
    element.getAttribute("name") ??
    (element.textContent ?? "").replace(/\s+/g, " ").trim();
  return `${element.dataset.action ?? element.tagName.toLowerCase()}: ${label}`;
}

describe("the character sheet by keyboard", () => {
  it("Tab walks every tab and every control of the open tab in reading order, each with a visible focus ring", async () => {
    const { html } = await renderSheet(CharacterSheet, await boudica());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(html, { width: 760, height: 720, theme: "light" }));
    const expected = await page.evaluate(() => {
      const focusable =
        "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, a[href], [tabindex]:not([tabindex='-1'])";
      return Array.from(document.querySelectorAll<HTMLElement>(`.application ${focusable}`))
        .filter((element) => element.checkVisibility())
        .map((element) => {
          const label =
            element.getAttribute("aria-label") ??
            element.getAttribute("name") ??
            (element.textContent ?? "").replace(/\s+/g, " ").trim();
          return `${element.dataset.action ?? element.tagName.toLowerCase()}: ${label}`;
        });
    });

    const walked: string[] = [];
    const rings: string[] = [];
    for (const _ of expected) {
      await page.keyboard.press("Tab");
      walked.push(await page.evaluate(describeFocus));
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
      });
      if (!ring) rings.push(walked.at(-1) ?? "");
    }
    await page.screenshot({ path: join(RESULTS, "character-sheet-keyboard-focus.png") });

    expect(walked).toEqual(expected);
    expect(walked.filter((step) => step.startsWith("tab:"))).toEqual([
      "tab: Character",
      "tab: Inventory",
      "tab: Injuries & Setbacks",
      "tab: Effects",
      "tab: Biography",
    ]);
    expect(walked[0]).toBe("editImage: Choose a portrait for Boudica of the Iceni");
    expect(walked).toEqual(
      expect.arrayContaining([
        "rollWeapon: Attack with Spear",
        "input: Endurance 5 of 12",
        "setPool: Set Stamina to 1 of 3",
        "toggleMode: Switch between play and edit mode",
        "rollSkill: d6 Combat",
        "heal: Apply healing…",
      ]),
    );
    expect(rings).toEqual([]);
    await page.close();
  });

  it.each(["light", "dark"] as const)(
    "the portrait is the first stop of Tab, a named button with a visible focus ring (%s)",
    async (theme) => {
      const { html } = await renderSheet(CharacterSheet, await boudica());
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.setContent(pageHtml(html, { width: 760, height: 720, theme }));
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          role: element.getAttribute("role"),
          label: element.getAttribute("aria-label"),
          ring: style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2,
          cursor: style.cursor,
        };
      });
      await page.screenshot({
        path: join(RESULTS, `character-sheet-portrait-focus-${theme}.png`),
        clip: { x: 0, y: 0, width: 760, height: 200 },
      });
      expect(focused).toEqual({
        role: "button",
        label: "Choose a portrait for Boudica of the Iceni",
        ring: true,
        cursor: "pointer",
      });
      await page.close();
    },
  );

  it("a tab is a button with role tab that Enter presses, marked selected when open", async () => {
    const { html } = await renderSheet(CharacterSheet, await boudica());
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(html, { width: 760, height: 720, theme: "light" }));
    const tabs = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("[role='tablist'] [role='tab']")).map((tab) => ({
        tag: tab.tagName.toLowerCase(),
        selected: tab.getAttribute("aria-selected"),
        controls: document.getElementById(tab.getAttribute("aria-controls") ?? "")?.dataset.tab ?? null,
      })),
    );
    expect(tabs.map((tab) => [tab.tag, tab.selected])).toEqual([
      ["button", "true"],
      ["button", "false"],
      ["button", "false"],
      ["button", "false"],
      ["button", "false"],
    ]);
    expect(tabs[0]?.controls).toBe("character");
    // Core's tab action listens for the click that Enter gives a focused button.
    await page.evaluate(() => {
      document.addEventListener("click", (event) => {
        const tab = (event.target as HTMLElement).closest<HTMLElement>("[data-action='tab']");
        if (tab) document.body.dataset.pressedTab = tab.dataset.tab;
      });
    });
    await page.focus("[role='tab'][data-tab='inventory']");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.body.dataset.pressedTab)).toBe("inventory");
    await page.close();
  });
});
