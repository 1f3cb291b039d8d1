/**
 * The GM's exploration panel and the exploration cards drawn in Chromium with the system CSS, in
 * light and dark: the panel fits its 420 px window, the cards fit the chat column, and all their
 * text stays readable.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeScene } from "../fake-foundry/combat";
import { queueDice } from "../fake-foundry/dice";
import { settings } from "../fake-foundry/install";
import { bootBrink } from "../foundry/boot";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { createRenderer } from "../support/render";

await bootBrink();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { ExplorationPanel } = await import("../../src/applications/exploration");
const { requestCorruption, requestResilience, requestReturn, requestSetLight, requestTravelTurn } =
  await import("../../src/workflows/exploration");

const render = createRenderer();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function party() {
  const make = (name: string, items: object[], system: object = {}) =>
    Actor.implementation.create({ name, type: "character", items, system } as never);
  const roland = await make(
    "Roland",
    [{ name: "Torch", type: "gear", system: { equipped: true, quantity: 3, light: { hours: 1 } } }],
    { attributes: { str: { die: 12 } } },
  );
  const petra = await make("Petra", [
    { name: "Lantern", type: "gear", system: { equipped: true, light: { hours: 3, consumed: false } } },
    { name: "Purse of coins", type: "gear", system: {} },
  ]);
  const scene = await FakeScene.create({
    name: "Sunken Crypt",
    tokens: [roland, petra].map((actor, index) => ({
      name: actor?.name,
      x: index * 100,
      y: 0,
      actorId: actor?.id,
      actorLink: true,
      disposition: 1,
    })),
  });
  Object.assign(canvas as object, { scene });
  return { scene, roland: roland as Actor.Implementation, petra: petra as Actor.Implementation };
}

async function panelHtml(): Promise<string> {
  const panel = new ExplorationPanel({});
  const context = await panel._prepareContext({});
  const parts = Object.values(ExplorationPanel.PARTS as Record<string, { template: string }>).map((part) =>
    render(part.template, context),
  );
  const classes = ((panel.options.classes as string[] | undefined) ?? []).join(" ");
  return `<div class="application ${classes}"><section class="window-content">${parts.join("\n")}</section></div>`;
}

async function look(name: string, html: string, theme: Theme, width: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { width, height: 700, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [
    ".brink-exploration-panel section",
    ".brink-exploration-panel button",
    ".brink-exploration-panel label",
    ".brink-card",
    ".exploration-lines li",
    ".brink-card button",
  ]);
  const lowContrast = await lowContrastText(page, width === 300 ? ".chat-log" : ".application");
  await page.close();
  return { overflow, lowContrast };
}

const cardContent = async () => {
  const card = game.messages.contents.at(-1);
  return (card?.system as unknown as { renderContent(): Promise<string> }).renderContent();
};

describe("exploration in Chromium", () => {
  it.each(["light", "dark"] as const)(
    "the GM's panel is readable and fits its window (%s)",
    async (theme) => {
      await party();
      await settings.set("brink", "travelTurns", 3);
      // The light control shows only with the light levels rule on.
      await settings.set("brink", "lightLevels", true);
      const seen = await look(`exploration-panel-${theme}`, await panelHtml(), theme, 420);
      expect(seen.overflow).toEqual([]);
      expect(seen.lowContrast).toEqual([]);
    },
  );

  it.each(["light", "dark"] as const)(
    "a travel turn card and a return card fit the chat column (%s)",
    async (theme) => {
      const { scene, roland, petra } = await party();
      await settings.set("brink", "travelTurns", 3);
      queueDice(5, 17);
      await requestTravelTurn(scene.id ?? "", "cautious");
      const travel = await cardContent();
      queueDice(15, 12, 2, 5);
      await requestReturn([roland.uuid, petra.uuid], "dangerous");
      const back = await cardContent();
      const seen = await look(`exploration-cards-${theme}`, chatLogHtml([travel, back], theme), theme, 300);
      expect(seen.overflow).toEqual([]);
      expect(seen.lowContrast).toEqual([]);
    },
  );

  it.each(["light", "dark"] as const)(
    "a resilience card and a corruption card fit the chat column (%s)",
    async (theme) => {
      const { roland, petra } = await party();
      await settings.set("brink", "travelTurns", 9);
      queueDice(3, 14);
      await requestResilience([roland.uuid, petra.uuid]);
      const resilience = await cardContent();
      queueDice(2, 4);
      await requestCorruption([petra.uuid], 11, "con");
      const corruption = await cardContent();
      const html = chatLogHtml([resilience, corruption], theme);
      const seen = await look(`exploration-checks-${theme}`, html, theme, 300);
      expect(seen.overflow).toEqual([]);
      expect(seen.lowContrast).toEqual([]);
    },
  );

  it.each(["light", "dark"] as const)("a light card fits the chat column (%s)", async (theme) => {
    const { roland, petra } = await party();
    await settings.set("brink", "lightLevels", true);
    await petra.update({ "system.conditions": ["dim-light"] } as never);
    await requestSetLight([roland.uuid, petra.uuid], "darkness");
    const seen = await look(
      `exploration-light-${theme}`,
      chatLogHtml([await cardContent()], theme),
      theme,
      300,
    );
    expect(seen.overflow).toEqual([]);
    expect(seen.lowContrast).toEqual([]);
  });
});
