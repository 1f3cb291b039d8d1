/**
 * A direct-damage attack card (RULES §7.3) in the chat column: two weapons' dice with whose and why,
 * the one kept, and the damage after deflection, applied past zero health (critical damage), in
 * light and dark.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { session, settings } from "../fake-foundry/install";
import { answerDialog, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "../foundry/boot";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shoot(name: string, content: string, theme: Theme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(chatLogHtml([content], theme), { width: 300, height: 700, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [
    ".brink-card",
    ".target",
    ".direct-die",
    ".card-buttons button",
  ]);
  const contrast = await lowContrastText(page, ".brink-card");
  await page.close();
  return { overflow, contrast };
}

describe("a direct-damage card in Chromium", () => {
  it("fits the chat column and is readable, before and after critical damage", async () => {
    await settings.set("brink", "damageRule", "direct");
    const weapon = (name: string, damageDie: number) => ({
      name,
      type: "weapon",
      system: { attributes: ["str"], damage: 4, damageDie, damageType: "slashing", equipped: true },
    });
    const roland = (await Actor.implementation.create({
      name: "Roland",
      type: "character",
      items: [weapon("Longsword", 8), weapon("Dagger", 6)],
    } as never)) as BrinkActor;
    const ostrog = (await Actor.implementation.create({
      name: "Ostrog the Unyielding",
      type: "npc",
      system: {
        deflection: { physical: 1, elemental: 0 },
        endurance: { value: 0, max: 6 },
        health: { value: 2, max: 8 },
        attributes: { str: { die: 10 } },
      },
    } as never)) as BrinkActor;
    const token = placeToken(ostrog, 5, 5);
    session.user.targets.add(token);
    queueDice(7, 4);
    answerDialog({ position: "normal", offhandId: roland.items.getName("Dagger")?.id ?? "" });
    await promptAttack(roland, roland.items.getName("Longsword") as Item.Implementation);
    const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
    for (const theme of ["light", "dark"] as const)
      expect(await shoot(`direct-card-${theme}`, card.content, theme)).toEqual({
        overflow: [],
        contrast: [],
      });

    queueDice(15); // the STR test fails
    await requestCardAction("apply", onCard(card, token));
    const applied = (game.messages.get(card.id ?? "") as unknown as { content: string }).content;
    expect(applied).toContain("Critical damage");
    for (const theme of ["light", "dark"] as const)
      expect(await shoot(`direct-card-applied-${theme}`, applied, theme)).toEqual({
        overflow: [],
        contrast: [],
      });
  });
});
