import {
  countField,
  nullableCount,
  physicalFields,
  resolveDurability,
  type DurabilityState,
} from "./physical";
import type { DefenceItem } from "../../rules/defences";
import { defenceItemOf } from "./defence";
import { lightField } from "./light";

const fields = () => foundry.data.fields;

const armourSchema = () => ({
  ...physicalFields(),
  deflection: new (fields().SchemaField)({ physical: countField(0), elemental: countField(0) }),
  /** RULES §8 (S2): sleeping in heavy armour blocks strain and injury recovery. */
  heavy: new (fields().BooleanField)({ required: true, initial: false }),
});
type ArmourSchema = ReturnType<typeof armourSchema>;

export class ArmourData extends foundry.abstract.TypeDataModel<
  ArmourSchema,
  Item.Implementation,
  Record<string, never>,
  { condition: DurabilityState }
> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.physical", "BRINK.Item.armour"];

  static override defineSchema(): ArmourSchema {
    return armourSchema();
  }

  override prepareDerivedData(): void {
    this.condition = resolveDurability(this.durability, this.metal);
  }
}

const shieldSchema = () => ({
  ...physicalFields(),
  block: countField(2),
  parry: nullableCount(),
});
type ShieldSchema = ReturnType<typeof shieldSchema>;

export class ShieldData extends foundry.abstract.TypeDataModel<
  ShieldSchema,
  Item.Implementation,
  Record<string, never>,
  { condition: DurabilityState }
> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.physical", "BRINK.Item.shield"];

  static override defineSchema(): ShieldSchema {
    return shieldSchema();
  }

  override prepareDerivedData(): void {
    this.condition = resolveDurability(this.durability, this.metal);
  }

  /** This shield as a block or parry uses it (RULES §4 reactions). */
  defenceItem(): DefenceItem {
    return defenceItemOf(this);
  }
}

const gearSchema = () => ({ ...physicalFields(), light: lightField() });
type GearSchema = ReturnType<typeof gearSchema>;

export class GearData extends foundry.abstract.TypeDataModel<
  GearSchema,
  Item.Implementation,
  Record<string, never>,
  { condition: DurabilityState }
> {
  static override LOCALIZATION_PREFIXES = ["BRINK.Item.physical", "BRINK.Item.gear"];

  static override defineSchema(): GearSchema {
    return gearSchema();
  }

  override prepareDerivedData(): void {
    this.condition = resolveDurability(this.durability, this.metal);
  }
}
