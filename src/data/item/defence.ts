import type { DefenceItem } from "../../rules/defences";
import type { DurabilityState } from "./physical";

/** What a shield and a weapon share for a block or parry. */
interface Wielded {
  block: number | null;
  parry: number | null;
  metal: boolean;
  condition: DurabilityState;
}

/** A wielded item as the rules' block and parry take it: prepared durability, 0 for a missing value. */
export function defenceItemOf(item: Wielded): DefenceItem {
  return {
    blockValue: item.block ?? 0,
    parryValue: item.parry ?? 0,
    metal: item.metal,
    durability: { value: item.condition.value, max: item.condition.max },
  };
}
