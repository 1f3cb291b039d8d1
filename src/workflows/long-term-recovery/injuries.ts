/**
 * Permanent injuries as long-term recovery sees them (RULES §6, S2): the permanent wound items a
 * character carries, and any permanent entry of the death rule's list that no item stands for.
 * Healing one removes the item and keeps the death rule's list in step, recording both so the GM's
 * revert can put them back.
 */
import type { HealedRecord } from "../../data";
import { recoveryData, injuryData, S2_INJURY_PREFIX } from "../retreat";
import { writes } from "../../foundry/typed-writes";

export interface PermanentInjury {
  id: string;
  name: string;
}

type DeathEntry = Record<string, unknown>;
const isPermanentEntry = (entry: object): boolean => (entry as DeathEntry).permanent === true;

const woundItems = (actor: Actor.Implementation): Item.Implementation[] =>
  actor.items.contents.filter((item) => {
    const injury = injuryData(item);
    return injury?.kind === "wound" && injury.permanent;
  });

/** Indexes of the death rule's permanent entries, oldest first. */
const permanentEntryIndexes = (actor: Actor.Implementation): number[] =>
  recoveryData(actor).death.injuries.flatMap((entry, index) => (isPermanentEntry(entry) ? [index] : []));

/**
 * Every permanent injury, items first. The death rule's entries and the items made from them are
 * two records of the same wounds, so entries are listed only beyond the number of items.
 */
export function permanentInjuries(actor: Actor.Implementation): PermanentInjury[] {
  const items = woundItems(actor).map((item) => ({ id: item.id ?? "", name: item.name }));
  const surplus = permanentEntryIndexes(actor).slice(items.length);
  const wound = game.i18n.localize("BRINK.Rest.Card.wound");
  return [...items, ...surplus.map((index) => ({ id: `${S2_INJURY_PREFIX}${index}`, name: wound }))];
}

export interface Healing {
  record: HealedRecord;
  /** The actor's update (the death rule's list), empty when it does not change. */
  data: Record<string, unknown>;
  deleteItemId: string | null;
}

/**
 * What healing one permanent injury writes. An item goes with one permanent entry of the death
 * rule's list once the entries outnumber the items left, so the rules never count it again.
 */
export function healPermanentInjury(actor: Actor.Implementation, injuryId: string): Healing | null {
  const injury = permanentInjuries(actor).find((entry) => entry.id === injuryId);
  if (!injury) return null;
  const entries = recoveryData(actor).death.injuries as DeathEntry[];
  const item = actor.items.get(injuryId) ?? null;
  let removed: number[] = [];
  if (item) {
    const itemsLeft = woundItems(actor).length - 1;
    const indexes = permanentEntryIndexes(actor);
    if (indexes.length > itemsLeft) removed = indexes.slice(0, 1);
  } else {
    removed = [Number(injuryId.slice(S2_INJURY_PREFIX.length))];
  }
  return {
    record: {
      name: injury.name,
      // An Item's plain source, as the revert will create it again (with its id).
      item: item ? (item.toObject() as Record<string, unknown>) : null,
      entries: removed.map((index) => ({ index, entry: { ...(entries[index] ?? {}) } })),
    },
    data: removed.length
      ? { "system.death.injuries": entries.filter((_, index) => !removed.includes(index)) }
      : {},
    deleteItemId: item?.id ?? null,
  };
}

/** Undoes a healing: the item comes back (unless it is still there) and its entries return in place. */
export async function restoreHealed(actor: Actor.Implementation, healed: HealedRecord): Promise<void> {
  if (healed.entries.length) {
    const entries = [...(recoveryData(actor).death.injuries as DeathEntry[])];
    for (const { index, entry } of [...healed.entries].sort((a, b) => a.index - b.index))
      entries.splice(Math.min(index, entries.length), 0, entry);
    await actor.update(writes.Actor.update({ "system.death.injuries": entries }));
  }
  const item = healed.item;
  if (item && !actor.items.has(String(item._id)))
    // The stored source, as this module recorded it (plain JSON).
    await actor.createEmbeddedDocuments("Item", writes.Item.restores([item]), { keepId: true });
}
