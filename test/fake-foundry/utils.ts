/** The few `foundry.utils` helpers Brink calls, with Foundry's semantics for plain data. */
export type Plain = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export function deepClone<T>(value: T): T {
  if (value instanceof Set) return new Set([...value].map((v: unknown) => deepClone(v))) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => deepClone(v)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepClone(v)])) as T;
  }
  return value;
}

export function getProperty(object: unknown, path: string): unknown {
  let target: unknown = object;
  for (const key of path.split(".")) {
    if (typeof target !== "object" || target === null) return undefined;
    target = (target as Plain)[key];
  }
  return target;
}

export function setProperty(object: Plain, path: string, value: unknown): boolean {
  const keys = path.split(".");
  const last = keys.pop() ?? path;
  let target: Plain = object;
  for (const key of keys) {
    const next = target[key];
    if (typeof next !== "object" || next === null) target[key] = {};
    target = target[key] as Plain;
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

/** "a.b": 1 → { a: { b: 1 } }, at every depth, inside arrays too, as Foundry's expandObject does. */
export function expandObject(flat: Plain): Plain {
  const expanded: Plain = {};
  for (const [key, value] of Object.entries(flat)) setProperty(expanded, key, expandValue(value));
  return expanded;
}

function expandValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expandValue);
  return isPlainObject(value) ? expandObject(value) : value;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The part of `other` that differs from `original`, as Foundry's diffObject: nested objects are
 * compared key by key, anything else (arrays included) as a whole value; a key `other` lacks is
 * reported as its deletion ("-=key").
 */
export function diffObject(original: Plain, other: Plain): Plain {
  const diff: Plain = {};
  for (const [key, value] of Object.entries(other)) {
    const before = original[key];
    if (isPlainObject(value) && isPlainObject(before)) {
      const inner = diffObject(before, value);
      if (Object.keys(inner).length) diff[key] = inner;
    } else if (!sameValue(before, value)) diff[key] = value;
  }
  for (const key of Object.keys(original)) if (!(key in other)) diff[`-=${key}`] = null;
  return diff;
}

export function flattenObject(object: Plain, prefix = ""): Plain {
  const flat: Plain = {};
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0)
      Object.assign(flat, flattenObject(value, path));
    else flat[path] = value;
  }
  return flat;
}

/** Recursive merge of `other` into a copy of `original`; keys "-=x" delete x, as Foundry does. */
export function mergeObject<T extends Plain>(original: T, other: Plain, { inplace = false } = {}): T {
  const target: Plain = inplace ? original : deepClone(original);
  for (const [key, value] of Object.entries(expandObject(other))) {
    if (key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    const existing = target[key];
    target[key] =
      isPlainObject(existing) && isPlainObject(value)
        ? mergeObject(existing, value, { inplace: true })
        : deepClone(value);
  }
  return target as T;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export function randomID(length = 16): string {
  let id = "";
  for (let i = 0; i < length; i += 1) id += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return id;
}

/** CONST.SORT_INTEGER_DENSITY: the gap a reindex leaves between neighbours. */
export const SORT_INTEGER_DENSITY = 100000;

interface SortOptions<T> {
  target?: T | null;
  siblings?: T[];
  sortKey?: string;
  sortBefore?: boolean;
}

/**
 * `foundry.utils.performIntegerSort` (API v13): the source takes a sort value beside the target,
 * between its neighbours when there is an integer gap, else every sibling is renumbered. Without
 * `sortBefore` it goes before a target that sorted below it and after one that sorted above.
 */
export function performIntegerSort<T extends object>(
  source: T,
  { target = null, siblings = [], sortKey = "sort", sortBefore }: SortOptions<T> = {},
): { target: T; update: Plain }[] {
  const key = (doc: T | null | undefined): number => Number(getProperty(doc, sortKey) ?? 0);
  const others = siblings.filter((s) => s !== source).sort((a, b) => key(a) - key(b));
  const index = target ? others.indexOf(target) : -1;
  const before = sortBefore ?? (target !== null && key(source) > key(target));
  const at = index < 0 ? others.length : before ? index : index + 1;
  const low = at > 0 ? key(others[at - 1]) : key(others[0]) - 2 * SORT_INTEGER_DENSITY;
  const high = at < others.length ? key(others[at]) : key(others.at(-1)) + 2 * SORT_INTEGER_DENSITY;
  const middle = Math.floor((low + high) / 2);
  if (others.length && middle > low && middle < high)
    return [{ target: source, update: { [sortKey]: middle } }];
  if (!others.length) return [{ target: source, update: { [sortKey]: SORT_INTEGER_DENSITY } }];
  const order = [...others.slice(0, at), source, ...others.slice(at)];
  return order.map((doc, i) => ({ target: doc, update: { [sortKey]: (i + 1) * SORT_INTEGER_DENSITY } }));
}
