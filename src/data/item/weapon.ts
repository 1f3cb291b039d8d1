import type { AttackWeapon, WeaponDelivery } from "../../rules/attacks";
import { ATTRIBUTES, type Attribute } from "../../rules/characters";
import { DAMAGE_TYPES, type DamageType } from "../../rules/damage";
import type { DefenceItem } from "../../rules/defences";
import { DIE_SIZES, type DieSize } from "../../rules/dice";
import {
  countField,
  nullableCount,
  physicalFields,
  resolveDurability,
  type DurabilityState,
} from "./physical";
import { defenceItemOf } from "./defence";

const fields = () => foundry.data.fields;

export const WEAPON_PROPERTIES = [
  "thrown",
  "projectile",
  "blast",
  "nonlethal",
  "twoHanded",
  "reach",
] as const;
export type WeaponProperty = (typeof WEAPON_PROPERTIES)[number];

const weaponSchema = () => {
  const f = fields();
  return {
    ...physicalFields(),
    attributes: new f.SetField(new f.StringField({ required: true, choices: [...ATTRIBUTES] }), {
      initial: ["str"],
    }),
    proficiencies: new f.SetField(new f.StringField({ required: true, blank: false })),
    damage: countField(1),
    /** The die it rolls under direct damage (RULES §7.3); null: none set, so it cannot attack there. */
    damageDie: new f.NumberField({
      required: true,
      nullable: true,
      integer: true,
      initial: null,
      choices: [...DIE_SIZES],
    }),
    criticalDamage: countField(2),
    criticalThreshold: new f.NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 2,
      max: 40,
      initial: 20,
    }),
    damageType: new f.StringField({
      required: true,
      initial: "bludgeoning",
      choices: Object.keys(DAMAGE_TYPES),
    }),
    properties: new f.SetField(new f.StringField({ required: true, choices: [...WEAPON_PROPERTIES] })),
    range: countField(1, 0),
    parry: nullableCount(),
    block: nullableCount(),
  };
};
type WeaponSchema = ReturnType<typeof weaponSchema>;

export class WeaponData extends foundry.abstract.TypeDataModel<
  WeaponSchema,
  Item.Implementation,
  Record<string, never>,
  { condition: DurabilityState }
> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.physical", "BRINK.Item.weapon"];

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  /** Older sources: `critThreshold`/`critDamage` renamed; properties once stored as "thrown, blast". */
  static override migrateData(source: Record<string, unknown>) {
    for (const [old, current] of [
      ["critThreshold", "criticalThreshold"],
      ["critDamage", "criticalDamage"],
    ] as const) {
      if (old in source) {
        source[current] ??= source[old];
        delete source[old];
      }
    }
    if (typeof source.properties === "string") {
      source.properties = source.properties
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
    }
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    this.condition = resolveDurability(this.durability, this.metal);
  }

  /** This weapon as the rules' attack reads it (RULES §4): delivery from its properties. */
  attackWeapon(): AttackWeapon {
    const delivery: WeaponDelivery = this.properties.has("thrown")
      ? "thrown"
      : this.properties.has("projectile")
        ? "projectile"
        : "melee";
    return {
      // The schema only admits attribute keys and damage types here (its choices).
      attributes: [...this.attributes] as Attribute[],
      proficiencies: [...this.proficiencies],
      damage: this.damage,
      // The schema only admits die sizes here (its choices).
      damageDie: this.damageDie as DieSize | null,
      criticalDamage: this.criticalDamage,
      criticalThreshold: this.criticalThreshold,
      damageType: this.damageType as DamageType,
      delivery,
      blast: this.properties.has("blast"),
      broken: this.condition.broken,
    };
  }

  /** This weapon as a block or parry uses it (RULES §4 reactions). */
  defenceItem(): DefenceItem {
    return defenceItemOf(this);
  }
}
