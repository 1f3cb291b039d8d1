/**
 * An item dropped on a sheet from somewhere else (issue 13). From an actor whose items the user may
 * change, it moves: created here, then removed there, so handing a friend a sword leaves one
 * sword. From anywhere else (a world item, a compendium, an actor the user only observes) it is a
 * copy. Either way it arrives unequipped. Injuries and setbacks are the GM's to hand out, so only a
 * GM may drop one. Nothing is lost: the source is removed only after the new item exists.
 */
import type { LangKey } from "../../helpers/lang-keys";

const CONSEQUENCE_TYPES: ReadonlySet<string> = new Set(["injury", "setback"]);

function refuse(key: LangKey, item: Item.Implementation): null {
  ui.notifications.warn(game.i18n.format(key, { name: item.name }));
  return null;
}

/** Where the new item sits: after the actor's other items. */
function lastSort(actor: Actor.Implementation): number {
  const highest = Math.max(0, ...[...actor.items].map((owned) => owned.sort ?? 0));
  return highest + CONST.SORT_INTEGER_DENSITY;
}

/** The dropped item's data as a new item of this actor: no id, folder or rights of its own, unequipped. */
function creationData(item: Item.Implementation, actor: Actor.Implementation): Item.CreateData {
  const { _id, folder: _folder, ownership: _ownership, system, ...data } = item.toObject();
  const unequipped = "equipped" in system ? { ...system, equipped: false } : system;
  return { ...data, system: unequipped, sort: lastSort(actor) };
}

/** The actor the item is carried by, when this user may take it from there. */
function movableFrom(item: Item.Implementation): Actor.Implementation | null {
  const holder = item.parent;
  return holder instanceof Actor && item.isOwner ? holder : null;
}

export async function receiveItem(
  actor: Actor.Implementation,
  item: Item.Implementation,
): Promise<Item.Implementation | null> {
  if (!actor.isOwner) return refuse("BRINK.Inventory.Drop.notOwner", item);
  if (CONSEQUENCE_TYPES.has(item.type) && !game.user.isGM)
    return refuse("BRINK.Inventory.Drop.consequence", item);
  const source = movableFrom(item);
  let created: Item.Implementation | undefined;
  try {
    [created] = await actor.createEmbeddedDocuments("Item", [creationData(item, actor)]);
  } catch {
    return refuse("BRINK.Inventory.Drop.failed", item);
  }
  if (!created) return null;
  if (source) await item.delete();
  return created;
}
