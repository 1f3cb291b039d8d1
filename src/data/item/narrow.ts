import { ArmourData, GearData, ShieldData } from "./armour";
import { WeaponData } from "./weapon";

/**
 * An item's data as one of Brink's models, or null when it is another type. Foundry types
 * `item.system` as a union over every item type; `instanceof` picks the model out of it.
 */
export function itemData<T>(
  item: { system: unknown },
  model: abstract new (...args: never[]) => T,
): T | null {
  const { system } = item;
  return system instanceof model ? system : null;
}

/** The data of a carried item (weapon, armour, shield, gear): what can be worn, dropped or broken. */
export type PhysicalData = WeaponData | ArmourData | ShieldData | GearData;

export function physicalData(item: { system: unknown }): PhysicalData | null {
  const { system } = item;
  return system instanceof WeaponData ||
    system instanceof ArmourData ||
    system instanceof ShieldData ||
    system instanceof GearData
    ? system
    : null;
}

/** A wielded item that can block or parry (a weapon or a shield), or null. */
export function wieldedData(item: { system: unknown }): WeaponData | ShieldData | null {
  const { system } = item;
  return system instanceof WeaponData || system instanceof ShieldData ? system : null;
}
