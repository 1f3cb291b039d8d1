/**
 * Items on the hotbar: a player drags an item row to a hotbar slot, and the macro made there uses
 * the item (a weapon attacks, anything else is posted to chat).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();

beforeEach(() => resetWorld());

const owner = player("boudica-player");
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;

async function boudica() {
  const actor = await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [owner.id]: OWNER },
    items: [
      { name: "Spear", type: "weapon", system: { damage: 4, damageType: "piercing", equipped: true } },
      { name: "Horn", type: "gear", system: { description: "<p>Calls the war band.</p>" } },
    ],
  });
  if (!actor) throw new Error("actor not created");
  return actor;
}

/** What core's hotbar does when a row's drag data (`Document#toDragData`: type and uuid) lands on a slot. */
const dropOnHotbar = (data: unknown, slot: number): boolean =>
  Hooks.call("hotbarDrop", {} as never, data as never, slot as never);

const runSlot = async (slot: number) => {
  const macro = game.macros.get(game.user.hotbar[slot] ?? "");
  if (!macro) throw new Error(`slot ${slot} is empty`);
  await (macro as unknown as { execute(): Promise<unknown> }).execute();
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("an item dragged to the hotbar", () => {
  it("becomes a macro of the player's in that slot, made once however often it is dropped", async () => {
    const spear = (await boudica()).items.getName("Spear");
    await asUser(owner, async () => {
      const before = writeLog.length;
      expect(dropOnHotbar({ type: "Item", uuid: spear?.uuid }, 3)).toBe(false);
      await settle();
      expect(writeLog.slice(before)).toEqual([
        expect.objectContaining({ action: "create", documentName: "Macro", count: 1, userId: owner.id }),
      ]);
      dropOnHotbar({ type: "Item", uuid: spear?.uuid }, 4);
      await settle();
    });
    expect(game.macros.contents.map((m) => m.name)).toEqual(["Spear"]);
    expect(owner.hotbar).toEqual({ 3: game.macros.contents[0]?.id, 4: game.macros.contents[0]?.id });
  });

  it("attacks with the weapon when the player runs it: with nothing targeted the dialog asks for the target's evasion, as from the sheet", async () => {
    const spear = (await boudica()).items.getName("Spear");
    answerDialog(null);
    await asUser(owner, async () => {
      dropOnHotbar({ type: "Item", uuid: spear?.uuid }, 1);
      await settle();
      await runSlot(1);
    });
    const dialog = shownDialogs.at(-1);
    expect(dialog?.user).toBe(owner.id);
    expect(dialog?.content).toContain('name="manualEvasion"');
    expect(game.messages.size).toBe(0);
  });

  it("posts any other item to chat when run", async () => {
    const horn = (await boudica()).items.getName("Horn");
    await asUser(owner, async () => {
      dropOnHotbar({ type: "Item", uuid: horn?.uuid }, 2);
      await settle();
      await runSlot(2);
    });
    expect(game.messages.contents.map((m) => m.content).join("")).toContain("Calls the war band.");
  });

  it("refuses an item that is on no character, and leaves core's drop alone for anything else", async () => {
    const loose = await Item.implementation.create({ name: "Loose rope", type: "gear" });
    expect(dropOnHotbar({ type: "Item", uuid: loose?.uuid }, 5)).toBe(false);
    await settle();
    expect(game.macros.size).toBe(0);
    expect(notifications.log.map((n) => n.message)).toContain(
      "Only an item on a character or NPC can go on the hotbar.",
    );
    expect(dropOnHotbar({ type: "Macro", uuid: "Macro.x" }, 5)).toBe(true);
  });
});
