/**
 * The Effects tab as a player reads it: every injury, setback, condition and Active Effect on the
 * character, where it came from and how long it lasts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { clickAction, openSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import { bootBrink } from "./boot";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers, shownDialogs } from "../fake-foundry/ui";
import { player } from "./combat-fixtures";

await bootBrink();
const { CharacterSheet } = await import("../../src/applications/sheets");

const ADD = CONST.ACTIVE_EFFECT_MODES.ADD;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

beforeEach(() => {
  resetWorld();
  clearDialogAnswers();
  shownDialogs.length = 0;
});

async function woundedRoland() {
  const actor = await Actor.implementation.create({
    name: "Roland",
    type: "character",
    system: {
      endurance: { value: 2, max: 10 },
      conditions: ["prone", "guarding"],
      timers: [{ status: "guarding", expiry: "ownTurnStart", count: 1 }],
    },
    items: [
      {
        name: "Cracked Ribs",
        type: "injury",
        system: {
          kind: "serious",
          attribute: "con",
          heals: "safeRests",
          progress: { value: 1, max: 3 },
          source: "Ogre's club",
        },
        effects: [
          {
            name: "Cracked Ribs",
            transfer: true,
            changes: [{ key: "system.speed", mode: ADD, value: "-1" }],
          },
        ],
      },
      { name: "Lost Eye", type: "injury", system: { kind: "maiming", permanent: true } },
      {
        name: "Shaken",
        type: "setback",
        system: { kind: "disoriented", endsOn: "safeLongRest", source: "Retreat" },
      },
    ],
    effects: [
      { name: "Blessed", duration: { rounds: 3 }, changes: [] },
      { name: "Old Curse", disabled: true, changes: [] },
    ],
  });
  if (!actor) throw new Error("actor not created");
  return actor;
}

async function effectsTab(actor: Actor.Implementation) {
  const sheet = (await openSheet(CharacterSheet, actor, (s) => {
    s.tabGroups.primary = "effects";
  })) as DocumentSheetSurface<unknown>;
  const section = (key: string) =>
    [...sheet.element.querySelectorAll(`.effects-${key} .effect-row`)].map((row) => [
      text(row.querySelector(".effect-name")),
      text(row.querySelector(".effect-source")),
      text(row.querySelector(".effect-duration")),
    ]);
  return { sheet, section };
}

describe("the Effects tab", () => {
  it("is a tab of the character sheet", async () => {
    const { sheet } = await effectsTab(await woundedRoland());
    expect(
      sheet.element.querySelector('.tab.effects[data-tab="effects"]')?.classList.contains("active"),
    ).toBe(true);
    expect(text(sheet.element.querySelector('.sheet-tabs [data-tab="effects"]'))).toBe("Effects");
  });

  it("lists injuries with their source and how they heal, and setbacks with when they end", async () => {
    const { section } = await effectsTab(await woundedRoland());
    expect(section("injuries")).toEqual([
      ["Cracked Ribs", "Ogre's club", "Consecutive safe long rests (1/3)"],
      ["Lost Eye", "Not recorded", "Permanent"],
    ]);
    expect(section("setbacks")).toEqual([["Shaken", "Retreat", "A safe long rest"]]);
  });

  it("lists Brink's conditions with the time their timers leave, and harmed from the pools", async () => {
    const { section } = await effectsTab(await woundedRoland());
    expect(section("conditions")).toEqual([
      ["Guarding", "Brink's rules", "Until next turn"],
      ["Prone", "Brink's rules", "Until removed"],
      ["Harmed", "Endurance at half or less", "Until endurance is above half"],
    ]);
  });

  it("lists every Active Effect with the item it comes from and its time left (all of it, with no start recorded)", async () => {
    const { section } = await effectsTab(await woundedRoland());
    expect(section("effects")).toEqual([
      ["Blessed", "On the character", "3 rounds"],
      ["Old Curse Inactive", "On the character", "Until removed"],
      ["Cracked Ribs", "Cracked Ribs", "Until removed"],
    ]);
  });

  it("turns an Active Effect off and on again from its switch, one write each", async () => {
    const actor = await woundedRoland();
    const { sheet, section } = await effectsTab(actor);
    const blessed = () => actor.effects.getName("Blessed");
    const switchOf = "[data-action='toggleEffect'][aria-label='Turn Blessed off']";
    const before = writeLog.length;
    await clickAction(sheet, switchOf);
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "update", documentName: "ActiveEffect", count: 1 }),
    ]);
    expect(blessed()?.disabled).toBe(true);
    await sheet.render();
    expect(section("effects")[0]).toEqual(["Blessed Inactive", "On the character", "3 rounds"]);
    await clickAction(sheet, "[data-action='toggleEffect'][aria-label='Turn Blessed on']");
    expect(blessed()?.disabled).toBe(false);
  });

  it("deletes one of the character's own Active Effects only after the owner confirms, in one write", async () => {
    const actor = await woundedRoland();
    const { sheet, section } = await effectsTab(actor);
    const deleteBlessed = "[data-action='deleteEffect'][aria-label='Delete Blessed']";
    answerDialog(null);
    await clickAction(sheet, deleteBlessed);
    expect(actor.effects.getName("Blessed")).toBeDefined();
    answerDialog({});
    const before = writeLog.length;
    await clickAction(sheet, deleteBlessed);
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "delete", documentName: "ActiveEffect", count: 1 }),
    ]);
    expect(actor.effects.getName("Blessed")).toBeUndefined();
    expect(shownDialogs.map((dialog) => dialog.title)).toEqual(["Delete Blessed?", "Delete Blessed?"]);
    await sheet.render();
    expect(section("effects").map(([name]) => name)).toEqual(["Old Curse Inactive", "Cracked Ribs"]);
  });

  it("offers no delete for an item's effect: a lock names the item it comes from, and does nothing", async () => {
    const actor = await woundedRoland();
    const { sheet } = await effectsTab(actor);
    const ribs = [...sheet.element.querySelectorAll(".effects-effects .effect-row")].at(-1);
    const lock = ribs?.querySelector<HTMLElement>(".effect-delete");
    expect(lock?.getAttribute("aria-disabled")).toBe("true");
    expect(lock?.dataset.action).toBeUndefined();
    expect(lock?.dataset.tooltip).toBe("Comes from Cracked Ribs: change or delete it on that item");
    const before = writeLog.length;
    lock?.click();
    expect(writeLog.slice(before)).toEqual([]);
    expect(shownDialogs).toEqual([]);
  });

  it("adds a blank Active Effect on the character in one write", async () => {
    const actor = await woundedRoland();
    const { sheet, section } = await effectsTab(actor);
    const before = writeLog.length;
    await clickAction(sheet, ".effects-effects [data-action='createEffect']");
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "create", documentName: "ActiveEffect", count: 1 }),
    ]);
    await sheet.render();
    expect(section("effects")).toContainEqual(["New effect", "On the character", "Until removed"]);
  });

  it("shows whoever may only look no switch, no delete and no Add", async () => {
    const actor = await woundedRoland();
    await actor.update({ ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER } });
    const sheet = (await asUser(player("onlooker"), () =>
      openSheet(CharacterSheet, actor, (s) => {
        s.tabGroups.primary = "effects";
      }),
    )) as DocumentSheetSurface<unknown>;
    const controls = sheet.element.querySelectorAll(
      ".tab.effects :is([data-action='toggleEffect'], .effect-delete, [data-action='createEffect'])",
    );
    expect(controls).toHaveLength(0);
    expect(sheet.element.querySelectorAll(".effects-effects .effect-row")).toHaveLength(3);
  });

  it("says so when the character has nothing", async () => {
    const actor = await Actor.implementation.create({ name: "Hale", type: "character" });
    if (!actor) throw new Error("actor not created");
    const { sheet } = await effectsTab(actor);
    expect([...sheet.element.querySelectorAll(".tab.effects .empty")].map(text)).toEqual([
      "No injuries.",
      "No setbacks.",
      "No conditions.",
      "No active effects.",
    ]);
  });
});
