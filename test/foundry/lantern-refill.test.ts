/**
 * Issue 12, RULES §7.5: a lantern that burnt down on travel turns is refilled from a flask of oil
 * the character carries, from the lantern's item menu: one write of both items, the flask counted
 * down (never deleted). Without oil, or with a full lantern, it is refused and nothing is written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { contextMenuWork } from "../fake-foundry/context-menu";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { clearDialogAnswers } from "../fake-foundry/ui";
import { openSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet } = await import("../../src/applications/sheets");

type Sheet = DocumentSheetSurface<unknown>;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const { OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
const ownerOf = player("petra-player");
const warnings = () => notifications.log.filter((e) => e.level === "warn").map((e) => e.message);

beforeEach(() => {
  resetWorld();
  clearDialogAnswers();
  notifications.log.length = 0;
});

const lantern = (left: number | null) => ({
  name: "Lantern",
  type: "gear",
  system: { equipped: true, quantity: 1, light: { hours: 3, left, consumed: false } },
});
const oil = (quantity: number) => ({ name: "Flask of oil", type: "gear", system: { quantity } });
const torch = {
  name: "Torch",
  type: "gear",
  system: { quantity: 2, light: { hours: 1, left: 0, consumed: true } },
};

async function petra(items: object[]) {
  const actor = await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: 0, [ownerOf.id]: OWNER },
    items,
  } as never);
  if (!actor) throw new Error("actor not created");
  const sheet = (await asUser(ownerOf, () => openSheet(CharacterSheet, actor))) as Sheet;
  return { actor, sheet };
}

function menuFor(sheet: Sheet, name: string): string[] {
  const row = [...sheet.element.querySelectorAll<HTMLElement>(".inventory .item-row")].find((r) =>
    text(r.querySelector(".item-name-toggle")).startsWith(name),
  );
  if (!row) throw new Error(`no row for ${name}`);
  const View = row.ownerDocument.defaultView;
  void asUser(ownerOf, async () =>
    row.dispatchEvent(
      new (View?.MouseEvent ?? MouseEvent)("contextmenu", { bubbles: true, cancelable: true }),
    ),
  );
  const menu = sheet.element.ownerDocument.getElementById("context-menu");
  return [...(menu?.querySelectorAll(".context-item") ?? [])].map((item) => text(item));
}

async function choose(sheet: Sheet, entry: string): Promise<void> {
  const menu = sheet.element.ownerDocument.getElementById("context-menu");
  const item = [...(menu?.querySelectorAll<HTMLElement>(".context-item") ?? [])].find(
    (i) => text(i) === entry,
  );
  if (!item) throw new Error(`the menu offers no "${entry}"`);
  await asUser(ownerOf, async () => {
    item.click();
    await contextMenuWork.pending;
  });
}

const gear = (actor: Actor.Implementation, name: string) =>
  actor.items.getName(name)?.system as unknown as { quantity: number; light: { left: number | null } };

describe("refilling a lantern", () => {
  it("uses one flask of oil and gives the lantern its three hours back, in one write", async () => {
    const { actor, sheet } = await petra([lantern(0), oil(2)]);
    expect(menuFor(sheet, "Lantern")).toContain("Refill");
    const before = writeLog.length;
    await choose(sheet, "Refill");
    expect(gear(actor, "Lantern").light.left).toBeNull();
    expect(gear(actor, "Flask of oil").quantity).toBe(1);
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "update", documentName: "Item", count: 2 }),
    ]);
    expect(notifications.log.at(-1)?.message).toBe(
      "Lantern refilled: 3 hours of light (Flask of oil: 1 left).",
    );
  });

  it("keeps the last flask on the sheet at 0 once it is used", async () => {
    const { actor, sheet } = await petra([lantern(1), oil(1)]);
    menuFor(sheet, "Lantern");
    await choose(sheet, "Refill");
    expect(gear(actor, "Flask of oil").quantity).toBe(0);
    menuFor(sheet, "Lantern");
    await actor.items.getName("Lantern")?.update({ "system.light.left": 0 } as never);
    const before = writeLog.length;
    menuFor(sheet, "Lantern");
    await choose(sheet, "Refill");
    expect(warnings().at(-1)).toBe(
      "Petra carries no flask of oil to refill the Lantern. Nothing was changed.",
    );
    expect(writeLog.length).toBe(before);
  });

  it("is refused with no oil, and for a full lantern, writing nothing", async () => {
    const { actor, sheet } = await petra([lantern(0)]);
    menuFor(sheet, "Lantern");
    const before = writeLog.length;
    await choose(sheet, "Refill");
    expect(warnings().at(-1)).toBe(
      "Petra carries no flask of oil to refill the Lantern. Nothing was changed.",
    );
    expect(gear(actor, "Lantern").light.left).toBe(0);
    await actor.createEmbeddedDocuments("Item", [oil(1)] as never);
    await actor.items.getName("Lantern")?.update({ "system.light.left": null } as never);
    const full = writeLog.length;
    menuFor(sheet, "Lantern");
    await choose(sheet, "Refill");
    expect(warnings().at(-1)).toBe("The Lantern is full: nothing to refill.");
    expect(writeLog.length).toBe(full);
    expect(before).toBeLessThan(full);
  });

  it("is not offered for a torch, which is used up rather than refilled", async () => {
    const { sheet } = await petra([torch, oil(1)]);
    expect(menuFor(sheet, "Torch")).not.toContain("Refill");
  });
});
