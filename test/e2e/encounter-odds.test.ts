/**
 * Encounter odds in Chromium (issue 28): the real Web Worker built into dist/ answers with exactly
 * the figures the simulator gives in-process; the tracker's Odds part and the planner are drawn
 * with the system CSS in light and dark, fit their windows and stay readable.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { dropData } from "../support/drag";
import { bootCombat, DISPOSITIONS, mountTracker, setUpFight } from "../foundry/combat-fixtures";
import { RESULTS, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { ROOT } from "../support/render";
import {
  combatEncounter,
  ODDS_WORKER_PATH,
  oddsHistory,
  openEncounterPlanner,
  resetOdds,
} from "../../src/applications/odds";
import { encounterOdds, type Encounter } from "../../src/rules/simulation";
import type { OddsReply } from "../../src/applications/odds/protocol";

await bootCombat();

const GOBLIN = "Compendium.brink.adversaries.Actor.lfgJ8Nc5NTlmBC59";
const ARCHER = "Compendium.brink.adversaries.Actor.scuPAzplNvZbdDaF";
const ROLAND = "Compendium.brink.characters.Actor.1rdKzLneu2npD7So";
const PETRA = "Compendium.brink.characters.Actor.l4CundUg9DXPLb2j";
const POLICY = { foes: "fight-to-the-end", party: "fight-to-the-end" } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function imported(uuid: string, name: string): Promise<Actor.Implementation> {
  const source = (await fromUuid(uuid)) as Actor.Implementation;
  const actor = await Actor.implementation.create({ ...source.toObject(), name });
  if (!actor) throw new Error(`${name} was not created`);
  return actor;
}

async function goblinFight() {
  return setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, actor: await imported(ROLAND, "Roland") },
    { name: "Petra", disposition: DISPOSITIONS.friendly, actor: await imported(PETRA, "Petra") },
    { name: "Goblin A", disposition: DISPOSITIONS.hostile, actor: await imported(GOBLIN, "Goblin A") },
    { name: "Goblin B", disposition: DISPOSITIONS.hostile, actor: await imported(GOBLIN, "Goblin B") },
    { name: "Archer", disposition: DISPOSITIONS.hostile, actor: await imported(ARCHER, "Archer") },
  ]);
}

async function look(name: string, html: string, theme: Theme, size: { width: number; height: number }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { ...size, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [
    ".brink-odds",
    ".odds-figure",
    ".odds-choices",
    ".planner-side",
    ".planner-entry",
    ".planner-odds",
  ]);
  const lowContrast = await lowContrastText(page, ".brink-odds, .brink-planner-body");
  await page.close();
  return { overflow, lowContrast };
}

describe("the odds worker in a browser", () => {
  it("dist/odds-worker.mjs answers a request with the same figures as the simulator in-process", async () => {
    resetWorld();
    const f = await goblinFight();
    const encounter: Encounter = combatEncounter(f.combat, POLICY);
    const expected = encounterOdds(encounter, { fights: 2000, seed: 5 });
    const code = readFileSync(join(ROOT, "dist/odds-worker.mjs"), "utf8");
    const page = await browser.newPage();
    // A stand-in for Foundry's server: the game page at /game, the system's files under /systems/brink/.
    await page.route("http://brink.test/**", (route) => {
      const url = route.request().url();
      if (url.endsWith(`/${ODDS_WORKER_PATH}`))
        return route.fulfill({ contentType: "text/javascript", body: code });
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>game</title>" });
    });
    await page.goto("http://brink.test/game");
    const replies = await page.evaluate(
      async ({ path, encounter }) => {
        // The path odds-client.ts starts the worker from, relative to the game page.
        const worker = new Worker(path, { type: "module" });
        const seen: unknown[] = [];
        return new Promise<unknown[]>((resolve, reject) => {
          worker.onerror = (event) => reject(new Error(`worker failed: ${event.message}`));
          worker.onmessage = (event: MessageEvent<{ final: boolean }>) => {
            seen.push(event.data);
            if (event.data.final) resolve(seen);
          };
          worker.postMessage({ id: 7, encounter, fights: 2000, seed: 5 });
        });
      },
      { path: ODDS_WORKER_PATH, encounter },
    );
    await page.close();
    // The worker warms up on the example fight when it starts (tools/example-encounter.ts), then
    // says ready; the request waits for that, then gets its first estimate and its figures.
    const [ready, first, last] = replies as OddsReply[];
    expect(ready).toEqual({ ready: true });
    expect(first).toMatchObject({ id: 7, final: false });
    expect(last).toMatchObject({ id: 7, final: true });
    expect(last && "odds" in last ? last.odds : null).toEqual(expected);
  });
});

describe("encounter odds drawn in Chromium", () => {
  it.each(["light", "dark"] as const)(
    "the tracker's Odds part, with the swing across turns (%s)",
    async (theme) => {
      resetWorld();
      resetOdds();
      const f = await goblinFight();
      const tracker = await mountTracker();
      const id = f.combat.id ?? "";
      await vi.waitFor(() => expect(oddsHistory(id)).toHaveLength(1), { timeout: 30_000 });
      await f.combat.begin({ startingTeam: f.teamId("Party") });
      await f.actor("Roland").update({ system: { health: { value: 3 }, endurance: { value: 0 } } });
      await tracker.render({ parts: ["odds"] });
      await vi.waitFor(() => expect(oddsHistory(id)).toHaveLength(2), { timeout: 30_000 });
      await f.actor("Goblin A").update({ system: { health: { value: 0 } } });
      await f.actor("Goblin A").toggleStatusEffect("unconscious", { active: true });
      await tracker.render({ parts: ["odds"] });
      await vi.waitFor(() => expect(oddsHistory(id)).toHaveLength(3), { timeout: 30_000 });
      await tracker.render();
      await vi.waitFor(() => expect(tracker.element.querySelector(".odds-swing")).not.toBeNull());
      const classes = ((tracker.options.classes as string[] | undefined) ?? []).join(" ");
      const html = `<div class="application ${classes}"><section class="window-content">${tracker.element.innerHTML}</section></div>`;
      const seen = await look(`encounter-odds-tracker-${theme}`, html, theme, { width: 300, height: 760 });
      expect(seen.overflow).toEqual([]);
      expect(seen.lowContrast).toEqual([]);
      // The GM opens the section: the figures, the swing's sparkline and the policy stored on the combat.
      const opened = html.replace('<details class="odds-details"', '<details class="odds-details" open');
      expect(opened).not.toBe(html);
      const open = await look(`encounter-odds-tracker-open-${theme}`, opened, theme, {
        width: 300,
        height: 760,
      });
      expect(open.overflow).toEqual([]);
      expect(open.lowContrast).toEqual([]);
    },
  );

  it.each(["light", "dark"] as const)("the encounter planner (%s)", async (theme) => {
    resetWorld();
    resetOdds();
    const planner = await openEncounterPlanner();
    const zone = (side: string) => planner.element.querySelector(`[data-drop-side="${side}"]`) as Element;
    dropData(zone("party"), { type: "Actor", uuid: ROLAND });
    await vi.waitFor(() => expect(planner.element.textContent).toContain("Roland"));
    dropData(zone("party"), { type: "Actor", uuid: PETRA });
    await vi.waitFor(() => expect(planner.element.textContent).toContain("Petra"));
    dropData(zone("foes"), { type: "Actor", uuid: GOBLIN });
    await vi.waitFor(() => expect(planner.element.textContent).toContain("Goblin"));
    planner.element.querySelector<HTMLElement>('[data-drop-side="foes"] [data-action="countUp"]')?.click();
    await vi.waitFor(() => expect(planner.element.textContent).toContain("× 2"));
    dropData(zone("foes"), { type: "Actor", uuid: ARCHER });
    await vi.waitFor(() => expect(planner.element.textContent).toContain("Goblin Archer"));
    await vi.waitFor(() => expect(planner.element.querySelector(".figure-partyWins dd")).not.toBeNull(), {
      timeout: 30_000,
    });
    const classes = ((planner.options.classes as string[] | undefined) ?? []).join(" ");
    const html = `<div class="application ${classes}"><section class="window-content">${planner.element.innerHTML}</section></div>`;
    const seen = await look(`encounter-planner-${theme}`, html, theme, { width: 560, height: 720 });
    await planner.close();
    expect(seen.overflow).toEqual([]);
    expect(seen.lowContrast).toEqual([]);
  });
});
