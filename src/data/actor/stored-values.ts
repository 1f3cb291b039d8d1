/**
 * Stored actor data that does not validate (issue 23): a die of a size the rules do not have, a
 * condition Brink does not know, a pool above its maximum, a number too large to be a count. On
 * load the model repairs such values (`repairActorSource`, run by migrateData), so one bad field
 * never hides an actor; an update that would write one is refused first (`firstBadActorField`).
 */
import { DIE_SIZES } from "../../rules/dice";
import { STATUS_IDS } from "../../status-effects";

type Source = Record<string, unknown>;

const RATING_GROUPS = ["attributes", "skills"] as const;
const POOLS = ["endurance", "health", "stamina", "focus", "hitDice"] as const;
const isRecord = (value: unknown): value is Source =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The die size nearest a stored one (ties go down); 0 stays "no die" where a skill allows it. */
function nearestDie(size: number, allowNone: boolean): number {
  if (allowNone && size <= 0) return 0;
  return [...DIE_SIZES].reduce((best, die) => (Math.abs(die - size) < Math.abs(best - size) ? die : best));
}

const isDie = (size: unknown, allowNone: boolean) =>
  (allowNone && size === 0) || (DIE_SIZES as readonly unknown[]).includes(size);

/** Every number too large (or small) to be a safe whole count, brought to the nearest safe one. */
function clampHuge(value: unknown): unknown {
  if (typeof value === "number" && Number.isFinite(value) && !Number.isSafeInteger(Math.trunc(value)))
    return Math.sign(value) * Number.MAX_SAFE_INTEGER;
  if (Array.isArray(value)) return value.map(clampHuge);
  if (isRecord(value)) for (const [key, inner] of Object.entries(value)) value[key] = clampHuge(inner);
  return value;
}

/** Repairs, in place, the values a stored (or partial, updated) source holds that cannot validate. */
export function repairActorSource(source: Source): Source {
  clampHuge(source);
  for (const group of RATING_GROUPS) {
    const ratings = source[group];
    if (!isRecord(ratings)) continue;
    for (const rating of Object.values(ratings)) {
      if (!isRecord(rating) || typeof rating.die !== "number") continue;
      if (!isDie(rating.die, group === "skills")) rating.die = nearestDie(rating.die, group === "skills");
    }
  }
  if (Array.isArray(source.conditions))
    source.conditions = source.conditions.filter((id) => (STATUS_IDS as readonly unknown[]).includes(id));
  for (const pool of POOLS) {
    const stored = source[pool];
    if (isRecord(stored) && typeof stored.value === "number" && typeof stored.max === "number")
      stored.value = Math.max(0, Math.min(stored.max, stored.value));
  }
  return source;
}

/** A flattened update's value at a path, whether written flat or nested. */
function valueAt(changes: Source, path: string): unknown {
  if (path in changes) return changes[path];
  return path.split(".").reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), changes);
}

/**
 * The first field (as `system.…`) an actor update would set to a value the model repairs on load,
 * or null. `current` is the actor's system source, for a pool whose maximum the update leaves.
 */
export function firstBadActorField(changes: Source, current: Source): string | null {
  const flat = foundry.utils.flattenObject(changes) as Source;
  for (const [path, value] of Object.entries(flat)) {
    if (!path.startsWith("system.")) continue;
    if (typeof value === "number" && !Number.isSafeInteger(Math.trunc(value))) return path;
    const [, group, , leaf] = path.split(".");
    // A sheet's select submits the die as text; the model casts it, so "6" is a d6.
    const size = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if ((group === "attributes" || group === "skills") && leaf === "die" && !isDie(size, group === "skills"))
      return path;
  }
  const conditions = valueAt(changes, "system.conditions");
  if (Array.isArray(conditions) && conditions.some((id) => !(STATUS_IDS as readonly unknown[]).includes(id)))
    return "system.conditions";
  for (const pool of POOLS) {
    const value = valueAt(changes, `system.${pool}.value`);
    const stored = isRecord(current[pool]) ? current[pool] : {};
    const max = valueAt(changes, `system.${pool}.max`) ?? stored.max;
    if (typeof value === "number" && typeof max === "number" && value > max) return `system.${pool}.value`;
  }
  return null;
}
