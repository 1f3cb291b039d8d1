export { ArmourData, GearData, ShieldData } from "./armour";
export {
  INJURY_HEALING,
  INJURY_KINDS,
  InjuryData,
  SETBACK_ENDINGS,
  SETBACK_KINDS,
  SetbackData,
  TALENT_TRAITS,
  TalentData,
} from "./consequences";
export { defaultDurability, resolveDurability, type DurabilityState } from "./physical";
export { WEAPON_PROPERTIES, WeaponData, type WeaponProperty } from "./weapon";
export { itemData, physicalData, wieldedData, type PhysicalData } from "./narrow";
export { lightField, type LightData } from "./light";
