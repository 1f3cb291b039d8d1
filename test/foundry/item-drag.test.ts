/**
 * Dragging item rows as a player does (issue 13): a row dropped on its own list sorts it; dropped on
 * another character's sheet it moves there; a world item dropped on a sheet is copied; injuries and
 * setbacks are the GM's to hand out; a sheet the user may not change takes no drop.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import type { FakeUser } from "../fake-foundry/documents";
import { dropData, dropOn, startDrag } from "../support/drag";
import { openSheet } from "../support/sheets";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet, NpcSheet } = await import("../../src/applications/sheets");

type Sheet = DocumentSheetSurface<unknown>;
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const OBSERVER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER;
const ownerOf = player("war-band-player");

beforeEach(() => resetWorld());

async function character(name: string, owners: Record<string, number>, items: object[] = []) {
  const actor = await Actor.implementation.create({
    name,
    type: "character",
    ownership: { default: OBSERVER, ...owners },
    items,
  } as never);
  if (!actor) throw new Error("actor not created");
  return actor;
}

const boudica = () =>
  character("Boudica", { [ownerOf.id]: OWNER }, [
    { name: "Spear", type: "weapon", system: { damage: 4, damageType: "piercing", equipped: true } },
    { name: "Rope", type: "gear" },
    { name: "Lantern", type: "gear" },
    { name: "Whetstone", type: "gear" },
  ]);

/** Opens the actor's sheet on the user's client (what they may drag and drop is settled there). */
const open = (actor: Actor.Implementation, user: FakeUser = ownerOf): Promise<Sheet> =>
  asUser(user, () =>
    openSheet(actor.type === "npc" ? NpcSheet : CharacterSheet, actor as never),
  ) as Promise<Sheet>;

const row = (sheet: Sheet, name: string): HTMLElement => {
  const id = (sheet.document as Actor.Implementation).items.getName(name)?.id;
  const found = sheet.element.querySelector<HTMLElement>(`.item-row[data-item-id="${id}"]`);
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};

const gearOrder = (sheet: Sheet) =>
  [...sheet.element.querySelectorAll('.inventory-section[data-type="gear"] .item-name-toggle')].map((b) =>
    b.textContent?.trim(),
  );

/** The user drags `from` and drops it on `to`, then waits for the drop's work as they would. */
async function drag(user: FakeUser, from: HTMLElement, onto: HTMLElement, sheet: Sheet): Promise<void> {
  await asUser(user, async () => {
    dropOn(onto, startDrag(from));
    await (sheet as unknown as { pending: Promise<unknown> }).pending;
  });
}

describe("dragging a row within its sheet", () => {
  it("sorts it beside the row it is dropped on, in one write, and the list shows the new order", async () => {
    const sheet = await open(await boudica());
    expect(gearOrder(sheet)).toEqual(["Lantern", "Rope", "Whetstone"]);
    const before = writeLog.length;

    await drag(ownerOf, row(sheet, "Lantern"), row(sheet, "Whetstone"), sheet);

    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "update", documentName: "Item", userId: ownerOf.id }),
    ]);
    await sheet.render();
    expect(gearOrder(sheet)).toEqual(["Rope", "Whetstone", "Lantern"]);
  });

  it("does nothing when a weapon is dropped among the gear", async () => {
    const sheet = await open(await boudica());
    const before = writeLog.length;
    await drag(ownerOf, row(sheet, "Spear"), row(sheet, "Rope"), sheet);
    expect(writeLog.slice(before)).toEqual([]);
  });

  it("sorts an NPC's rows too, which the GM drags", async () => {
    const gm = game.users.get("gm") as unknown as FakeUser;
    const npc = await Actor.implementation.create({
      name: "Raider",
      type: "npc",
      items: [
        { name: "Axe", type: "weapon", sort: 100 },
        { name: "Club", type: "weapon", sort: 200 },
      ],
    } as never);
    if (!npc) throw new Error("npc not created");
    const sheet = await open(npc, gm);
    await drag(gm, row(sheet, "Axe"), row(sheet, "Club"), sheet);
    await sheet.render();
    const names = [...sheet.element.querySelectorAll(".inventory-section .item-row .item-name-toggle")].map(
      (n) => n.textContent?.trim(),
    );
    expect(names).toEqual(["Club", "Axe"]);
  });
});

describe("dragging a row onto another character's sheet", () => {
  it("moves it: the item is created there unequipped and last in its list, then removed here", async () => {
    const from = await boudica();
    const to = await character("Caratacus", { [ownerOf.id]: OWNER }, [{ name: "Sword", type: "weapon" }]);
    const fromSheet = await open(from);
    const toSheet = await open(to);
    const before = writeLog.length;

    await drag(ownerOf, row(fromSheet, "Spear"), toSheet.element, toSheet);

    expect(to.items.getName("Spear")?.system).toMatchObject({ damage: 4, equipped: false });
    expect(from.items.getName("Spear")).toBeUndefined();
    expect(writeLog.slice(before)).toEqual([
      expect.objectContaining({ action: "create", documentName: "Item", parent: to.uuid, count: 1 }),
      expect.objectContaining({ action: "delete", documentName: "Item", parent: from.uuid, count: 1 }),
    ]);
    await toSheet.render();
    const weapons = toSheet.element.querySelectorAll(
      '.inventory-section[data-type="weapon"] .item-name-toggle',
    );
    expect([...weapons].map((b) => b.textContent?.trim())).toEqual(["Sword", "Spear"]);
  });

  it("moves an NPC's weapon to a character when the GM drags it", async () => {
    const gm = game.users.get("gm") as unknown as FakeUser;
    const npc = await Actor.implementation.create({
      name: "Raider",
      type: "npc",
      items: [{ name: "Axe", type: "weapon", system: { damage: 3, damageType: "slashing" } }],
    } as never);
    if (!npc) throw new Error("npc not created");
    const to = await boudica();
    const npcSheet = await open(npc, gm);
    const toSheet = await open(to, gm);
    await drag(gm, row(npcSheet, "Axe"), toSheet.element, toSheet);
    expect(to.items.getName("Axe")).toBeDefined();
    expect(npc.items.size).toBe(0);
  });

  it("copies an item of a character the user does not own (its drag data from a link), leaving it there", async () => {
    const others = await character("Cartimandua", {}, [{ name: "Torc", type: "gear" }]);
    const torc = others.items.getName("Torc");
    const mine = await boudica();
    const sheet = await open(mine);
    await asUser(ownerOf, async () => {
      dropData(sheet.element, torc?.toDragData() ?? {});
      await (sheet as unknown as { pending: Promise<unknown> }).pending;
    });
    expect(mine.items.getName("Torc")).toBeDefined();
    expect(others.items.getName("Torc")).toBe(torc);
  });

  it("takes no drop on a sheet the player only observes, and offers no drag from one", async () => {
    const from = await boudica();
    const to = await character("Caratacus", {});
    const fromSheet = await open(from);
    const toSheet = await open(to);
    const before = writeLog.length;
    await drag(ownerOf, row(fromSheet, "Spear"), toSheet.element, toSheet);
    expect(writeLog.slice(before)).toEqual([]);
    expect(to.items.size).toBe(0);
    expect(from.items.getName("Spear")).toBeDefined();
    const onlooker = await open(from, player("onlooker"));
    expect(row(fromSheet, "Spear").getAttribute("draggable")).toBe("true");
    expect(row(onlooker, "Spear").getAttribute("draggable")).toBeNull();
    expect(startDrag(row(onlooker, "Spear")).getData("text/plain")).toBe("");
  });

  it("leaves the item where it was when the new one cannot be created, and says so", async () => {
    const from = await boudica();
    const to = await character("Caratacus", { [ownerOf.id]: OWNER });
    const fromSheet = await open(from);
    const toSheet = await open(to);
    vi.spyOn(to, "createEmbeddedDocuments").mockRejectedValueOnce(new Error("The server refused it"));
    await drag(ownerOf, row(fromSheet, "Spear"), toSheet.element, toSheet);
    expect(from.items.getName("Spear")?.system).toMatchObject({ equipped: true });
    expect(to.items.size).toBe(0);
    expect(notifications.log.at(-1)).toMatchObject({
      level: "warn",
      message: "Spear could not be added here, so it stays where it was.",
    });
  });
});

describe("dropping an item from the sidebar or a compendium", () => {
  it("creates a copy on the character and leaves the world item", async () => {
    const lamp = await Item.implementation.create({
      name: "Lamp",
      type: "gear",
      ownership: { default: OBSERVER },
    } as never);
    const mine = await boudica();
    const sheet = await open(mine);
    await asUser(ownerOf, async () => {
      dropData(sheet.element, lamp?.toDragData() ?? {});
      await (sheet as unknown as { pending: Promise<unknown> }).pending;
    });
    expect(mine.items.getName("Lamp")).toBeDefined();
    expect(game.items.getName("Lamp")).toBe(lamp);
  });

  it("copies a compendium item, which stays in its locked pack", async () => {
    const torchUuid = "Compendium.brink.equipment.Item.vD7XuwB5k3GqbBLw";
    const torch = (await fromUuid(torchUuid)) as Item.Implementation | null;
    const mine = await boudica();
    const sheet = await open(mine);
    await asUser(ownerOf, async () => {
      dropData(sheet.element, { type: "Item", uuid: torchUuid });
      await (sheet as unknown as { pending: Promise<unknown> }).pending;
    });
    expect(mine.items.getName(torch?.name ?? "")?.type).toBe("gear");
    expect(await fromUuid(torchUuid)).toBe(torch);
  });

  it("lets only the GM give an injury: a player's drop is refused with a message and writes nothing", async () => {
    const injury = await Item.implementation.create({
      name: "Broken Arm",
      type: "injury",
      ownership: { default: OBSERVER },
    } as never);
    const mine = await boudica();
    const playerSheet = await open(mine);
    const before = writeLog.length;
    await asUser(ownerOf, async () => {
      dropData(playerSheet.element, injury?.toDragData() ?? {});
      await (playerSheet as unknown as { pending: Promise<unknown> }).pending;
    });
    expect(writeLog.slice(before)).toEqual([]);
    expect(notifications.log.at(-1)?.message).toBe(
      "Only the GM can give a character an injury or a setback; Broken Arm was not added.",
    );

    const gm = game.users.get("gm") as unknown as FakeUser;
    const gmSheet = await open(mine, gm);
    await asUser(gm, async () => {
      dropData(gmSheet.element, injury?.toDragData() ?? {});
      await (gmSheet as unknown as { pending: Promise<unknown> }).pending;
    });
    expect(mine.items.getName("Broken Arm")).toBeDefined();
  });

  it("ignores a dropped Active Effect or actor", async () => {
    const other = await character("Cartimandua", { [ownerOf.id]: OWNER });
    const [effect] = await other.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed" }] as never);
    const mine = await boudica();
    const sheet = await open(mine);
    const before = writeLog.length;
    await asUser(ownerOf, async () => {
      dropData(sheet.element, effect?.toDragData() ?? {});
      await (sheet as unknown as { pending: Promise<unknown> }).pending;
      dropData(sheet.element, other.toDragData());
      await (sheet as unknown as { pending: Promise<unknown> }).pending;
    });
    expect(writeLog.slice(before)).toEqual([]);
  });
});

describe("dragging a row to the hotbar", () => {
  it("carries the item's type and uuid, from which the hotbar makes the item's macro", async () => {
    const mine = await boudica();
    const sheet = await open(mine);
    const spear = mine.items.getName("Spear");
    const data: unknown = JSON.parse(startDrag(row(sheet, "Spear")).getData("text/plain"));
    expect(data).toEqual({ type: "Item", uuid: spear?.uuid });
    await asUser(ownerOf, async () => {
      Hooks.call("hotbarDrop", {} as never, data as never, 5 as never);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const macro = game.macros.get(ownerOf.hotbar[5] ?? "");
    expect(macro?.name).toBe("Spear");
  });
});
