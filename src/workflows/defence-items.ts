/** The items a block or a parry uses (RULES §4), as the defence rules read them, and their reverts. */
import { wieldedData, type ItemRevert, type ShieldData, type WeaponData } from "../data";

/** The wielded item a block or parry uses: the best unbroken one that can do it, with its data. */
export function defenceItem(
  actor: Actor.Implementation,
  kind: "block" | "parry",
): { item: Item.Implementation; data: WeaponData | ShieldData } | undefined {
  const candidates = actor.items.contents.flatMap((item) => {
    const data = wieldedData(item);
    if (!data || !data.equipped || data.dropped || data.condition.broken) return [];
    if (kind === "block" && (data.block ?? 0) <= 0) return [];
    return [{ item, data }];
  });
  return candidates.sort((a, b) => (b.data[kind] ?? 0) - (a.data[kind] ?? 0))[0];
}

/** A block or parry item's durability (null for an item that is not a weapon or shield). */
export const durabilityOf = (item: Item.Implementation): ItemRevert["durability"] | null => {
  const data = wieldedData(item);
  return data ? { value: data.durability.value, max: data.durability.max } : null;
};

/**
 * The block or parry item's durability given back by what the reaction took, on top of its value
 * now; "gone" when the item is no longer on the actor (the rest of the revert still goes ahead).
 */
export function defenceItemRevert(actor: Actor.Implementation, revert: ItemRevert | null) {
  if (!revert) return null;
  const item = actor.items.get(revert.itemId);
  const now = item ? durabilityOf(item) : null;
  if (!item || !now) return "gone";
  const { value: was, max } = revert.durability;
  const set = revert.after?.value;
  if (was === null || set === null || set === undefined || now.value === null)
    return { item, durability: revert.durability };
  const value = Math.max(0, Math.min(max ?? Infinity, now.value + was - set));
  return { item, durability: { ...now, value } };
}
