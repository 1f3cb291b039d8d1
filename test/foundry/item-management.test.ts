/**
 * Managing items from the character sheet as a player does: the inventory's sections and columns,
 * create buttons, inline descriptions, the search box, each row's context menu (right-click or the
 * "⋯" button) and what its entries write.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { contextMenuWork } from "../fake-foundry/context-menu";
import { instances } from "../fake-foundry/applications";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers } from "../fake-foundry/ui";
import { clickAction, openSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet, NpcSheet } = await import("../../src/applications/sheets");

type Sheet = DocumentSheetSurface<unknown>;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const OBSERVER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER;

beforeEach(() => {
  resetWorld();
  clearDialogAnswers();
});

const ownerOf = player("boudica-player");

async function boudica() {
  const actor = await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    ownership: { default: OBSERVER, [ownerOf.id]: OWNER },
    items: [
      {
        name: "Spear",
        type: "weapon",
        system: {
          damage: 4,
          damageType: "piercing",
          equipped: true,
          description: "<p>Ash shaft, iron head.</p>",
        },
      },
      {
        name: "Chain Shirt",
        type: "armour",
        system: { deflection: { physical: 3, elemental: 1 }, metal: true },
      },
      { name: "Rope", type: "gear", system: { quantity: 2, price: 3 } },
      { name: "Lantern", type: "gear", system: { quantity: 1, price: 5 } },
    ],
  });
  if (!actor) throw new Error("actor not created");
  return actor;
}

const open = (actor: Actor.Implementation, user = ownerOf): Promise<Sheet> =>
  asUser(user, () => openSheet(CharacterSheet, actor)) as Promise<Sheet>;

const row = (sheet: Sheet, name: string): HTMLElement => {
  const found = [...sheet.element.querySelectorAll<HTMLElement>(".inventory .item-row")].find((r) =>
    text(r.querySelector(".item-name-toggle")).startsWith(name),
  );
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};

/** The menu a right-click (or, with "click", the row's ⋯ button) opens: its entries' names. */
function openMenu(
  sheet: Sheet,
  target: HTMLElement,
  eventName: "contextmenu" | "click",
  user = ownerOf,
): string[] {
  const View = target.ownerDocument.defaultView;
  const event = new (View?.MouseEvent ?? MouseEvent)(eventName, { bubbles: true, cancelable: true });
  // The menu asks its conditions on the client of the user who opened it.
  void asUser(user, async () => target.dispatchEvent(event));
  const menu = sheet.element.ownerDocument.getElementById("context-menu");
  return [...(menu?.querySelectorAll(".context-item") ?? [])].map((item) => text(item));
}

async function choose(sheet: Sheet, entry: string, user = ownerOf): Promise<void> {
  const menu = sheet.element.ownerDocument.getElementById("context-menu");
  const item = [...(menu?.querySelectorAll<HTMLElement>(".context-item") ?? [])].find(
    (i) => text(i) === entry,
  );
  if (!item) throw new Error(`the menu offers no "${entry}"`);
  await asUser(user, async () => {
    item.click();
    await contextMenuWork.pending;
  });
}

describe("the inventory tab", () => {
  it("lists each item type under its own heading with labelled columns", async () => {
    const sheet = await open(await boudica());
    const headings = [...sheet.element.querySelectorAll(".inventory-head h2")].map(text);
    expect(headings).toEqual(["Weapons", "Armour", "Shields", "Gear", "Talents"]);
    const weapons = sheet.element.querySelector('.inventory-section[data-type="weapon"]');
    expect([...(weapons?.querySelectorAll(".inventory-head .col") ?? [])].map(text)).toEqual([
      "Damage",
      "Durability",
      "Qty",
    ]);
    const spear = row(sheet, "Spear");
    expect([...spear.querySelectorAll(".col")].map((c) => [c.getAttribute("data-label"), text(c)])).toEqual([
      ["Damage", "4 Piercing"],
      ["Durability", "4/4"],
      ["Qty", "1"],
    ]);
    expect(text(row(sheet, "Chain Shirt").querySelector(".col"))).toBe("3 physical, 1 elemental");
    expect(text(sheet.element.querySelector('.inventory-section[data-type="shield"] .empty'))).toBe(
      "None yet.",
    );
  });

  it("creates an item of the section's type on the character in one write, and opens it", async () => {
    const actor = await boudica();
    const sheet = await open(actor);
    const before = writeLog.length;
    await asUser(ownerOf, () => clickAction(sheet, '[data-action="createItem"][data-type="shield"]'));
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "create", documentName: "Item", count: 1, userId: ownerOf.id }),
    ]);
    const shield = actor.items.find((item) => item.type === "shield");
    expect(shield?.name).toBe("New Shield");
    expect((shield?.sheet as { rendered?: boolean } | null)?.rendered).toBe(true);
    expect([...instances.values()]).toContain(shield?.sheet);
  });

  it("lists rows in the order the player dragged them to (their sort), so a drag within the sheet sorts", async () => {
    const actor = await boudica();
    const rope = actor.items.getName("Rope");
    const lantern = actor.items.getName("Lantern");
    await actor.updateEmbeddedDocuments("Item", [
      { _id: rope?.id, sort: 100 },
      { _id: lantern?.id, sort: 200 },
    ]);
    const sheet = await open(actor);
    const gear = sheet.element.querySelectorAll('.inventory-section[data-type="gear"] .item-row');
    expect([...gear].map((r) => text(r.querySelector(".item-name-toggle")))).toEqual(["Rope", "Lantern"]);
    expect([...gear].every((r) => r.classList.contains("draggable") && r.getAttribute("data-item-id"))).toBe(
      true,
    );
  });

  it("offers no create button to a player who only observes the character", async () => {
    const sheet = await open(await boudica(), player("onlooker"));
    expect(sheet.element.querySelector('.inventory [data-action="createItem"]')).toBeNull();
    expect(sheet.element.querySelector('.inventory [data-action="toggleEquipped"]')).toBeNull();
  });

  it("shows an item's description in place when its name is clicked, and hides it on a second click", async () => {
    const sheet = await open(await boudica());
    expect(row(sheet, "Spear").querySelector(".item-summary-body")).toBeNull();
    await asUser(ownerOf, () => clickAction(sheet, ".item-row .item-name-toggle"));
    expect(text(row(sheet, "Spear").querySelector(".item-summary-body"))).toBe("Ash shaft, iron head.");
    expect(row(sheet, "Spear").querySelector(".item-name-toggle")?.getAttribute("aria-expanded")).toBe(
      "true",
    );
    await asUser(ownerOf, () => clickAction(sheet, ".item-row .item-name-toggle"));
    expect(row(sheet, "Spear").querySelector(".item-summary-body")).toBeNull();
  });

  it("filters the rows by the search box and keeps the search across a re-render", async () => {
    const sheet = await open(await boudica());
    const search = sheet.element.querySelector<HTMLInputElement>(".inventory-search");
    if (!search) throw new Error("no search box");
    search.value = "rope";
    search.dispatchEvent(new (search.ownerDocument.defaultView?.Event ?? Event)("input", { bubbles: true }));
    const visible = () =>
      [...sheet.element.querySelectorAll<HTMLElement>(".inventory .item-row")]
        .filter((r) => !r.hidden)
        .map((r) => text(r.querySelector(".item-name-toggle")));
    expect(visible()).toEqual(["Rope"]);
    expect(
      sheet.element.querySelector('.inventory-section[data-type="weapon"]')?.classList.contains("no-match"),
    ).toBe(true);
    await sheet.render();
    expect(visible()).toEqual(["Rope"]);
    expect(sheet.element.querySelector<HTMLInputElement>(".inventory-search")?.value).toBe("rope");
  });
});

describe("an item's context menu", () => {
  it("opens on right-click and from the row's ⋯ button with the same entries", async () => {
    const sheet = await open(await boudica());
    const byMouse = openMenu(sheet, row(sheet, "Spear"), "contextmenu");
    expect(byMouse).toEqual(["Open", "Unequip", "Post to chat", "Delete"]);
    const button = row(sheet, "Rope").querySelector<HTMLElement>(".item-menu-button");
    expect(button?.getAttribute("aria-label")).toBe("Actions for Rope");
    expect(openMenu(sheet, button as HTMLElement, "click")).toEqual([
      "Open",
      "Equip",
      "Post to chat",
      "Delete",
    ]);
  });

  it("still opens after the sheet is closed and opened again", async () => {
    const sheet = await open(await boudica());
    await sheet.close();
    await asUser(ownerOf, () => sheet.render(true));
    expect(openMenu(sheet, row(sheet, "Rope"), "contextmenu")).toEqual([
      "Open",
      "Equip",
      "Post to chat",
      "Delete",
    ]);
  });

  it("unequips a worn weapon with one write", async () => {
    const actor = await boudica();
    const sheet = await open(actor);
    openMenu(sheet, row(sheet, "Spear"), "contextmenu");
    const before = writeLog.length;
    await choose(sheet, "Unequip");
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "update", documentName: "Item", count: 1 }),
    ]);
    expect(actor.items.getName("Spear")?.system).toMatchObject({ equipped: false });
  });

  it("deletes only after the player confirms", async () => {
    const actor = await boudica();
    const sheet = await open(actor);
    openMenu(sheet, row(sheet, "Lantern"), "contextmenu");
    answerDialog(null);
    await choose(sheet, "Delete");
    expect(actor.items.getName("Lantern")).toBeDefined();
    openMenu(sheet, row(sheet, "Lantern"), "contextmenu");
    answerDialog({});
    const before = writeLog.length;
    await choose(sheet, "Delete");
    expect(actor.items.getName("Lantern")).toBeUndefined();
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "delete", documentName: "Item", count: 1 }),
    ]);
  });

  it("posts the item with its description to chat as the character", async () => {
    const actor = await boudica();
    const sheet = await open(actor);
    openMenu(sheet, row(sheet, "Spear"), "contextmenu");
    await choose(sheet, "Post to chat");
    const [message] = game.messages?.contents ?? [];
    expect(message?.content).toContain("Spear");
    expect(message?.content).toContain("Ash shaft, iron head.");
    expect(message?.speaker.alias).toBe("Boudica");
    expect(message?.author?.id).toBe(ownerOf.id);
  });

  it("offers an observer only Open and Post to chat", async () => {
    const onlooker = player("onlooker");
    const sheet = await open(await boudica(), onlooker);
    expect(openMenu(sheet, row(sheet, "Spear"), "contextmenu", onlooker)).toEqual(["Open", "Post to chat"]);
  });

  it("opens the item's own sheet from Open", async () => {
    const actor = await boudica();
    const sheet = await open(actor);
    openMenu(sheet, row(sheet, "Rope"), "contextmenu");
    await choose(sheet, "Open");
    const rope = actor.items.getName("Rope");
    expect((rope?.sheet as { rendered?: boolean } | null)?.rendered).toBe(true);
  });
});

describe("an NPC's items", () => {
  it("have the same context menu on the NPC sheet", async () => {
    const npc = await Actor.implementation.create({
      name: "Guard Captain",
      type: "npc",
      items: [{ name: "Longsword", type: "weapon", system: { damage: 5, equipped: true } }],
    });
    if (!npc) throw new Error("npc not created");
    const sheet = (await openSheet(NpcSheet, npc)) as Sheet;
    const longsword = sheet.element.querySelector<HTMLElement>(".item-row[data-item-id]");
    const gm = game.users.get("gm") as unknown as typeof ownerOf;
    expect(openMenu(sheet, longsword as HTMLElement, "contextmenu", gm)).toEqual([
      "Open",
      "Unequip",
      "Post to chat",
      "Delete",
    ]);
  });
});
