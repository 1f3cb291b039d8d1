import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers } from "../fake-foundry/ui";
import { userEvent } from "../fake-foundry/combat-tracker";
import {
  DISPOSITIONS,
  bootCombat,
  mountTracker,
  player,
  renderTracker,
  setUpFight,
  type Fight,
} from "../foundry/combat-fixtures";
import { launchBrowser } from "../support/browser";
import { lookAtDesk, type Desk, type Needed } from "../support/journey";
import { clickAction, openSheet, renderSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import type { BrinkActor } from "../../src/documents/actor";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { CharacterSheet, NpcSheet } = await import("../../src/applications/sheets");
const { activateCardButtons } = await import("../../src/applications/chat/card-buttons");
const { emergencyRetreat } = await import("../../src/applications/retreat");
const { retreatSettled } = await import("../../src/workflows/retreat");

/**
 * Issue 25's proof: a whole fight played in the browser as a new table would, the GM and Roland's
 * player taking turns from their sheets and the tracker. At each step the desk (1280×800: the sheet
 * window at its default size, the sidebar at the right) is screenshotted in light and dark, and the
 * controls the next step needs must be in the window, on top, reachable by keyboard and readable.
 */

const rolandsPlayer = player("roland-player");
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CHARACTER_WINDOW = { width: 760, height: 720 };
const NPC_WINDOW = { width: 520, height: 600 };

async function characterSheet(actor: Actor.Implementation) {
  return { ...CHARACTER_WINDOW, html: (await renderSheet(CharacterSheet, actor)).html };
}
async function npcSheet(actor: Actor.Implementation) {
  return { ...NPC_WINDOW, html: (await renderSheet(NpcSheet, actor)).html };
}
const trackerSidebar = async () => ({ tracker: (await renderTracker()).html });
/** The chat log as the current user's client draws it: the newest cards, buttons as they may use them. */
async function chatSidebar(count = 2) {
  const cards = await Promise.all(
    game.messages.contents.slice(-count).map(async (message) => {
      const html = await (message as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
      return html.querySelector(".message-content")?.innerHTML ?? "";
    }),
  );
  return { cards };
}

/** Looks at the desk in both themes; every needed control is on top, reachable, and nothing is faint. */
async function step(name: string, desk: Desk, needed: Needed[]): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    const look = await lookAtDesk(browser, name, desk, needed, theme);
    expect(
      look.controls.filter((control) => !control.found || !control.onTop || !control.keyboard),
      `${name} (${theme}): controls out of reach`,
    ).toEqual([]);
    expect(look.lowContrast, `${name} (${theme}): faint text`).toEqual([]);
  }
}

/** A user clicks a button on the newest card (or the one given), through the card's own listener. */
async function clickOnCard(selector: string, card = game.messages.contents.at(-1)): Promise<void> {
  if (!card) throw new Error("no card in the chat log");
  const html = await (card as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
  activateCardButtons(card as ChatMessage.Implementation, html);
  const button = html.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`no ${selector} on the card for ${game.user.name}`);
  button.click();
  await vi.waitFor(() => expect(button.disabled).toBe(false));
}

/** A click on a tracker button, as the current user, waiting for what it started. */
async function clickInTracker(selector: string): Promise<void> {
  const tracker = await mountTracker();
  const button = tracker.element.querySelector(selector);
  if (!button) throw new Error(`the tracker shows no ${selector} to ${game.user.name}`);
  userEvent(button, "click");
  await (tracker as unknown as { settled(): Promise<void> }).settled();
}

async function theFight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.actor("Roland").createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, equipped: true } },
    { name: "Round shield", type: "shield", system: { block: 2, equipped: true } },
  ] as never);
  await f
    .actor("Guard")
    .createEmbeddedDocuments("Item", [
      { name: "Halberd", type: "weapon", system: { attributes: ["str"], damage: 9, equipped: true } },
    ] as never);
  await f.actor("Guard").update({ system: { evasion: 1 } } as never);
  return f;
}

vi.setConfig({ testTimeout: 240_000 });

describe("a whole fight, at the table", () => {
  it("the GM begins, Roland attacks, the Guard reacts and strikes back, Roland's luck is tested, the party retreats", async () => {
    resetWorld();
    clearDice();
    clearDialogAnswers();
    const f = await theFight();
    const roland = f.actor("Roland") as BrinkActor;
    const guard = f.actor("Guard") as BrinkActor;

    // 1. The GM has the teams set up; Begin is in the tracker.
    await step("1-gm-sets-up", { sheet: await npcSheet(guard), sidebar: await trackerSidebar() }, [
      { in: "sidebar", selector: "[data-action='beginCombat']" },
      { in: "sheet", selector: ".sheet-tabs [data-tab='inventory']" },
    ]);
    answerDialog({ startingTeam: f.teamId("Party"), attackedTeam: "" });
    await clickInTracker("[data-action='beginCombat']");
    expect(f.combat.started).toBe(true);

    // 2. The party's move: Roland's player sees "Your turn" on the sheet and in the tracker.
    await asRoland(async () => {
      const desk = { sheet: await characterSheet(roland), sidebar: await trackerSidebar() };
      expect(desk.sheet.html).toContain("Your turn: take it");
      expect(desk.sidebar.tracker).toContain("Your turn");
      await step("2-player-may-act", desk, [
        { in: "sheet", selector: "[data-action='panelTakeTurn']" },
        { in: "sheet", selector: "[data-action='quickStart']" },
        { in: "sidebar", selector: ".take-turn[data-action='takeTurn']" },
        { in: "sheet", selector: ".sheet-tabs [data-tab='inventory']" },
      ]);
    });
    const sheet = (await asRoland(() => openSheet(CharacterSheet, roland))) as DocumentSheetSurface<unknown>;
    await asRoland(() => clickAction(sheet, "[data-action='panelTakeTurn']"));
    expect(f.combat.turnState.current).toBe(f.member("Roland").id);

    // 3. His turn: the common actions, End turn and the sheet's tabs all in the window.
    await asRoland(async () =>
      step("3-player-acts", { sheet: await characterSheet(roland), sidebar: await trackerSidebar() }, [
        { in: "sheet", selector: ".actions-toolbar button[data-key='attack']" },
        { in: "sheet", selector: ".actions-toolbar button[data-key='move']" },
        { in: "sheet", selector: "[data-action='panelEndTurn']" },
        { in: "sheet", selector: ".sheet-tabs [data-tab='inventory']" },
        { in: "sheet", selector: "[data-action='rollWeapon']" },
        { in: "sidebar", selector: "[data-action='endTurn']" },
        { in: "sidebar", selector: "[data-action='emergencyRetreat']" },
      ]),
    );

    // 4. Attack from the sheet's toolbar: the card offers the Guard's reactions to the GM.
    await asRoland(async () => {
      game.user.targets.clear();
      game.user.targets.add(f.token("Guard") as never);
      queueDice(6, 10);
      answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
      await clickAction(sheet, ".actions-toolbar button[data-key='attack']");
    });
    expect(f.member("Roland").economy.actionsLeft).toBe(2);
    const attackCard = await chatSidebar(1);
    // Each reaction says what it costs, its odds and, in its tooltip, what it does; Intercept whom it is for.
    expect(attackCard.cards[0]).toMatch(
      /data-kind="dodge" data-tooltip="Your reaction: a Dexterity \+ Athletics test/,
    );
    expect(attackCard.cards[0]).toMatch(
      /<span class="reaction-name">Dodge<\/span> · <span class="reaction-cost">1 stamina<\/span> · <span class="reaction-odds">[\d.]+%<\/span>/,
    );
    expect(attackCard.cards[0]).toContain("step in front of an ally within 1 m");
    expect(attackCard.cards[0]).toContain("Guard's reaction · 1 reaction left this round");
    await step("4-gm-sees-the-attack", { sheet: await npcSheet(guard), sidebar: attackCard }, [
      { in: "sidebar", selector: "[data-action='react'][data-kind='dodge']" },
      { in: "sidebar", selector: "[data-action='apply-damage']" },
    ]);

    // 5. The GM dodges from the card (and fails), then applies the damage.
    queueDice(1, 10);
    await clickOnCard("[data-action='react'][data-kind='dodge']");
    expect(f.member("Guard").economy.reactionsLeft).toBe(0);
    const enduranceBefore = guard.system.endurance.value;
    await clickOnCard("[data-action='apply-damage']");
    expect(guard.system.endurance.value).toBeLessThan(enduranceBefore);
    await step("5-damage-applied", { sheet: await npcSheet(guard), sidebar: await chatSidebar(1) }, [
      { in: "sidebar", selector: "[data-action='revert-damage']" },
      { in: "sheet", selector: ".sheet-tabs [data-tab='inventory']" },
    ]);

    // 6. Roland ends his turn from the sheet; the GM takes the Guard's turn from the tracker.
    await asRoland(() => clickAction(sheet, "[data-action='panelEndTurn']"));
    expect(f.combat.turnState.current).toBeNull();
    await asRoland(async () => {
      const desk = { sheet: await characterSheet(roland), sidebar: await trackerSidebar() };
      expect(desk.sheet.html).toContain("Waiting · 1 reaction ready");
      await step("6-player-waits", desk, [{ in: "sheet", selector: ".sheet-tabs [data-tab='inventory']" }]);
    });
    await clickInTracker(`[data-combatant-id='${f.member("Guard").id}'] [data-action='takeTurn']`);
    expect(f.combat.turnState.current).toBe(f.member("Guard").id);
    await step("7-gm-acts", { sheet: await npcSheet(guard), sidebar: await trackerSidebar() }, [
      { in: "sheet", selector: ".actions-toolbar button[data-key='attack']" },
      { in: "sheet", selector: "[data-action='panelEndTurn']" },
      // The NPC sheet leads with its attacks: the halberd's Attack is in the window unscrolled.
      { in: "sheet", selector: ".npc-body [data-action='rollWeapon']" },
      { in: "sidebar", selector: "[data-action='endTurn']" },
    ]);

    // 7. The Guard's halberd takes Roland down; the player sees the blow coming with his reactions.
    await roland.update({ system: { endurance: { value: 0 }, health: { value: 3 } } } as never);
    game.user.targets.clear();
    game.user.targets.add(f.token("Roland") as never);
    queueDice(6, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    const npc = (await openSheet(NpcSheet, guard)) as DocumentSheetSurface<unknown>;
    await clickAction(npc, ".actions-toolbar button[data-key='attack']");
    await asRoland(async () => {
      const card = await chatSidebar(1);
      expect(card.cards[0]).toContain("Roland's reaction · 1 reaction left this round");
      await step("8-player-is-attacked", { sheet: await characterSheet(roland), sidebar: card }, [
        { in: "sidebar", selector: "[data-action='react'][data-kind='block']" },
      ]);
    });
    // The blow is more than his 3 health: he risks death, and the card rolls his death luck test.
    queueDice(15);
    await clickOnCard("[data-action='apply-damage']");
    expect(roland.statuses.has("unconscious")).toBe(true);
    expect(roland.statuses.has("dead")).toBe(false);
    // Out of the fight, he has no reaction "ready": the sheet says he cannot act.
    await asRoland(async () => expect((await characterSheet(roland)).html).toContain("Cannot act"));
    const luckCard = await chatSidebar(1);
    // The card's row leads with what the blow did to his life, beside the death luck test's die (15).
    expect(luckCard.cards[0]).toMatch(
      /<div class="life-headline"><div class="card-luck lucky">\s*<span class="card-die d20 luck-die[^"]*"[^>]*>15<\/span>[\s\S]*?<p>Roland cheated death, and is down\.<\/p><\/div>/,
    );
    await step("9-death-luck-test", { sheet: await characterSheet(roland), sidebar: luckCard }, [
      { in: "sidebar", selector: "[data-action='revert-damage']" },
      { in: "sheet", selector: ".sheet-tabs [data-tab='consequences']" },
    ]);

    // 8. The GM calls an Emergency Retreat mid-turn: it waits for the Guard's turn to end.
    answerDialog({ "member-0": true });
    expect(await emergencyRetreat(f.combat)).toMatchObject({ ok: true });
    await step("10-retreat-pending", { sheet: await npcSheet(guard), sidebar: await trackerSidebar() }, [
      { in: "sidebar", selector: ".retreat-pending", notice: true },
      { in: "sidebar", selector: "[data-action='cancelRetreat']" },
      { in: "sidebar", selector: "[data-action='endTurn']" },
    ]);
    queueDice(4, 1, 20, 20, 20);
    await clickInTracker("[data-action='endTurn']");
    await retreatSettled();
    expect(game.combats.get(f.combat.id ?? "")).toBeUndefined();
    await step(
      "11-retreat-resolved",
      { sheet: await characterSheet(roland), sidebar: await chatSidebar(1) },
      [
        { in: "sidebar", selector: "[data-action='revert-retreat']" },
        { in: "sheet", selector: ".sheet-tabs [data-tab='consequences']" },
      ],
    );
  });
});

describe("a crowded fight in the sidebar", () => {
  it("keeps End turn and Emergency Retreat in view while the turn order of fourteen scrolls", async () => {
    resetWorld();
    clearDialogAnswers();
    const f = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, type: "character" },
      ...Array.from({ length: 13 }, (_, i) => ({
        name: `Guard ${i + 1}`,
        disposition: DISPOSITIONS.hostile,
      })),
    ]);
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await asRoland(async () =>
      step(
        "12-crowded-tracker",
        { sheet: await characterSheet(f.actor("Roland")), sidebar: await trackerSidebar() },
        [
          { in: "sidebar", selector: "[data-action='endTurn']" },
          { in: "sidebar", selector: "[data-action='emergencyRetreat']" },
          { in: "sidebar", selector: ".brink-actions-panel .actions-toolbar button[data-key='attack']" },
        ],
      ),
    );
  });
});
