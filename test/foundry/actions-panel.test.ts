import { beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers, shownDialogs } from "../fake-foundry/ui";
import { userEvent } from "../fake-foundry/combat-tracker";
import { clickAction, openSheet } from "../support/sheets";
import {
  bootCombat,
  mountTracker,
  player,
  rolandAgainstGuard,
  writesDuring,
  type Fight,
} from "./combat-fixtures";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";

await bootCombat();
const { CharacterSheet, NpcSheet } = await import("../../src/applications/sheets");

/** RULES §3, S4: the actions panel on the sheet and in the acting row of the tracker. */

const rolandsPlayer = player("roland-player");
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const messages = () => notifications.log.map((notice) => notice.message);
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

beforeEach(() => {
  resetWorld();
  clearDialogAnswers();
});

async function rolandsTurn(): Promise<Fight> {
  const f = await rolandAgainstGuard(rolandsPlayer);
  await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
  return f;
}

const openRolandsSheet = (f: Fight) =>
  asRoland(() => openSheet(CharacterSheet, f.actor("Roland"))) as Promise<DocumentSheetSurface<unknown>>;

const panelRow = (root: ParentNode, key: string) =>
  root.querySelector(`.brink-actions-panel .action-row[data-key='${key}']`);
/** A key pressed on an element, as the browser sends it (keydown bubbling from the element). */
function press(element: Element | null | undefined, key: string): void {
  const view = element?.ownerDocument.defaultView;
  if (!element || !view) throw new Error(`nothing to press ${key} on`);
  element.dispatchEvent(new view.KeyboardEvent("keydown", { key, bubbles: true }));
}
const status = (root: ParentNode) => text(root.querySelector(".brink-actions-panel .actions-status"));
const tooltip = (root: ParentNode, key: string) =>
  panelRow(root, key)?.querySelector("button")?.getAttribute("data-tooltip") ?? "";
const toolbarKeys = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>(".actions-toolbar [data-toolbar-item]")].map(
    (button) => button.dataset.key ?? button.dataset.action,
  );

describe("the actions panel on the sheet", () => {
  it("is absent out of combat, and for an actor not in a started fight", async () => {
    const actor = await Actor.implementation.create({ name: "Loner", type: "character" });
    const sheet = (await openSheet(CharacterSheet, actor as never)) as DocumentSheetSurface<unknown>;
    expect(sheet.element.querySelector(".brink-actions-panel")).toBeNull();
  });

  it("puts the common actions first as a toolbar with End turn, the rest behind More, each with its cost", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    expect(status(sheet.element)).toBe("Your turn · 3 actions left");
    expect(toolbarKeys(sheet.element)).toEqual([
      "attack",
      "move",
      "step",
      "sprint",
      "guard",
      "seekCover",
      "wait",
      "toggleActionsMenu",
      "panelEndTurn",
    ]);
    const menu = sheet.element.querySelector<HTMLElement>(".actions-menu");
    expect(menu?.hidden).toBe(true);
    const menuKeys = [...(menu?.querySelectorAll<HTMLElement>(".action-row") ?? [])].map(
      (row) => row.dataset.key,
    );
    expect(menuKeys).toEqual(
      expect.arrayContaining(["custom", "resuscitate", "dropProne", "dodge", "resist"]),
    );
    expect(menuKeys).not.toContain("move");
    expect(text(panelRow(sheet.element, "sprint"))).toContain("1 stamina");
    expect(panelRow(sheet.element, "sprint")?.querySelector("button")?.getAttribute("aria-disabled")).toBe(
      "true",
    );
    expect(tooltip(sheet.element, "sprint")).toBe("Sprint: 1 action · 1 stamina — Move first");
    expect(text(panelRow(sheet.element, "guard"))).toContain("ends the turn");
    expect(text(panelRow(sheet.element, "move"))).toBe("Move");
    expect(tooltip(sheet.element, "move")).toBe("Move: 1 action");
    expect(text(panelRow(sheet.element, "resuscitate"))).toContain("2 actions");
    expect(text(menu?.querySelector(".hint"))).toContain("Taken from the attack card");
    // One Tab stop: the first action that can be taken; the disabled Sprint never is one.
    const stops = [...sheet.element.querySelectorAll<HTMLElement>(".actions-toolbar [tabindex='0']")];
    expect(stops.map((stop) => stop.dataset.key)).toEqual(["attack"]);
  });

  it("More opens the menu in place; arrow keys move along the toolbar, Escape closes the menu", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    // Foundry's windows sit in the page; the fake leaves them detached, where nothing can take focus.
    sheet.element.ownerDocument.body.append(sheet.element);
    const more = sheet.element.querySelector<HTMLElement>(".actions-more");
    more?.click();
    expect(sheet.element.querySelector<HTMLElement>(".actions-menu")?.hidden).toBe(false);
    expect(more?.getAttribute("aria-expanded")).toBe("true");
    const focused = () => sheet.element.ownerDocument.activeElement as HTMLElement | null;
    expect(focused()?.dataset.key).toBe("brandish");
    press(focused(), "Escape");
    expect(sheet.element.querySelector<HTMLElement>(".actions-menu")?.hidden).toBe(true);
    expect(focused()).toBe(more);

    const attack = sheet.element.querySelector<HTMLElement>(".actions-toolbar button[data-key='attack']");
    attack?.focus();
    press(attack, "ArrowRight");
    expect(focused()?.dataset.key).toBe("move");
    // Step can be taken; Sprint (move first) cannot and is passed over.
    press(focused(), "ArrowRight");
    press(focused(), "ArrowRight");
    expect(focused()?.dataset.key).toBe("guard");
    expect(attack?.tabIndex).toBe(-1);
    expect(focused()?.tabIndex).toBe(0);
    press(focused(), "End");
    expect(focused()?.dataset.action).toBe("panelEndTurn");
  });

  it("End turn on the sheet ends the turn through the same request as the tracker", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    // It names the key bound to End turn in Configure Controls, and announces it.
    const endTurn = sheet.element.querySelector("[data-action='panelEndTurn']");
    expect(endTurn?.getAttribute("aria-keyshortcuts")).toBe("Alt+E");
    expect(endTurn?.getAttribute("data-tooltip")).toBe("Key: Alt+E (change it in Configure Controls)");
    await asRoland(() => clickAction(sheet, "[data-action='panelEndTurn']"));
    expect(f.combat.turnState.current).toBeNull();
    expect(f.member("Roland").economy.inTurn).toBe(false);
  });

  it("off his turn the sheet says he waits with his reactions, and offers Take turn when his team moves", async () => {
    const f = await rolandAgainstGuard(rolandsPlayer);
    const sheet = await openRolandsSheet(f);
    expect(status(sheet.element)).toBe("Your turn: take it");
    expect(toolbarKeys(sheet.element)).toEqual(["panelTakeTurn", "toggleActionsMenu"]);
    await asRoland(() => clickAction(sheet, "[data-action='panelTakeTurn']"));
    expect(f.combat.turnState.current).toBe(f.member("Roland").id);
    await asRoland(() => f.combat.endTurn());
    await sheet.render();
    expect(status(sheet.element)).toBe("Waiting · 1 reaction ready");
    expect(text(sheet.element.querySelector(".brink-actions-panel"))).not.toContain("Not your turn");
  });

  it("a refused custom action writes nothing and shows the reason", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    answerDialog({ name: "wait", cost: 1 });
    const writes = await writesDuring(() =>
      asRoland(() => clickAction(sheet, ".action-row[data-key='custom'] [data-action='panelAction']")),
    );
    expect(writes).toEqual([]);
    expect(messages()).toContain(
      "A custom action cannot take the name of a built-in action, reaction or free action.",
    );
  });

  it("a custom action longer than the turn becomes an extended action, continued or abandoned from the panel", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    answerDialog({ name: "reload", cost: 4 });
    await asRoland(() => clickAction(sheet, ".action-row[data-key='custom'] [data-action='panelAction']"));
    expect(f.member("Roland").economy.extended).toEqual({ key: "reload", remaining: 1 });
    await sheet.render();
    // The reason is said once, on the reload's own line, not on every action.
    expect(text(sheet.element.querySelector(".actions-extended"))).toContain(
      "Finish or abandon reload (1 to pay) first",
    );
    expect(sheet.element.querySelector(".actions-headline")).toBeNull();
    expect(text(panelRow(sheet.element, "move"))).toBe("Move");
    expect(tooltip(sheet.element, "move")).toContain("Finish or abandon the extended action first");
    // Next round: Continue pays the last action and the reload is done.
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    await f.combat.endTheRound();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await sheet.render();
    await asRoland(() => clickAction(sheet, ".actions-extended [data-action='continueExtended']"));
    expect(f.member("Roland").economy).toMatchObject({ extended: null, actionsLeft: 2 });
  });

  it("Abandon drops the extended action", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    answerDialog({ name: "reload", cost: 5 });
    await asRoland(() => clickAction(sheet, ".action-row[data-key='custom'] [data-action='panelAction']"));
    await sheet.render();
    await asRoland(() => clickAction(sheet, ".actions-extended [data-action='abandonExtended']"));
    expect(f.member("Roland").economy.extended).toBeNull();
  });

  it("shows on an NPC's sheet for the GM too", async () => {
    const f = await rolandsTurn();
    const sheet = (await openSheet(NpcSheet, f.actor("Guard") as never)) as DocumentSheetSurface<unknown>;
    expect(status(sheet.element)).toBe("Waiting · 1 reaction ready");
    expect(panelRow(sheet.element, "dodge")).not.toBeNull();
  });
});

describe("the player's quick start", () => {
  it("is one click from the character sheet: five steps naming the buttons, from Take turn to Rest", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    answerDialog(null);
    await asRoland(() => clickAction(sheet, "[data-action='quickStart']"));
    const dialog = shownDialogs.at(-1);
    expect(dialog?.title).toBe("Your first fight");
    const shown = sheet.element.ownerDocument.createElement("div");
    shown.innerHTML = dialog?.content ?? "";
    const steps = [...shown.querySelectorAll(".quick-start-steps li strong")].map(text);
    expect(steps).toEqual([
      "Take your turn.",
      "Attack.",
      "React on the card.",
      "End your turn.",
      "Rest after the fight.",
    ]);
    const npcSheet = (await openSheet(NpcSheet, f.actor("Guard") as never)) as DocumentSheetSurface<unknown>;
    expect(npcSheet.element.querySelector("[data-action='quickStart']")).toBeNull();
  });
});

describe("the actions panel in the tracker", () => {
  it("is in the acting row only; Wait from it ends the turn with an extra reaction", async () => {
    const f = await rolandsTurn();
    const tracker = await asRoland(() => mountTracker());
    const panels = [...tracker.element.querySelectorAll<HTMLElement>(".brink-actions-panel")];
    expect(panels.map((panel) => panel.dataset.combatantId)).toEqual([f.member("Roland").id]);
    const wait = tracker.element.querySelector(".action-row[data-key='wait'] [data-action='panelAction']");
    if (!wait) throw new Error("no Wait button");
    await asRoland(async () => {
      userEvent(wait, "click");
      await (tracker as unknown as { settled(): Promise<void> }).settled();
    });
    expect(f.member("Roland").economy).toMatchObject({ inTurn: false, reactionsLeft: 2 });
    expect(f.combat.turnState.current).toBeNull();
  });

  it("each row is a Tab stop; Enter on one opens that combatant's sheet, for those who may see it", async () => {
    const f = await rolandsTurn();
    const tracker = await asRoland(() => mountTracker());
    const row = (name: string) =>
      tracker.element.querySelector<HTMLElement>(`.brink-member[data-combatant-id='${f.member(name).id}']`);
    expect(row("Roland")?.tabIndex).toBe(0);
    expect(row("Roland")?.getAttribute("aria-label")).toBe("Roland: Your turn");
    const sheetOf = (name: string) => f.actor(name).sheet as unknown as { rendered: boolean } | null;
    await asRoland(async () => {
      press(row("Roland"), "Enter");
      await vi.waitFor(() => expect(sheetOf("Roland")?.rendered).toBe(true));
      // The guard is not his to look at: Enter does nothing there.
      press(row("Guard"), "Enter");
    });
    expect(sheetOf("Guard")?.rendered).toBeFalsy();
  });

  it("is not shown to a player who does not own the acting character", async () => {
    await rolandsTurn();
    const tracker = await asUser(player("someone-else"), () => mountTracker());
    expect(tracker.element.querySelector(".brink-actions-panel")).toBeNull();
  });
});

describe("Attack from the panel", () => {
  it("opens the sheet's attack flow with the wielded weapon: the card is posted and the attack counted", async () => {
    const { queueDice } = await import("../fake-foundry/dice");
    const f = await rolandsTurn();
    await f
      .actor("Roland")
      .createEmbeddedDocuments("Item", [
        { name: "Sword", type: "weapon", system: { attributes: ["str"], damage: 3, equipped: true } },
      ] as never);
    const sheet = await openRolandsSheet(f);
    const before = game.messages.contents.length;
    await asRoland(async () => {
      game.user.targets.clear();
      game.user.targets.add(f.token("Guard") as never);
      queueDice(5, 10);
      answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
      await clickAction(sheet, ".action-row[data-key='attack'] [data-action='panelAction']");
    });
    expect(game.messages.contents.length).toBe(before + 1);
    expect(f.member("Roland").economy).toMatchObject({ attacksThisRound: 1, actionsLeft: 2 });
  });

  it("without a wielded weapon, says so and writes nothing", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    const writes = await writesDuring(() =>
      asRoland(() => clickAction(sheet, ".action-row[data-key='attack'] [data-action='panelAction']")),
    );
    expect(writes).toEqual([]);
    expect(messages()).toContain("Roland wields no weapon: equip one to attack.");
  });
});

describe("Rest on the sheet", () => {
  const summaryOf = (root: ParentNode) => root.querySelector<HTMLElement>("details.sheet-menu > summary");

  it("is a button in a character's header, and kept in a menu on an NPC's sheet", async () => {
    const f = await rolandsTurn();
    const character = await openRolandsSheet(f);
    const characterRest = character.element.querySelector(".brink-header [data-action='rest']");
    expect(characterRest?.closest("details")).toBeNull();
    expect(text(characterRest)).toBe("Rest");

    const npc = (await openSheet(NpcSheet, f.actor("Guard") as never)) as DocumentSheetSurface<unknown>;
    const menu = npc.element.querySelector<HTMLDetailsElement>("details.sheet-menu");
    expect(menu?.open).toBe(false);
    expect(summaryOf(npc.element)?.getAttribute("aria-label")).toBe("More for this sheet");
    const npcRest = menu?.querySelector("[data-action='rest']");
    expect(text(npcRest)).toBe("Rest");
    expect(npc.element.querySelectorAll("[data-action='rest']")).toHaveLength(1);

    answerDialog(null);
    const before = shownDialogs.length;
    await clickAction(npc, "details.sheet-menu [data-action='rest']");
    expect(shownDialogs.length).toBe(before + 1);
    expect(shownDialogs.at(-1)?.title).toContain("Rest");
  });
});
