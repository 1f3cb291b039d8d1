/**
 * Every surface a user meets, read as a player would: nothing cut off without a tooltip holding the
 * whole text, no text below 4.5:1 contrast, and nothing axe-core finds against WCAG 2.1 A/AA
 * (names, roles, labels, contrast: support/accessibility.ts). The surfaces (./surfaces/) are the character sheet
 * on every tab, the NPC sheet, an item sheet of every type, every dialog Brink opens, every chat
 * card (and its after-states), the tracker (GM and player, team and dexterity order), the settings
 * menus and the exploration panel, each built by Brink's own code path. Each is drawn in a light UI,
 * a dark UI and a dark window in a light UI (the mixed case), on a 1280×800 screen, at its default
 * width and, for a window, at 520 px too. Screenshots: test-results/readable-*.png.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import { clearCanvas, clearDialogAnswers } from "../fake-foundry/ui";
import { bootCombat } from "../foundry/combat-fixtures";
import { RESULTS, chatLogHtml, launchBrowser, pageHtml, type PageThemes } from "../support/browser";
import { accessibilityProblems, type AxeProblem } from "../support/accessibility";
import { expectReadable, type ReadabilityProblem } from "../support/readability";
import { OPEN_CLIPPING, type OpenClipping } from "./readability-open";
import type { Surface } from "./surfaces/frame";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { SHEETS } = await import("./surfaces/sheets");
const { DIALOGS } = await import("./surfaces/dialogs");
const { CARDS } = await import("./surfaces/cards");
const { WINDOWS } = await import("./surfaces/windows");

const THEMES: { name: string; themes: PageThemes }[] = [
  { name: "light", themes: { body: "light", application: "light" } },
  { name: "dark", themes: { body: "dark", application: "dark" } },
  { name: "mixed", themes: { body: "light", application: "dark" } },
];

/** The narrow width a player may drag a window down to on a small screen. */
const NARROW = 520;

const SURFACES: Surface[] = [...SHEETS, ...DIALOGS, ...CARDS, ...WINDOWS];

let browser: Browser;
/** One page for every surface: each is set into it in turn. */
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  // axe-core's Playwright integration needs a page from a context of its own.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});
/** Every problem found, by page, kept beside the screenshots for whoever fixes them. */
const report: Record<string, ReadabilityProblem[]> = {};
const axeReport: Record<string, AxeProblem[]> = {};
afterAll(async () => {
  await browser?.close();
  writeFileSync(join(RESULTS, "readability.json"), JSON.stringify(report, null, 2));
  writeFileSync(join(RESULTS, "accessibility.json"), JSON.stringify(axeReport, null, 2));
});

/** A window is read at its default width and at 520 px; a card at the chat column's width. */
const widths = (surface: Surface) =>
  surface.widths ??
  (surface.place === "window" && surface.size.width !== NARROW
    ? [surface.size.width, NARROW]
    : [surface.size.width]);

const listed = (entry: OpenClipping, page: string, problem: ReadabilityProblem) =>
  problem.problem === "clipped" &&
  page.startsWith(`readable-${entry.surface}-`) &&
  problem.selector === entry.selector &&
  problem.text === entry.text;

async function expectSurfaceReadable(surface: Surface, html: string, theme: (typeof THEMES)[number]) {
  for (const width of widths(surface)) {
    const body =
      surface.place === "chat log"
        ? chatLogHtml([html], theme.themes.application ?? theme.themes.body)
        : html;
    await page.setContent(pageHtml(body, { ...surface.size, width, theme: theme.themes }));
    if (surface.autoHeight)
      await page.evaluate(() =>
        document.querySelector<HTMLElement>(".application")?.style.setProperty("height", "auto"),
      );
    await surface.use?.(page);
    await page.evaluate(() => document.fonts.ready);
    const name = `readable-${surface.name}-${width}-${theme.name}`;
    await page.screenshot({ path: join(RESULTS, `${name}.png`) });
    const root = surface.place === "chat log" ? ".chat-log" : ".application";
    const problems = await expectReadable(page, root, {
      label: name,
      open: (problem) => OPEN_CLIPPING.some((entry) => listed(entry, name, problem)),
    });
    if (problems.length > 0) report[name] = problems;
    // Names and roles do not change with the width; axe reads each surface once per theme.
    if (width !== widths(surface)[0]) continue;
    const axe = await accessibilityProblems(page, root);
    if (axe.length > 0) axeReport[name] = axe;
    expect.soft({ surface: name, axe }).toEqual({ surface: name, axe: [] });
  }
}

describe.each(THEMES)("readable in the $name theme", (theme) => {
  it.each(SURFACES)("the $name", async (surface) => {
    resetWorld();
    clearDice();
    clearDialogAnswers();
    clearCanvas();
    session.user.targets.clear();
    await expectSurfaceReadable(surface, await surface.html(), theme);
  });
});

describe("the open clipping list", () => {
  it("names only problems a page still shows (runs after every surface above)", () => {
    const stale = OPEN_CLIPPING.filter(
      (entry) =>
        !Object.entries(report).some(([page, problems]) =>
          problems.some((problem) => listed(entry, page, problem)),
        ),
    );
    expect(stale).toEqual([]);
  });
});
