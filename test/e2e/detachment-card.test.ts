/**
 * The detachment card drawn in Chromium with the system CSS, in light and dark: formed (with the
 * GM's Disband) and disbanded (naming a member whose token was deleted), fitting the chat column
 * with readable text.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeScene } from "../fake-foundry/combat";
import { resetWorld, settings } from "../fake-foundry/install";
import { bootBrink } from "../foundry/boot";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";

await bootBrink();
// The optional rule's setting is the optional rules' own (settings/rules.ts); registered here until it lands.
if (!settings.settings.has("brink.detachments"))
  settings.register("brink", "detachments", { scope: "world", config: true, type: Boolean, default: false });
const { requestDisbandDetachment, requestFormDetachment } = await import("../../src/workflows/detachments");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function warren() {
  const goblin = await Actor.implementation.create({ name: "Goblin", type: "npc" } as never);
  const scene = (await FakeScene.create({
    name: "Goblin Warren",
    tokens: [1, 2, 3, 4, 5].map((n) => ({ name: `Goblin ${n}`, actorId: goblin?.id, x: n * 100, y: 0 })),
  })) as FakeScene;
  Object.assign(canvas as object, { scene });
  return scene;
}

const cardContent = async (index: number) => {
  const card = game.messages.contents.filter((message) => message.type === "detachment")[index];
  return (card?.system as unknown as { renderContent(): Promise<string> }).renderContent();
};

async function look(name: string, html: string, theme: Theme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { width: 300, height: 700, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [".brink-card", ".detachment-members li", ".brink-card button"]);
  const lowContrast = await lowContrastText(page, ".chat-log");
  await page.close();
  return { overflow, lowContrast };
}

describe("the detachment card in Chromium", () => {
  it.each(["light", "dark"] as const)("formed and disbanded, fits the chat column (%s)", async (theme) => {
    resetWorld();
    await settings.set("brink", "detachments", true);
    const scene = await warren();
    const ids = scene.tokens.map((token) => token.id);
    await requestFormDetachment(scene.id ?? "", ids.slice(0, 3));
    await requestFormDetachment(scene.id ?? "", ids.slice(3, 5));
    const formed = await cardContent(0);
    await scene.deleteEmbeddedDocuments("Token", [ids[4] ?? ""]);
    const second = game.messages.contents.filter((message) => message.type === "detachment")[1];
    await requestDisbandDetachment(second?.id ?? "");
    const disbanded = await cardContent(1);
    expect(formed).toContain("Disband");
    expect(disbanded).toContain("Goblin 5");
    expect(disbanded).toContain("Detachment disbanded");
    const seen = await look(`detachment-cards-${theme}`, chatLogHtml([formed, disbanded], theme), theme);
    expect(seen.overflow).toEqual([]);
    expect(seen.lowContrast).toEqual([]);
  });
});
