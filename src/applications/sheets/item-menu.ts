/**
 * What a player can do to one item on an actor sheet, from its context menu (right-click on the
 * row, or the row's "⋯" button for the keyboard): open it, equip or unequip it, post it to chat,
 * delete it after confirming. Each is at most one write.
 */
import { templatePath } from "../../constants";
import { physicalData } from "../../data";
import { descriptionOf } from "./inventory-context";
import { isLantern, refillLantern } from "./lantern-refill";
import type { MenuEntry } from "../../foundry/generation";
import { writes } from "../../foundry/typed-writes";

/** One entry of an item's menu (foundry/generation gives it the running Foundry's shape). */
export type ItemMenuEntry = MenuEntry;

export const itemOf = (actor: Actor.Implementation, target: HTMLElement): Item.Implementation | undefined => {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return id ? actor.items.get(id) : undefined;
};

const icon = (name: string): string => `<i class="fa-solid fa-fw ${name}"></i>`;

/** Equips or unequips a carried item that is not dropped; one write. */
export async function toggleEquipped(item: Item.Implementation): Promise<void> {
  const physical = physicalData(item);
  if (!physical || physical.dropped) return;
  await item.update(writes.Item.update({ "system.equipped": !physical.equipped }));
}

/** Asks before deleting an item or an Active Effect; deletes only on "Yes" (one write). */
export async function confirmDelete(document: {
  name: string;
  delete(): Promise<unknown>;
}): Promise<boolean> {
  const escaped = Handlebars.escapeExpression(document.name);
  const confirmed = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("BRINK.Inventory.Delete.title", { name: document.name }) },
    content: `<p>${game.i18n.format("BRINK.Inventory.Delete.content", { name: escaped })}</p>`,
    buttons: [
      {
        action: "yes",
        label: "BRINK.Inventory.Delete.yes",
        icon: "fa-solid fa-trash",
        default: true,
        callback: () => true,
      },
      { action: "no", label: "BRINK.Inventory.Delete.no", callback: () => false },
    ],
    rejectClose: false,
  });
  if (confirmed !== true) return false;
  await document.delete();
  return true;
}

/** Posts the item (picture, name, type, description) to chat as its actor. */
export async function postItemToChat(item: Item.Implementation, actor: Actor.Implementation): Promise<void> {
  const description = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
    descriptionOf(item),
    {
      secrets: false,
      relativeTo: item,
    },
  );
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("item/chat-card.hbs"), {
    name: item.name,
    img: item.img,
    typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
    description,
  });
  await ChatMessage.implementation.create({
    content,
    speaker: ChatMessage.implementation.getSpeaker({ actor }),
  });
}

export function itemMenuEntries(actor: Actor.Implementation, editable: () => boolean): ItemMenuEntry[] {
  const item = (target: HTMLElement) => itemOf(actor, target);
  const equippable = (target: HTMLElement, equipped: boolean): boolean => {
    const physical = physicalData(item(target) ?? { system: null });
    return editable() && physical !== null && !physical.dropped && physical.equipped === equipped;
  };
  return [
    {
      label: "BRINK.Inventory.Menu.edit",
      icon: icon("fa-pen-to-square"),
      visible: (target) => item(target) !== undefined,
      run: async (target) => item(target)?.sheet?.render(true),
    },
    {
      label: "BRINK.Inventory.Menu.equip",
      icon: icon("fa-shield-halved"),
      visible: (target) => equippable(target, false),
      run: async (target) => {
        const found = item(target);
        if (found) await toggleEquipped(found);
      },
    },
    {
      label: "BRINK.Inventory.Menu.unequip",
      icon: icon("fa-box-archive"),
      visible: (target) => equippable(target, true),
      run: async (target) => {
        const found = item(target);
        if (found) await toggleEquipped(found);
      },
    },
    {
      label: "BRINK.Inventory.Menu.refill",
      icon: icon("fa-oil-can"),
      visible: (target) => {
        const found = item(target);
        return editable() && found !== undefined && isLantern(found);
      },
      run: async (target) => {
        const found = item(target);
        if (found) await refillLantern(actor, found);
      },
    },
    {
      label: "BRINK.Inventory.Menu.chat",
      icon: icon("fa-comment"),
      visible: (target) => item(target) !== undefined,
      run: async (target) => {
        const found = item(target);
        if (found) await postItemToChat(found, actor);
      },
    },
    {
      label: "BRINK.Inventory.Menu.delete",
      icon: icon("fa-trash"),
      visible: (target) => editable() && item(target) !== undefined,
      run: async (target) => {
        const found = item(target);
        if (found) await confirmDelete(found);
      },
    },
  ];
}
