/** The items a block or a parry uses (RULES §4), as the defence rules read them. */
import type { DefenceItem } from "../rules/defences";

/** The wielded item a block or parry uses: the best unbroken one that can do it. */
export function defenceItem(actor: Actor.Implementation, kind: "block" | "parry") {
  const candidates = actor.items.filter((item) => {
    const system = item.system as unknown as {
      equipped?: boolean;
      dropped?: boolean;
      condition?: { broken: boolean };
      block?: number | null;
    };
    if (!system.equipped || system.dropped || system.condition?.broken) return false;
    if (kind === "block") return (system.block ?? 0) > 0;
    return item.type === "weapon" || item.type === "shield";
  });
  const value = (item: Item.Implementation) =>
    Number((item.system as unknown as Record<string, unknown>)[kind] ?? 0);
  return candidates.sort((a, b) => value(b) - value(a))[0];
}

export function asDefenceItem(item: Item.Implementation): DefenceItem {
  const system = item.system as unknown as {
    block?: number | null;
    parry?: number | null;
    metal: boolean;
    durability: { value: number | null; max: number | null };
    condition: { value: number; max: number };
  };
  return {
    blockValue: system.block ?? 0,
    parryValue: system.parry ?? 0,
    metal: system.metal,
    durability: { value: system.condition.value, max: system.condition.max },
  };
}
