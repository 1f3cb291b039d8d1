import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers } from "../fake-foundry/ui";
import { bootCombat, player, renderTracker } from "../foundry/combat-fixtures";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";

await bootCombat();
const { partyRest, partyRestPromptsSettled } = await import("../../src/applications/rest");
const { renderPartyRestCard } = await import("../../src/data");

/** RULES §8 for the party (issue 13): the tracker's button and the card the GM and players share. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const petraPlayer = player("petra-player");
const rolandPlayer = player("roland-player");

async function gatheringParty() {
  resetWorld();
  clearDialogAnswers();
  petraPlayer.active = true;
  rolandPlayer.active = true;
  for (const [name, owner] of [
    ["Petra", petraPlayer],
    ["Roland of the Northern Marches", rolandPlayer],
  ] as const) {
    await Actor.implementation.create({
      name,
      type: "character",
      ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [owner.id]: OWNER },
    });
  }
  answerDialog({ kind: "long-safe", "member-0": true, "member-1": true });
  answerDialog({});
  answerDialog(null);
  await partyRest();
  await partyRestPromptsSettled();
  const card = game.messages.contents.find((message) => message.type === "partyRest");
  if (!card) throw new Error("no party rest card");
  return card;
}

async function shootCard(name: string, content: string, theme: Theme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(chatLogHtml([content], theme), { width: 300, height: 700, theme }));
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const overflow = await findOverflow(page, [".brink-card", ".party-rest-member", ".party-rest-card button"]);
  const faint = await lowContrastText(page, ".party-rest-card");
  await page.close();
  return { overflow, faint };
}

describe("the party rest in Chromium", () => {
  it.each(["dark", "light"] as const)(
    "shows the GM who is ready on the card, with Finish and Call off, fitting the chat column (%s)",
    async (theme) => {
      const card = await gatheringParty();
      const record = (card.system as unknown as { record: Parameters<typeof renderPartyRestCard>[0] }).record;
      const gmView = await renderPartyRestCard(record, true);
      const result = await shootCard(`party-rest-card-${theme}`, gmView, theme);
      expect(result.overflow).toEqual([]);
      expect(result.faint).toEqual([]);
      expect(gmView).toContain('data-action="party-rest-finish"');
      expect(gmView).toContain("1 of 2 ready");
      // Roland's player sees Choose for Roland only; no GM buttons.
      const playerView = await asUser(rolandPlayer, () => renderPartyRestCard(record, true));
      const shot = await shootCard(`party-rest-card-player-${theme}`, playerView, theme);
      expect(shot.overflow).toEqual([]);
      expect(playerView.match(/party-rest-choose/g)).toHaveLength(1);
      expect(playerView).not.toContain("party-rest-finish");
    },
  );

  it("offers the GM a Party rest button in the tracker when no combat is shown", async () => {
    resetWorld();
    const { html } = await renderTracker();
    expect(html).toContain('data-action="partyRest"');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(pageHtml(html, { width: 300, height: 400, theme: "dark" }));
    await page.screenshot({ path: join(RESULTS, "combat-tracker-party-rest.png") });
    const overflow = await findOverflow(page, [".brink-combat-controls", ".brink-combat-controls button"]);
    await page.close();
    expect(overflow).toEqual([]);
    const playersView = await asUser(petraPlayer, () => renderTracker());
    expect(playersView.html).not.toContain('data-action="partyRest"');
  });
});
