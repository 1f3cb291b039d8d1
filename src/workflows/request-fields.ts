/**
 * Tiny validators for the fields of a relayed request (untrusted JSON from a player's client). Each
 * returns the typed value or undefined; the request's parser turns undefined into a refusal that
 * names the field (`BRINK.Request.badField`).
 */
import { refuse, type Refusal } from "../requests";

/** Keys an object inherits: never an id, a kind or a record key. */
const isInheritedKey = (value: string): boolean => value === "__proto__" || value in Object.prototype;

/** A non-empty id or uuid of sane length that is not an inherited key. */
export function idField(value: unknown): string | undefined {
  if (typeof value !== "string" || !value || value.length > 200 || isInheritedKey(value)) return undefined;
  return value;
}

/** One of the allowed values, compared as own strings (so "constructor" is never one). */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A whole number from min to max, inclusive (no strings, NaN, Infinity or fractions). */
export function wholeField(value: unknown, min: number, max: number): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
}

export const booleanField = (value: unknown): boolean | undefined =>
  typeof value === "boolean" ? value : undefined;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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
