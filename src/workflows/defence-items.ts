/** The items a block or a parry uses (RULES §4), as the defence rules read them. */
import { wieldedData, type ShieldData, type WeaponData } from "../data";

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
