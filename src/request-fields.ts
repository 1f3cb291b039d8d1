/**
 * Tiny validators for the fields of a relayed request. A payload is untrusted JSON: each reader
 * returns the typed value, or undefined when the field is not of the expected form, and the
 * handler refuses with a reason naming the field. No Foundry globals.
 */

/** Longest id or uuid Brink accepts (Foundry's ids are 16 characters; a uuid chains a few). */
const MAX_ID = 64;
const MAX_UUID = 256;
/** Longest free text (a team's name) a request may carry. */
export const MAX_TEXT = 200;

/** Foundry's ids are letters and digits; compendium names in a uuid may also hold "-" and "_". */
const ID = /^[A-Za-z0-9_-]+$/;

/** "__proto__", "constructor", "toString"…: never a key Brink looks anything up by. */
export const isPrototypeKey = (value: string): boolean => value in Object.prototype;

/** A document id: letters and digits, short, never a prototype key. */
export function idField(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_ID || !ID.test(value)) return undefined;
  return isPrototypeKey(value) ? undefined : value;
}

/** A document uuid: ids joined by dots ("Actor.abc", "Scene.a.Token.b.Actor.c"). */
export function uuidField(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_UUID) return undefined;
  return value.split(".").every((part) => idField(part) !== undefined) ? value : undefined;
}

/** A short piece of text. */
export function textField(value: unknown, max = MAX_TEXT): string | undefined {
  return typeof value === "string" && value.length <= max ? value : undefined;
}

/** A whole number from min to max, as a JSON number (never a string, NaN or 1e300). */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
}

/** One of the allowed values, compared as own strings (so "constructor" is never one). */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export const booleanField = (value: unknown): boolean | undefined =>
  typeof value === "boolean" ? value : undefined;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
