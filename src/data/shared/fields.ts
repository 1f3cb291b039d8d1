import { DIE_SIZES } from "../../rules/dice";

/** Schema pieces shared by several models: functions returning fields, never mixins. */
const fields = () => foundry.data.fields;

export const DIE_CHOICES = Object.fromEntries(DIE_SIZES.map((size) => [size, `d${size}`])) as Record<
  number,
  string
>;
export const RATING_CHOICES: Record<number, string> = { 0: "—", ...DIE_CHOICES };

/** A die rating (d4–d12), or 0 for "no die" when `allowNone`. */
export function dieField(initial: number, allowNone = false) {
  const f = fields();
  return new f.NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    choices: allowNone ? RATING_CHOICES : DIE_CHOICES,
  });
}

/** A whole number never below `min`. */
export function countField(initial = 0, min = 0, max?: number) {
  const f = fields();
  return new f.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min,
    initial,
    ...(max === undefined ? {} : { max }),
  });
}

/** A pool such as endurance or health: a value between 0 and an editable maximum. */
export function poolField(initial: number) {
  const f = fields();
  return new f.SchemaField({ value: countField(initial), max: countField(initial) });
}

export function descriptionField() {
  return new (fields().HTMLField)({ required: true, blank: true, initial: "" });
}

/** An interface as a plain object type, which an ObjectField's type parameters accept. */
type Plain<T> = { [K in keyof T]: T[K] };

/**
 * A required ObjectField typed with the shape of the plain data Brink stores in it (a rules result,
 * written whole by the client that produced it), so the model reads it back without a cast.
 */
export function recordField<T extends object>() {
  return new (fields().ObjectField)<{ required: true }, Plain<T>, Plain<T>, Plain<T>>({ required: true });
}
