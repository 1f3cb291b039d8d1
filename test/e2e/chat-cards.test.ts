import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { session } from "../fake-foundry/install";
import { answerDialog, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "../foundry/boot";
import { RESULTS, findOverflow, launchBrowser, pageHtml } from "../support/browser";

await bootBrink();
const { promptAttack, promptTest } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The chat sidebar is about 300 px wide; cards must fit it. */
async function shoot(name: string, content: string, theme: "light" | "dark") {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const html = `<div class="application theme-light"><section class="window-content" style="padding:8px">${content}</section></div>`;
  await page.setContent(pageHtml(html, { width: 300, height: 700, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [
    ".brink-card",
    ".target",
    ".card-luck",
    ".card-total",
    ".pool",
    ".card-buttons button",
  ]);
  await page.close();
  return overflow;
}

describe("chat cards in Chromium", () => {
  it("an attack card against two targets fits the chat column, in light and dark", async () => {
    const actor = (await Actor.implementation.create({
      name: "Boudica",
      type: "character",
      system: { skills: { combat: { die: 6 } }, proficiencies: ["martial"] },
      items: [
        {
          name: "Spear",
          type: "weapon",
          system: {
            attributes: ["str"],
            proficiencies: ["martial"],
            damage: 4,
            criticalDamage: 8,
            criticalThreshold: 19,
            damageType: "piercing",
          },
        },
      ],
    })) as BrinkActor;
    for (const [name, col] of [
      ["Guard with a very long name indeed", 5],
      ["Guard Captain", 9],
    ] as const) {
      const foe = await Actor.implementation.create({
        name,
        type: "npc",
        system: { evasion: 6, deflection: { physical: 8, elemental: 0 } },
      });
      session.user.targets.add(placeToken(foe as BrinkActor, col, 5));
    }
    queueDice(2, 3, 10, 6, 5, 19);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    const content = (game.messages.contents.at(-1) as unknown as { content: string }).content;
    expect(await shoot("attack-card-light", content, "light")).toEqual([]);
    expect(await shoot("attack-card-dark", content, "dark")).toEqual([]);
  });

  it("an attack card after a block and the damage that got through, in light and dark", async () => {
    const owner = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    const actor = (await Actor.implementation.create({
      name: "Guard Captain",
      type: "npc",
      items: [
        {
          name: "Longsword",
          type: "weapon",
          system: { attributes: ["str"], damage: 5, damageType: "slashing" },
        },
      ],
    })) as BrinkActor;
    const target = (await Actor.implementation.create({
      name: "Boudica",
      type: "character",
      ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, gm: owner },
      system: { evasion: 4, endurance: { value: 12, max: 12 } },
      items: [
        {
          name: "Round shield",
          type: "shield",
          system: { block: 3, equipped: true, durability: { value: 2, max: 4 } },
        },
      ],
    })) as BrinkActor;
    const token = placeToken(target, 3, 3);
    session.user.targets.clear();
    session.user.targets.add(token);
    queueDice(6, 12);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(actor, actor.items.getName("Longsword") as Item.Implementation);
    const card = game.messages.contents.at(-1) as unknown as { id: string; content: string };
    const request = onCard(card, token);
    await requestCardAction("react", { ...request, kind: "block" });
    await requestCardAction("apply", request);
    const content = (game.messages.get(card.id) as unknown as { content: string }).content;
    expect(content).toContain("Blocks: block value 3");
    expect(await shoot("attack-card-block-light", content, "light")).toEqual([]);
    expect(await shoot("attack-card-block-dark", content, "dark")).toEqual([]);
  });

  it("a test card with advantage fits the chat column", async () => {
    const actor = (await Actor.implementation.create({
      name: "Clementine",
      type: "character",
    })) as BrinkActor;
    queueDice(2, 5, 6, 6, 20);
    answerDialog({ attribute: "dex", skill: "sneak", advantage: "1", modifier: "1", difficulty: "10" });
    await promptTest(actor, { skill: "sneak" });
    const content = (game.messages.contents.at(-1) as unknown as { content: string }).content;
    expect(await shoot("test-card", content, "light")).toEqual([]);
  });
});
