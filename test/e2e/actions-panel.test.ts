import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers } from "../fake-foundry/ui";
import {
  bootCombat,
  player,
  rolandAgainstGuard,
  renderTracker,
  type Fight,
} from "../foundry/combat-fixtures";
import { RESULTS, findOverflow, launchBrowser, pageHtml } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { ROOT } from "../support/render";
import { clickAction, openSheet, renderSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";

await bootCombat();
const { CharacterSheet } = await import("../../src/applications/sheets");

/** RULES §3, S4: the actions panel as a player sees it on the sheet and in the tracker's acting row. */

const rolandsPlayer = player("roland-player");
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);

const PANEL_SELECTORS = [
  ".brink-actions-panel",
  ".actions-bar",
  ".actions-toolbar",
  ".actions-extended",
  ".actions-list",
  ".action-take",
  ".reason",
  ".hint",
];

/** Brink's status icons inlined, as the tracker test does: the page has no server. */
const inlineSystemImages = (html: string) =>
  html.replace(/src="systems\/brink\/([^"]+\.svg)"/g, (_match, path: string) => {
    const svg = readFileSync(join(ROOT, path));
    return `src="data:image/svg+xml;base64,${svg.toString("base64")}"`;
  });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  resetWorld();
  clearDialogAnswers();
});

/**
 * Roland on his own turn: he has moved (one action) and begun a three-action reload with the two he
 * had left, so it has one still to pay. Continue waits for his next turn (no actions left), Abandon
 * is there now, and every other action waits for the reload to be finished or abandoned.
 * (The rules never leave an extended action pending with actions still in hand: starting or
 * continuing one pays every action the turn has.)
 */
async function rolandMidReload(): Promise<Fight> {
  const f = await rolandAgainstGuard(rolandsPlayer);
  await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
  const sheet = (await asRoland(() =>
    openSheet(CharacterSheet, f.actor("Roland")),
  )) as DocumentSheetSurface<unknown>;
  await asRoland(() => clickAction(sheet, ".action-row[data-key='move'] [data-action='panelAction']"));
  await sheet.render();
  answerDialog({ name: "reload", cost: 3 });
  await asRoland(() => clickAction(sheet, ".action-row[data-key='custom'] [data-action='panelAction']"));
  expect(f.member("Roland").economy).toMatchObject({
    moved: true,
    actionsLeft: 0,
    extended: { key: "reload", remaining: 1 },
  });
  await f.combat.whenSynced();
  return f;
}

interface PanelLook {
  panels: number;
  status: string;
  /** How far the sheet's tab strip's bottom edge lies below the window's (0 when inside). */
  tabsBelowWindow: number;
  extended: string;
  /** Each reason: its text, and whether all of it shows inside the panel. */
  reasons: { text: string; shown: boolean }[];
  /** The panel's controls a keyboard reaches with Tab, in order. */
  tabStops: string[];
}

async function lookAtPanel(page: Page): Promise<PanelLook> {
  const look = await page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>(".brink-actions-panel");
    const frame = panel?.getBoundingClientRect();
    const text = (element: Element | null | undefined) =>
      element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
    return {
      panels: document.querySelectorAll(".brink-actions-panel").length,
      status: text(panel?.querySelector(".actions-status")),
      tabsBelowWindow: Math.max(
        0,
        (document.querySelector(".sheet-tabs")?.getBoundingClientRect().bottom ?? 0) -
          (document.querySelector(".application")?.getBoundingClientRect().bottom ?? 0),
      ),
      extended: text(panel?.querySelector(".actions-extended")),
      // The reasons in view: the closed menu's are not.
      reasons: [...(panel?.querySelectorAll<HTMLElement>(".reason") ?? [])]
        .filter((reason) => !reason.closest("[hidden]"))
        .map((reason) => {
          const box = reason.getBoundingClientRect();
          const shown =
            frame !== undefined &&
            box.width > 0 &&
            box.height > 0 &&
            reason.scrollWidth <= reason.clientWidth + 1 &&
            box.left >= frame.left - 1 &&
            box.right <= frame.right + 1;
          return { text: text(reason), shown };
        }),
    };
  });
  const tabStops: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let press = 0; press < 200; press += 1) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return null;
      if (!active.closest(".brink-actions-panel")) return "";
      return active.dataset.key ?? active.dataset.action ?? active.textContent?.trim() ?? "?";
    });
    if (stop === null) break;
    if (stop !== "") {
      if (tabStops.includes(stop)) break;
      tabStops.push(stop);
    }
  }
  return { ...look, tabStops };
}

async function shoot(
  name: string,
  html: string,
  size: { width: number; height: number },
  theme: "light" | "dark",
  layout: string[],
  scrollToPanel = true,
) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(inlineSystemImages(html), { ...size, theme }));
  // On the sheet the panel sits below the header; the shot starts at the panel to show as much as fits.
  if (scrollToPanel) {
    await page.evaluate(() =>
      document.querySelector(".brink-actions-panel")?.scrollIntoView({ block: "start" }),
    );
  }
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [...PANEL_SELECTORS, ...layout]);
  const lowContrast = await lowContrastText(page, ".brink-actions-panel");
  const look = await lookAtPanel(page);
  await page.close();
  return { overflow, lowContrast, look };
}

/** Said once each: the reload's line names what to finish, Continue why it waits. */
const EXPECTED_EXTENDED = "Finish or abandon reload (1 to pay) first Continue No actions left Abandon";

describe("the actions panel on Roland's sheet, on his turn mid-reload", () => {
  const cases = [
    { size: "full", width: 760, height: 720 },
    { size: "half", width: 520, height: 720 },
  ] as const;
  const themes = ["light", "dark"] as const;

  it.each(cases.flatMap((size) => themes.map((theme) => ({ ...size, theme }))))(
    "$size width ($width px), $theme: every row, cost and reason readable, nothing spilling out",
    async ({ size, width, height, theme }) => {
      const f = await rolandMidReload();
      const { html } = await asRoland(() => renderSheet(CharacterSheet, f.actor("Roland")));
      const result = await shoot(`actions-panel-sheet-${size}-${theme}`, html, { width, height }, theme, [
        ".sheet-tabs",
        ".brink-header",
      ]);
      expect(result.overflow).toEqual([]);
      expect(result.lowContrast).toEqual([]);
      expect(result.look.panels).toBe(1);
      expect(result.look.status).toBe("Your turn · 0 actions left");
      expect(result.look.extended).toBe(EXPECTED_EXTENDED);
      expect(result.look.reasons.map((reason) => reason.text)).toEqual(["No actions left"]);
      expect(result.look.reasons.filter((reason) => !reason.shown)).toEqual([]);
      // The toolbar is one Tab stop (End turn: nothing else can be taken), then Abandon.
      expect(result.look.tabStops).toEqual(["panelEndTurn", "abandonExtended"]);
      // Before the panel was a toolbar, the tabs sat below the window's bottom edge.
      expect(result.look.tabsBelowWindow).toBe(0);
    },
  );
});

describe("the actions panel in the tracker's acting row, in the 300 px sidebar", () => {
  it.each(["light", "dark"] as const)("Roland's row shows his panel whole (%s)", async (theme) => {
    const f = await rolandMidReload();
    const { html } = await asRoland(() => renderTracker());
    const result = await shoot(
      `actions-panel-tracker-${theme}`,
      html,
      { width: 300, height: 760 },
      theme,
      [".brink-member", ".member-main", ".member-economy"],
      false,
    );
    expect(result.overflow).toEqual([]);
    expect(result.lowContrast).toEqual([]);
    expect(result.look.panels).toBe(1);
    expect(html).toContain(`data-combatant-id="${f.member("Roland").id ?? ""}"`);
    expect(result.look.extended).toBe(EXPECTED_EXTENDED);
    expect(result.look.reasons.map((reason) => reason.text)).toEqual(["No actions left"]);
    expect(result.look.reasons.filter((reason) => !reason.shown)).toEqual([]);
    // The tracker keeps its own End turn: the bar's one Tab stop is its menu.
    expect(result.look.tabStops).toEqual(["toggleActionsMenu", "abandonExtended"]);
  });
});
