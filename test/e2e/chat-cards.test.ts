import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { session } from "../fake-foundry/install";
import { answerDialog, placeToken, sceneOnCanvas } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "../foundry/boot";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { flatten, lowContrastText, luminance } from "../support/contrast";

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

/** The card as the chat log draws it for this client's user: from its record, with their buttons. */
async function drawn(id: string | null | undefined): Promise<string> {
  const message = game.messages.get(id ?? "") as unknown as { system: { renderContent(): Promise<string> } };
  return message.system.renderContent();
}

/** The chat sidebar is about 300 px wide; cards must fit it. */
async function shoot(name: string, content: string, theme: Theme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(chatLogHtml([content], theme), { width: 300, height: 700, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [
    ".brink-card",
    ".target",
    ".card-luck",
    ".card-total",
    ".pool",
    ".card-buttons button",
    ".defender-reactions",
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
    // Several targets take a blast weapon: any other attacks one target per action (RULES §3/§4).
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Fire flask",
        type: "weapon",
        system: { attributes: ["str"], damage: 4, damageType: "fire", properties: ["blast"] },
      },
    ]);
    queueDice(2, 3, 19);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    Object.assign(canvas as object, { scene: sceneOnCanvas() });
    await promptAttack(actor, actor.items.getName("Fire flask") as Item.Implementation);
    const content = await drawn(game.messages.contents.at(-1)?.id);
    expect(content).toContain("Attack total");
    expect(content).toContain('data-action="pan-to-target"');
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
    const open = await drawn(card.id);
    expect(open).toContain("defender-reactions");
    expect(await shoot("attack-card-open-light", open, "light")).toEqual([]);
    expect(await shoot("attack-card-open-dark", open, "dark")).toEqual([]);
    await requestCardAction("react", { ...request, kind: "block" });
    const blocked = await drawn(card.id);
    expect(blocked).toContain("after Block");
    expect(await shoot("attack-card-blocked-light", blocked, "light")).toEqual([]);
    await requestCardAction("apply", request);
    const content = await drawn(card.id);
    expect(content).toMatch(/Blocks \d+: block value 3 stops \d+, the item takes \d+; it absorbs/);
    expect(await shoot("attack-card-block-light", content, "light")).toEqual([]);
    expect(await shoot("attack-card-block-dark", content, "dark")).toEqual([]);
  });

  it("a test card with advantage fits the chat column", async () => {
    const actor = (await Actor.implementation.create({
      name: "Clementine",
      type: "character",
      system: { skills: { sneak: { die: 6 } } },
    } as never)) as BrinkActor;
    queueDice(2, 5, 6, 6, 20);
    answerDialog({ attribute: "dex", skill: "sneak", advantage: "1", modifier: "1", difficulty: "10" });
    await promptTest(actor, { skill: "sneak" });
    const content = (game.messages.contents.at(-1) as unknown as { content: string }).content;
    expect(content).toContain('data-tooltip="Dexterity d6"');
    expect(content).toContain("Dexterity d6 + Sneak d6");
    expect(await shoot("test-card", content, "light")).toEqual([]);
    expect(await shoot("test-card-dark", content, "dark")).toEqual([]);
  });
});

/**
 * In v13 the chat log lives in the sidebar: `#interface` and the log carry the Interface theme,
 * while <body> carries the Applications theme. A card must look like the log it sits in.
 */
describe("chat cards take their palette from the chat log they sit in", () => {
  const CASES: { name: string; body: Theme; chatLog: Theme }[] = [
    { name: "light", body: "light", chatLog: "light" },
    { name: "dark", body: "dark", chatLog: "dark" },
    { name: "light-log-dark-body", body: "dark", chatLog: "light" },
    { name: "dark-log-light-body", body: "light", chatLog: "dark" },
  ];

  async function cardLook(name: string, content: string, body: Theme, chatLog: Theme) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(
      pageHtml(chatLogHtml([content], chatLog), {
        width: 300,
        height: 700,
        theme: { body, application: null },
      }),
    );
    await page.screenshot({ path: join(RESULTS, `${name}.png`) });
    const colours = await page.evaluate(() => {
      const card = document.querySelector(".brink-card");
      const style = card ? getComputedStyle(card) : null;
      return { panel: style?.backgroundColor ?? "", ink: style?.color ?? "" };
    });
    const lowContrast = await lowContrastText(page, ".chat-log");
    await page.close();
    return { ...colours, lowContrast };
  }

  it("an attack card is light in a light log and dark in a dark log, whatever the body says", async () => {
    const actor = (await Actor.implementation.create({
      name: "Boudica",
      type: "character",
      system: { skills: { combat: { die: 6 } } },
      items: [{ name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4 } }],
    })) as BrinkActor;
    const foe = await Actor.implementation.create({ name: "Guard", type: "npc", system: { evasion: 6 } });
    session.user.targets.clear();
    session.user.targets.add(placeToken(foe as BrinkActor, 4, 4));
    clearDice();
    queueDice(2, 3, 10, 6);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    const content = (game.messages.contents.at(-1) as unknown as { content: string }).content;
    const looks = new Map<string, Awaited<ReturnType<typeof cardLook>>>();
    for (const { name, body, chatLog } of CASES) {
      looks.set(name, await cardLook(`theme-attack-card-${name}`, content, body, chatLog));
    }
    const light = looks.get("light");
    const dark = looks.get("dark");
    if (!light || !dark) throw new Error("reference looks missing");
    expect(luminance(flatten([light.panel]))).toBeGreaterThan(0.6);
    expect(luminance(flatten([dark.panel]))).toBeLessThan(0.1);
    for (const { name, chatLog } of CASES) {
      const reference = chatLog === "light" ? light : dark;
      const seen = looks.get(name);
      expect({ case: name, panel: seen?.panel, ink: seen?.ink, lowContrast: seen?.lowContrast }).toEqual({
        case: name,
        panel: reference.panel,
        ink: reference.ink,
        lowContrast: [],
      });
    }
  });
});
