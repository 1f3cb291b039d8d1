import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, setUpFight } from "../foundry/combat-fixtures";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml } from "../support/browser";
import { lowContrastText } from "../support/contrast";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { emergencyRetreat } = await import("../../src/applications/retreat");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CARD_PARTS = [
  ".brink-card",
  ".recovery-character",
  ".character-header",
  ".roll-line",
  ".consequence",
  ".card-buttons",
];
const DIALOG_PARTS = [".brink-dialog", ".recovery-member", ".member-name", ".member-note"];

/** A dialog is a window; a card sits in the sidebar's chat log. Both must fit and stay readable. */
async function shoot(
  name: string,
  content: string,
  size: { width: number; height: number },
  parts: string[],
  place: "window" | "chat log",
) {
  const page = await browser.newPage({ viewport: { width: 1280, height: Math.max(800, size.height + 80) } });
  const theme = name.endsWith("dark") ? "dark" : "light";
  const html =
    place === "chat log"
      ? chatLogHtml([content], theme)
      : `<div class="application brink"><section class="window-content" style="padding:8px;overflow:auto">${content}</section></div>`;
  await page.setContent(pageHtml(html, { ...size, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, parts);
  const lowContrast = await lowContrastText(page, place === "chat log" ? ".chat-log" : ".application");
  await page.close();
  return { overflow, lowContrast };
}

/** Four characters with long names, one of them down, one wearing what she may drop. */
async function party() {
  const fight = await setUpFight([
    { name: "Agnessa of the Long Road", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Boudica", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Clementine Ashdown-Featherstonehaugh", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Fabian", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.actor("Agnessa of the Long Road").update({
    system: { level: 3, hitDice: { value: 3, max: 3 } },
  });
  await fight.actor("Clementine Ashdown-Featherstonehaugh").createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { equipped: true } },
    { name: "Round shield", type: "shield", system: { equipped: true } },
  ]);
  await fight.actor("Fabian").update({ system: { health: { value: 0, max: 10 } } });
  return fight;
}

describe("the Emergency Retreat in Chromium", () => {
  it("the dialog lists the party team, each with a tick box, without overflowing", async () => {
    const fight = await party();
    answerDialog(null);
    await emergencyRetreat(fight.combat);
    const content = shownDialogs.at(-1)?.content ?? "";
    expect(content).toContain("Clementine Ashdown-Featherstonehaugh");
    expect(
      await shoot("retreat-dialog", content, { width: 420, height: 420 }, DIALOG_PARTS, "window"),
    ).toEqual({
      overflow: [],
      lowContrast: [],
    });
  });

  it("the summary card lists every character, roll and consequence, in light and dark", async () => {
    const fight = await party();
    queueDice(10, 6, 5, 3, 4, 1, 7, 5, 1, 3, 15, 2, 4, 1, 9);
    answerDialog(Object.fromEntries([0, 1, 2, 3].map((i) => [`member-${i}`, true])));
    answerDialog(null);
    await emergencyRetreat(fight.combat);
    // The card as the chat log draws it for the GM, buttons included.
    const card = game.messages.contents.at(-1) as unknown as { renderHTML(): Promise<HTMLElement> };
    const content = (await card.renderHTML()).querySelector(".message-content")?.innerHTML ?? "";
    expect(content).toContain("Choose 1 item to drop");
    // The injuries the retreat created are links to the items on each sheet.
    const fabian = fight.actor("Fabian");
    const injury = fabian.items.getName("Serious Injury (Strength)");
    expect(content).toContain(`data-uuid="${injury?.uuid ?? "missing"}"`);
    const size = { width: 300, height: 900 };
    for (const name of ["retreat-summary-card", "retreat-summary-card-dark"]) {
      expect(await shoot(name, content, size, CARD_PARTS, "chat log")).toEqual({
        overflow: [],
        lowContrast: [],
      });
    }
  });

  it("the long summary card folds each character under its name, by click or keyboard", async () => {
    const fight = await party();
    queueDice(10, 6, 5, 3, 4, 1, 7, 5, 1, 3, 15, 2, 4, 1, 9);
    answerDialog(Object.fromEntries([0, 1, 2, 3].map((i) => [`member-${i}`, true])));
    answerDialog(null);
    await emergencyRetreat(fight.combat);
    const card = game.messages.contents.at(-1) as unknown as { renderHTML(): Promise<HTMLElement> };
    const content = (await card.renderHTML()).querySelector(".message-content")?.innerHTML ?? "";
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.setContent(
      pageHtml(chatLogHtml([content], "light"), { width: 300, height: 900, theme: "light" }),
    );
    const height = () =>
      page.evaluate(() => document.querySelector(".brink-card")?.getBoundingClientRect().height ?? 0);
    const unfolded = await height();
    const summaries = page.locator("summary.character-header");
    expect(await summaries.count()).toBe(4);
    await summaries.nth(0).click();
    for (const index of [1, 2, 3]) {
      await summaries.nth(index).focus();
      await page.keyboard.press(index === 2 ? "Space" : "Enter");
    }
    const folded = await height();
    await page.screenshot({ path: join(RESULTS, "retreat-summary-card-folded.png") });
    const names = await page.locator(".character-name").allTextContents();
    const openDetails = await page.locator("details.character-details[open]").count();
    const overflow = await findOverflow(page, CARD_PARTS);
    await page.close();
    expect(unfolded).toBeGreaterThan(600);
    expect(folded).toBeLessThan(unfolded / 2);
    expect(openDetails).toBe(0);
    expect(overflow).toEqual([]);
    expect(names).toHaveLength(4);
    // The drop choice stays in reach with its character folded.
    expect(content).toMatch(
      /<\/details>\s*<div class="card-buttons">\s*<button type="button" data-action="retreat-drop"/,
    );
  });
});
