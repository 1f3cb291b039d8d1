/**
 * Reading a relayed request field by field: each validator (src/request-fields.ts) returns the
 * typed value or undefined, and `need` turns undefined into a refusal that names the field
 * (`BRINK.Request.badField`).
 */
import { refuse, type Refusal } from "../requests";

export { booleanField, isRecord, oneOf, uuidField, wholeNumber } from "../request-fields";

export const badField = (field: string): Refusal => refuse("BRINK.Request.badField", { field });

/** Reads each field in turn; the first bad one becomes the refusal. */
export class FieldError extends Error {
  constructor(readonly field: string) {
    super(field);
  }
}
export function need<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new FieldError(field);
  return value;
}
/** Runs a parser built from `need`, turning a bad field into its refusal. */
export function parse<T>(read: () => T): T | Refusal {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldError) return badField(error.field);
    throw error;
  }
}
