/**
 * Items on the hotbar: dropping an actor's item on a hotbar slot makes a macro that uses it (a
 * weapon attacks the targeted tokens, anything else is posted to chat), as dnd5e makes its item
 * macros. Core's own hotbar drop would only open the item's sheet, so Brink's handler answers first.
 */
import { promptAttack } from "../rolls/flows";
import { postItemToChat } from "./item-menu";

interface ItemDrop {
  type: "Item";
  uuid: string;
}

const isItemDrop = (data: unknown): data is ItemDrop =>
  typeof data === "object" &&
  data !== null &&
  (data as { type?: unknown }).type === "Item" &&
  typeof (data as { uuid?: unknown }).uuid === "string";

/** The macro's script: one call to the public API, with the item's uuid as a JSON string. */
export const itemMacroCommand = (uuid: string): string =>
  `await game.brink.useItem(${JSON.stringify(uuid)});`;

/** An item that belongs to an actor, from its uuid; null for anything else. */
async function ownedItem(uuid: string): Promise<Item.Implementation | null> {
  const found = await fromUuid(uuid);
  return found instanceof Item && found.parent instanceof Actor ? found : null;
}

async function createItemMacro(uuid: string, slot: number): Promise<void> {
  const item = await ownedItem(uuid);
  if (!item) {
    ui.notifications.warn("BRINK.Inventory.Macro.notOwned", { localize: true });
    return;
  }
  const command = itemMacroCommand(uuid);
  const existing = game.macros.find((macro) => macro.command === command && macro.author?.isSelf === true);
  const macro =
    existing ??
    (await Macro.implementation.create({
      name: item.name,
      type: "script",
      img: item.img ?? undefined,
      command,
    }));
  if (macro) await game.user.assignHotbarMacro(macro, slot);
}

/** Answers a hotbar drop of an item (returning false stops core's handling). */
function onHotbarDrop(_hotbar: unknown, data: unknown, slot: number): boolean | void {
  if (!isItemDrop(data)) return;
  void createItemMacro(data.uuid, slot);
  return false;
}

export function registerItemMacros(): void {
  Hooks.on("hotbarDrop", (hotbar, data, slot) => onHotbarDrop(hotbar, data, slot));
}

/** What an item macro does: a weapon attacks (the attack dialog), any other item is posted to chat. */
export async function useItem(uuid: string): Promise<void> {
  const item = await ownedItem(uuid);
  const actor = item?.actor;
  if (!item || !actor) {
    ui.notifications.warn("BRINK.Inventory.Macro.missing", { localize: true });
    return;
  }
  if (item.type === "weapon") await promptAttack(actor, item);
  else await postItemToChat(item, actor);
}
