/**
 * Endurance and health typed in play mode: "7" or "=7" sets the value, "−3" or "+2" changes it
 * from what is stored. Anything else is refused, and nothing is written for that pool.
 */
const TYPED = /^\s*([+\-−=]?)\s*(\d+)\s*$/;

export type PoolInput = { ok: true; value: number } | { ok: false };

export function parsePoolInput(text: string, current: number): PoolInput {
  const match = TYPED.exec(text);
  if (!match) return { ok: false };
  const [, sign, digits] = match;
  const amount = Number(digits);
  if (sign === "+") return { ok: true, value: current + amount };
  if (sign === "-" || sign === "−") return { ok: true, value: current - amount };
  return { ok: true, value: amount };
}

/**
 * Replaces each typed pool value in the expanded form data (`system.<pool>.value`) by the value it
 * means. A pool whose text means nothing is taken out of the submission, so it is not written, and
 * its key is returned for the warning.
 */
export function resolveTypedPools(
  data: { system?: Record<string, { value?: unknown } | undefined> },
  pools: Iterable<string>,
  current: (pool: string) => number,
): string[] {
  const refused: string[] = [];
  for (const pool of pools) {
    const entry = data.system?.[pool];
    if (typeof entry?.value !== "string") continue;
    const parsed = parsePoolInput(entry.value, current(pool));
    if (parsed.ok) entry.value = Math.max(0, parsed.value);
    else {
      delete entry.value;
      refused.push(pool);
    }
  }
  return refused;
}
