/**
 * The biography tab and the item sheet as a player writes in them: the biography, the notes and an
 * item's description in v13's ProseMirror editors, saved through the sheet's form like any other
 * field.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { openSheet, submitSheetForm } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet, BrinkItemSheet } = await import("../../src/applications/sheets");

beforeEach(() => resetWorld());

const writer = player("roland-player");

async function roland() {
  const actor = await Actor.implementation.create({
    name: "Roland",
    type: "character",
    ownership: {
      default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER,
      [writer.id]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
    },
    system: { details: { biography: "<p>A paladin.</p>", notes: "" } },
  });
  if (!actor) throw new Error("actor not created");
  return actor;
}

const details = (actor: Actor.Implementation) =>
  (actor._source as unknown as { system: { details: { biography: string; notes: string } } }).system.details;

describe("the biography tab", () => {
  it("saves what the player writes in the notes editor in one write, leaving the biography as it was", async () => {
    const actor = await roland();
    await asUser(writer, async () => {
      const sheet = (await openSheet(CharacterSheet, actor, (s) => {
        s.tabGroups.primary = "biography";
      })) as DocumentSheetSurface<unknown>;
      const before = writeLog.length;
      await submitSheetForm(sheet, { "system.details.notes": "<p>Owes the <em>ferryman</em> a coin.</p>" });
      expect(writeLog.slice(before)).toEqual([
        expect.objectContaining({ action: "update", documentName: "Actor", count: 1 }),
      ]);
    });
    expect(details(actor)).toEqual({
      biography: "<p>A paladin.</p>",
      notes: "<p>Owes the <em>ferryman</em> a coin.</p>",
    });
  });

  it("shows an observer the biography and the notes as text, with no editor", async () => {
    const actor = await roland();
    await actor.update({ system: { details: { notes: "<p>Sworn to the crown.</p>" } } });
    await asUser(player("onlooker"), async () => {
      const sheet = (await openSheet(CharacterSheet, actor, (s) => {
        s.tabGroups.primary = "biography";
      })) as DocumentSheetSurface<unknown>;
      const tab = sheet.element.querySelector(".tab.biography");
      expect(tab?.querySelector("prose-mirror")).toBeNull();
      expect([...(tab?.querySelectorAll(".prose") ?? [])].map((p) => p.textContent?.trim())).toEqual([
        "A paladin.",
        "Sworn to the crown.",
      ]);
    });
  });
});

describe("an item's description", () => {
  it("is written in the item sheet's ProseMirror editor and saved with one write", async () => {
    const actor = await roland();
    const sword = (await actor.createEmbeddedDocuments("Item", [{ name: "Sword", type: "weapon" }]))[0];
    if (!sword) throw new Error("no sword");
    await asUser(writer, async () => {
      const sheet = (await openSheet(BrinkItemSheet, sword)) as DocumentSheetSurface<unknown>;
      expect(sheet.element.querySelector("textarea")).toBeNull();
      const before = writeLog.length;
      await submitSheetForm(sheet, { "system.description": "<p>Forged in <strong>Noricum</strong>.</p>" });
      expect(writeLog.slice(before)).toEqual([
        expect.objectContaining({ action: "update", documentName: "Item" }),
      ]);
    });
    expect(sword.system).toMatchObject({ description: "<p>Forged in <strong>Noricum</strong>.</p>" });
  });
});
