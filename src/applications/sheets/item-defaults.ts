/**
 * What an item sheet says about values the GM does not type: the default the rules use while a
 * nullable field is blank (shown as the input's placeholder, so the blank stays stored), and what an
 * injury's progress counts.
 */
import { GearData, InjuryData, ShieldData, WeaponData, defaultDurability, physicalData } from "../../data";
import { isLightSource } from "../../rules/exploration/light";
import { MINOR_INJURY_SAFE_RESTS } from "../../rules/rest";

export interface ItemDefaults {
  /** By path under `system`. */
  placeholders: Record<string, string>;
  notes: Record<string, string>;
  /** Gear: whether it is a light source (its hours are set); null for other types. */
  lightSource: boolean | null;
  /** An injury: whether its progress counts safe rests; null for other types. */
  countsSafeRests: boolean | null;
}

/** RULES §4: a blank durability is the material's default, a blank value is undamaged. */
function durabilityPlaceholders(system: unknown): Record<string, string> {
  const physical = physicalData({ system });
  if (!physical) return {};
  const { durability, metal } = physical._source;
  const max = durability.max ?? defaultDurability(metal);
  return { "durability.max": String(defaultDurability(metal)), "durability.value": String(max) };
}

/** RULES §4: a parry without a value adds +1; a weapon without a block value cannot block. */
function defencePlaceholders(system: unknown): Record<string, string> {
  if (system instanceof WeaponData) return { parry: "1", block: "—" };
  return system instanceof ShieldData ? { parry: "1" } : {};
}

function injuryNotes(injury: InjuryData): Record<string, string> {
  if (!injury.countsSafeRests()) return { heals: game.i18n.localize("BRINK.ItemSheet.progress.notCounted") };
  return {
    "progress.value": game.i18n.format("BRINK.ItemSheet.progress.safeRests", {
      value: String(injury.progress.value),
      needed: String(MINOR_INJURY_SAFE_RESTS),
    }),
  };
}

export function itemDefaults(system: unknown): ItemDefaults {
  const gear = system instanceof GearData ? system : null;
  const injury = system instanceof InjuryData ? system : null;
  const lightHours = gear?._source.light.hours ?? null;
  return {
    placeholders: {
      ...durabilityPlaceholders(system),
      ...defencePlaceholders(system),
      ...(isLightSource(lightHours) ? { "light.left": String(lightHours) } : {}),
    },
    notes: injury ? injuryNotes(injury) : {},
    lightSource: gear ? isLightSource(lightHours) : null,
    countsSafeRests: injury ? injury.countsSafeRests() : null,
  };
}
