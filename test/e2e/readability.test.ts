/**
 * Every surface the harness can draw, read as a player would: nothing cut off without a tooltip
 * holding the whole text, and no text below 4.5:1 contrast. Each surface is drawn in a light UI, a
 * dark UI and a dark window in a light UI (the mixed case), at its default width and, where that
 * is wider, at 520 px. Screenshots: test-results/readable-*.png.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers, placeToken, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, midRoundFight, player, renderTracker } from "../foundry/combat-fixtures";
import { RESULTS, chatLogHtml, launchBrowser, pageHtml, type PageThemes } from "../support/browser";
import { expectReadable, type ReadabilityProblem } from "../support/readability";
import { ROOT } from "../support/render";
import { renderSheet } from "../support/sheets";
import { showcaseCharacter, showcaseNpc } from "../support/showcase";
import { OPEN_CLIPPING, type OpenClipping } from "./readability-open";
import type { BrinkActor } from "../../src/documents/actor";

await bootCombat();
const { CharacterSheet, NpcSheet, BrinkItemSheet } = await import("../../src/applications");
const { promptAttack, promptTest } = await import("../../src/applications/rolls/flows");

const THEMES: { name: string; themes: PageThemes }[] = [
  { name: "light", themes: { body: "light", application: "light" } },
  { name: "dark", themes: { body: "dark", application: "dark" } },
  { name: "mixed", themes: { body: "light", application: "dark" } },
];

/** The narrow width a player may drag a window down to on a small screen. */
const NARROW = 520;

interface Surface {
  name: string;
  /** Default window size; sidebar surfaces are 300 px wide. */
  size: { width: number; height: number };
  place: "window" | "chat log";
  html: () => Promise<string>;
}

/** The page has no server: Brink's own images are inlined so icons and portraits draw. */
const inlineSystemImages = (html: string) =>
  html.replace(/src="systems\/brink\/([^"]+\.svg)"/g, (_match, path: string) => {
    const svg = readFileSync(join(ROOT, path));
    return `src="data:image/svg+xml;base64,${svg.toString("base64")}"`;
  });

/** A DialogV2 window as v13 frames it: title bar, the content inside a form, the confirm button. */
const dialogWindow = ({ title, content }: { title: string; content: string }) =>
  `<div class="application dialog"><header class="window-header"><h1 class="window-title">${title}</h1></header>
  <section class="window-content"><form class="dialog-form">${content}<footer class="form-footer">
  <button type="submit" class="default"><i class="fa-solid fa-dice-d20"></i> Roll</button></footer></form></section></div>`;

const lastCard = () => (game.messages.contents.at(-1) as unknown as { content: string }).content;

async function targetFoes(...names: string[]) {
  session.user.targets.clear();
  for (const [index, name] of names.entries()) {
    const foe = await Actor.implementation.create({
      name,
      type: "npc",
      system: { evasion: 6, deflection: { physical: 8, elemental: 0 } },
    });
    session.user.targets.add(placeToken(foe as BrinkActor, 4 + index * 2, 4));
  }
}

const ATTACK_SPEAR = {
  attributes: ["str"],
  proficiencies: ["martial"],
  damage: 4,
  criticalDamage: 8,
  criticalThreshold: 19,
  damageType: "piercing",
};

const characterTab = (tab: string): Surface => ({
  name: `character-${tab}`,
  size: { width: 760, height: 720 },
  place: "window",
  html: async () =>
    (await renderSheet(CharacterSheet, await showcaseCharacter(), (s) => (s.tabGroups.primary = tab))).html,
});

const SURFACES: Surface[] = [
  ...["character", "inventory", "consequences", "biography"].map(characterTab),
  {
    name: "npc",
    size: { width: 520, height: 600 },
    place: "window",
    html: async () => (await renderSheet(NpcSheet, await showcaseNpc())).html,
  },
  {
    name: "weapon",
    size: { width: 520, height: 560 },
    place: "window",
    html: async () => {
      const spear = (await showcaseCharacter()).items.getName("Spear") as Item.Implementation;
      return (await renderSheet(BrinkItemSheet, spear)).html;
    },
  },
  {
    name: "attack-card",
    size: { width: 300, height: 700 },
    place: "chat log",
    html: async () => {
      const actor = (await Actor.implementation.create({
        name: "Boudica",
        type: "character",
        system: { skills: { combat: { die: 6 } }, proficiencies: ["martial"] },
        items: [{ name: "Spear", type: "weapon", system: ATTACK_SPEAR }],
      })) as BrinkActor;
      await targetFoes("Guard with a very long name indeed", "Guard Captain");
      queueDice(2, 3, 10, 6, 5, 19);
      answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
      await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
      return lastCard();
    },
  },
  {
    name: "test-card",
    size: { width: 300, height: 700 },
    place: "chat log",
    html: async () => {
      queueDice(2, 5, 6, 6, 20);
      answerDialog({ attribute: "dex", skill: "sneak", advantage: "1", modifier: "1", difficulty: "10" });
      const actor = await Actor.implementation.create({ name: "Clementine", type: "character" });
      await promptTest(actor as BrinkActor, { skill: "sneak" });
      return lastCard();
    },
  },
  {
    name: "tracker-gm",
    size: { width: 300, height: 760 },
    place: "window",
    html: async () => {
      await midRoundFight();
      return inlineSystemImages((await renderTracker()).html);
    },
  },
  {
    name: "tracker-player",
    size: { width: 300, height: 760 },
    place: "window",
    html: async () => {
      const fight = await midRoundFight();
      for (const name of ["Guard", "Innkeeper"]) {
        await fight.combat.takeTurn(fight.member(name).id ?? "");
        await fight.combat.endTurn();
      }
      return inlineSystemImages((await asUser(player("clementine-player"), () => renderTracker())).html);
    },
  },
  {
    name: "test-dialog",
    size: { width: 400, height: 520 },
    place: "window",
    html: async () => {
      answerDialog(null);
      await promptTest(await showcaseCharacter(), { skill: "combat" });
      return dialogWindow(shownDialogs.at(-1) ?? { title: "", content: "" });
    },
  },
  {
    name: "attack-dialog",
    size: { width: 400, height: 520 },
    place: "window",
    html: async () => {
      const actor = await showcaseCharacter();
      await targetFoes("Guard with a very long name indeed", "Guard Captain");
      answerDialog(null);
      await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
      return dialogWindow(shownDialogs.at(-1) ?? { title: "", content: "" });
    },
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
/** Every problem found, by page, kept beside the screenshots for whoever fixes them. */
const report: Record<string, ReadabilityProblem[]> = {};
afterAll(async () => {
  await browser?.close();
  writeFileSync(join(RESULTS, "readability.json"), JSON.stringify(report, null, 2));
});

const widths = (surface: Surface) =>
  surface.place === "window" && surface.size.width > NARROW
    ? [surface.size.width, NARROW]
    : [surface.size.width];

const listed = (entry: OpenClipping, page: string, problem: ReadabilityProblem) =>
  problem.problem === "clipped" &&
  page.startsWith(`readable-${entry.surface}-`) &&
  problem.selector === entry.selector &&
  problem.text === entry.text;

async function expectSurfaceReadable(surface: Surface, html: string, theme: (typeof THEMES)[number]) {
  for (const width of widths(surface)) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const body =
      surface.place === "chat log"
        ? chatLogHtml([html], theme.themes.application ?? theme.themes.body)
        : html;
    await page.setContent(pageHtml(body, { ...surface.size, width, theme: theme.themes }));
    await page.evaluate(() => document.fonts.ready);
    const name = `readable-${surface.name}-${width}-${theme.name}`;
    await page.screenshot({ path: join(RESULTS, `${name}.png`) });
    const root = surface.place === "chat log" ? ".chat-log" : ".application";
    const problems = await expectReadable(page, root, {
      label: name,
      open: (problem) => OPEN_CLIPPING.some((entry) => listed(entry, name, problem)),
    });
    if (problems.length > 0) report[name] = problems;
    await page.close();
  }
}

describe.each(THEMES)("readable in the $name theme", (theme) => {
  it.each(SURFACES)("the $name", async (surface) => {
    resetWorld();
    clearDice();
    clearDialogAnswers();
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
