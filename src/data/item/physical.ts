import { countField, descriptionField } from "../shared/fields";

const fields = () => foundry.data.fields;

/** RULES §4: an item without a listed durability has 10 if metal, 4 otherwise. */
export const defaultDurability = (metal: boolean): number => (metal ? 10 : 4);

/**
 * Fields every carried item has. Dropped items stay on the actor, marked, never deleted. The rules
 * price nothing: `price` is a plain number of coins per item (docs/decisions.md), and `quantity` how
 * many the stack holds, so trading modules such as Item Piles can read and write both.
 */
export function physicalFields() {
  const f = fields();
  return {
    description: descriptionField(),
    equipped: new f.BooleanField({ required: true, initial: false }),
    dropped: new f.BooleanField({ required: true, initial: false }),
    metal: new f.BooleanField({ required: true, initial: false }),
    durability: new f.SchemaField({
      value: new f.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
      max: new f.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
    }),
    quantity: countField(1),
    price: new f.NumberField({ required: true, nullable: false, min: 0, initial: 0 }),
  };
}

export interface DurabilityState {
  value: number;
  max: number;
  broken: boolean;
}

/** Durability with the defaults filled in: null max → by material, null value → full. */
export function resolveDurability(source: { value: number | null; max: number | null }, metal: boolean) {
  const max = source.max ?? defaultDurability(metal);
  const value = Math.min(source.value ?? max, max);
  return { value, max, broken: value === 0 } satisfies DurabilityState;
}

export const nullableCount = () =>
  new (fields().NumberField)({ required: true, nullable: true, integer: true, min: 0, initial: null });

export { countField };
