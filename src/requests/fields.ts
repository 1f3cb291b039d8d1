/**
 * The one set of validators for the fields of a relayed request. A payload is untrusted JSON:
 *
 * - each validator (`idField`, `uuidField`, `textField`, `wholeNumber`, `oneOf`, `booleanField`)
 *   returns the typed value, or undefined when the value is not of the expected form;
 * - `Fields` reads a payload's own fields with them and throws a `FieldRefusal` naming the bad
 *   field, which the registry (requests/registry.ts) turns into the refusal the asker sees;
 * - `need` and `parse` do the same for a parser written with the bare validators.
 *
 * No Foundry globals.
 */
import { refuse, type Refusal } from "./relay";

/** Longest id or uuid Brink accepts (Foundry's ids are 16 characters; a uuid chains a few). */
const MAX_ID = 64;
const MAX_UUID = 256;
/** Longest free text (a team's name) a request may carry. */
export const MAX_TEXT = 200;
/** Most entries a list field may hold: far above any party or combat, far below a flood. */
export const MAX_LIST = 100;

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
  return allowed.find((entry) => entry === value);
}

export const booleanField = (value: unknown): boolean | undefined =>
  typeof value === "boolean" ? value : undefined;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A field of a request that is wrong in form: refused with `reason`, naming the field. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    readonly reason = "BRINK.Request.badField",
  ) {
    super(`${field}: ${reason}`);
  }
  get refusal(): Refusal {
    return refuse(this.reason, { field: this.field });
  }
}

/** The refusal for a field that is missing or not an allowed value. */
export const badField = (field: string): Refusal => new FieldRefusal(field).refusal;

/** A validated value, or a `FieldRefusal` naming the field. */
export function need<T>(value: T | undefined, field: string, reason?: string): T {
  if (value === undefined) throw new FieldRefusal(field, reason);
  return value;
}

/** Runs a parser built from `need` (or `Fields`), turning a bad field into its refusal. */
export function parse<T>(read: () => T): T | Refusal {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldRefusal) return error.refusal;
    throw error;
  }
}

const BAD_ID = "BRINK.Request.badId";
const BAD_TEXT = "BRINK.Request.badText";
const BAD_NUMBER = "BRINK.Request.badNumber";

/**
 * A payload read field by field: only its own keys count (never one inherited from
 * Object.prototype), and each reader either returns the typed value or throws a `FieldRefusal`
 * naming the field. Optional fields read as empty ("" / [] / false) when absent.
 */
export class Fields {
  constructor(private readonly payload: Record<string, unknown>) {}

  /** The raw value of an own field (undefined when absent). */
  raw(key: string): unknown {
    return Object.hasOwn(this.payload, key) ? this.payload[key] : undefined;
  }

  /** A required document id. */
  id(key: string): string {
    return need(idField(this.raw(key)), key, BAD_ID);
  }

  /** An optional document id: absent, null or "" reads as "". */
  optionalId(key: string): string {
    const value = this.raw(key);
    return value === undefined || value === null || value === "" ? "" : this.id(key);
  }

  /** A required document uuid. */
  uuid(key: string): string {
    return need(uuidField(this.raw(key)), key, BAD_ID);
  }

  /** A list of ids (absent reads as none). */
  ids(key: string): string[] {
    return this.#list(key, idField, BAD_ID);
  }

  /** A list of uuids (absent reads as none). */
  uuids(key: string): string[] {
    return this.#list(key, uuidField, BAD_ID);
  }

  /** A list of uuids, each named once, from `min` to `max` of them (a repeat is refused, not merged). */
  distinctUuids(key: string, min: number, max: number): string[] {
    const uuids = this.uuids(key);
    if (uuids.length < min || uuids.length > max || new Set(uuids).size !== uuids.length)
      throw new FieldRefusal(key);
    return uuids;
  }

  /** Optional short text (absent reads as ""). */
  text(key: string, max = MAX_TEXT): string {
    const value = this.raw(key);
    return value === undefined ? "" : need(textField(value, max), key, BAD_TEXT);
  }

  /** A whole number in range; absent reads as `fallback` when one is given. */
  whole(key: string, min: number, max: number, fallback?: number): number {
    const value = this.raw(key);
    if (value === undefined && fallback !== undefined) return fallback;
    return need(wholeNumber(value, min, max), key, BAD_NUMBER);
  }

  /** An optional flag: absent reads as false, anything but a boolean is refused. */
  flag(key: string): boolean {
    const value = this.raw(key);
    return value === undefined ? false : need(booleanField(value), key);
  }

  /** One of the allowed values. */
  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    return need(oneOf(this.raw(key), allowed), key);
  }

  /** A nested object, read the same way. */
  record(key: string): Fields {
    const value = this.raw(key);
    return new Fields(need(isRecord(value) ? value : undefined, key));
  }

  /** The raw entries of a list field (absent reads as none). */
  list(key: string): unknown[] {
    const value = this.raw(key);
    if (value === undefined) return [];
    return need(Array.isArray(value) && value.length <= MAX_LIST ? value : undefined, key);
  }

  #list(key: string, read: (value: unknown) => string | undefined, reason: string): string[] {
    const value = this.raw(key);
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.length > MAX_LIST) throw new FieldRefusal(key, reason);
    return value.map((entry) => need(read(entry), key, reason));
  }
}
