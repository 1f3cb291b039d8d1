/**
 * Which parts of an actor sheet a change touches. The pools show in the header (their bars, pips
 * and the harmed and bloodied marks) and the actions panel (what an action costs); nothing else
 * on the sheet reads them, so a change to the pools alone redraws only those two parts.
 */
export const POOL_PARTS: ReadonlySet<string> = new Set(["header", "actions"]);

const POOLS = new Set(["endurance", "health", "stamina", "focus", "strain"]);
/** Keys core adds to every change, which say nothing about what the sheet shows. */
const BOOKKEEPING = new Set(["_id", "_stats"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** True when the changed data (core's renderData for an update) holds pool values and nothing else. */
export function changesOnlyPools(changed: unknown): boolean {
  if (!isRecord(changed) || !isRecord(changed.system)) return false;
  const others = Object.keys(changed).filter((key) => key !== "system" && !BOOKKEEPING.has(key));
  if (others.length) return false;
  const pools = Object.entries(changed.system);
  return (
    pools.length > 0 &&
    pools.every(
      ([key, pool]) => POOLS.has(key) && isRecord(pool) && Object.keys(pool).every((k) => k === "value"),
    )
  );
}
