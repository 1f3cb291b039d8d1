import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers } from "../fake-foundry/ui";
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
const actionsLeft = (root: ParentNode) => text(root.querySelector(".brink-actions-panel .actions-left"));

describe("the actions panel on the sheet", () => {
  it("is absent out of combat, and for an actor not in a started fight", async () => {
    const actor = await Actor.implementation.create({ name: "Loner", type: "character" });
    const sheet = (await openSheet(CharacterSheet, actor as never)) as DocumentSheetSurface<unknown>;
    expect(sheet.element.querySelector(".brink-actions-panel")).toBeNull();
  });

  it("lists the actions with prompts, their costs and reactions with where they are taken", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    expect(actionsLeft(sheet.element)).toBe("Actions left: 3");
    const keys = [...sheet.element.querySelectorAll<HTMLElement>(".brink-actions-panel .action-row")].map(
      (row) => row.dataset.key,
    );
    expect(keys).toEqual(
      expect.arrayContaining(["attack", "move", "sprint", "guard", "wait", "custom", "step", "dodge"]),
    );
    expect(text(panelRow(sheet.element, "sprint"))).toContain("1 stamina");
    expect(text(panelRow(sheet.element, "sprint"))).toContain("Move first");
    expect(panelRow(sheet.element, "sprint")?.querySelector("button")?.getAttribute("aria-disabled")).toBe(
      "true",
    );
    expect(panelRow(sheet.element, "sprint")?.querySelector("button")?.getAttribute("data-tooltip")).toBe(
      "Move first",
    );
    expect(text(panelRow(sheet.element, "guard"))).toContain("ends the turn");
    expect(text(panelRow(sheet.element, "move"))).toContain("1 action");
    expect(text(panelRow(sheet.element, "move"))).not.toContain("actions");
    expect(text(panelRow(sheet.element, "resuscitate"))).toContain("2 actions");
    expect(text(panelRow(sheet.element, "dodge"))).toContain("Taken from the attack card");
  });

  it("Move through the panel spends an action on the combatant and the sheet shows the new pips", async () => {
    const f = await rolandsTurn();
    const sheet = await openRolandsSheet(f);
    await asRoland(() => clickAction(sheet, ".action-row[data-key='move'] [data-action='panelAction']"));
    expect(f.member("Roland").economy).toMatchObject({ moved: true, actionsLeft: 2 });
    // The combatant's update re-renders the open sheet (and the tracker) by itself.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actionsLeft(sheet.element)).toBe("Actions left: 2");
    expect(text(panelRow(sheet.element, "move"))).toContain("Already moved this turn");
    expect(panelRow(sheet.element, "sprint")?.querySelector("[data-action='panelAction']")).not.toBeNull();
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
    expect(text(sheet.element.querySelector(".actions-extended"))).toContain("reload: 1 to pay");
    expect(text(panelRow(sheet.element, "move"))).toContain("Finish or abandon the extended action first");
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
    expect(text(panelRow(sheet.element, "move"))).toContain("Not your turn");
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
