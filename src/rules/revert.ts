/**
 * Undoing one application (a blow, a heal, a death save…) by what it changed, not by what the
 * character held before it (issue 10): later blows and heals stay. Pools get back exactly what the
 * application took or gave, on top of the current values and clamped to the pools' limits; the
 * other fields go back only while they still hold what the application left there. When that is not
 * so, or the character died since, nothing is given back and the fields that changed are named.
 */
import { LIFE_CONDITIONS, sameValue, type ActorState } from "./death";

/** A field a revert can refuse over: the life tracks, or "dead" when the character died since. */
export type ChangedField = "dead" | "pending" | "dying" | "downed" | "critical" | "injuries";

export type DeltaRevert = { ok: true; update: Partial<ActorState> } | { ok: false; changed: ChangedField[] };

const POOLS = ["endurance", "health", "stamina", "focus", "strain"] as const;
const TRACKS = ["pending", "dying", "downed", "critical", "injuries"] as const;

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

function copyTrack<K extends (typeof TRACKS)[number]>(
  target: Partial<ActorState>,
  source: Partial<ActorState>,
  key: K,
): void {
  const value = source[key];
  if (value !== undefined) target[key] = value;
}

/**
 * The patch that undoes an application whose prior values were `before` and whose written values
 * were `after` (both only the fields it changed), applied to the character as it is now.
 */
export function revertByDelta(
  current: ActorState,
  before: Partial<ActorState>,
  after: Partial<ActorState>,
): DeltaRevert {
  const killedByThis = after.status?.dead === true && before.status?.dead !== true;
  if (current.status.dead && !killedByThis) return { ok: false, changed: ["dead"] };
  const update: Partial<ActorState> = {};
  for (const pool of POOLS) {
    const was = before[pool];
    const set = after[pool];
    if (!was || !set) continue;
    const now = current[pool];
    const value = clamp(now.value + was.value - set.value, now.max);
    if (value !== now.value) update[pool] = { ...now, value };
  }
  if (before.deathDifficulty !== undefined && after.deathDifficulty !== undefined)
    update.deathDifficulty = Math.max(
      0,
      current.deathDifficulty + before.deathDifficulty - after.deathDifficulty,
    );
  const changed: ChangedField[] = [];
  for (const track of TRACKS) {
    if (!(track in before) || sameValue(current[track], before[track])) continue;
    if (sameValue(current[track], after[track])) copyTrack(update, before, track);
    else changed.push(track);
  }
  const was = before.status;
  const set = after.status;
  if (was && set) {
    const status = { ...current.status };
    for (const condition of LIFE_CONDITIONS)
      if (was[condition] !== set[condition]) status[condition] = was[condition];
    if (!sameValue(status, current.status)) update.status = status;
  }
  return changed.length ? { ok: false, changed } : { ok: true, update };
}

/** The fields kept on the actor's own data (attributes and deflection change through items). */
const KEPT = ["deathDifficulty", "status", ...TRACKS] as const;

/** A field an application's record holds, which a revert may find changed since. */
export type RevertField = (typeof POOLS)[number] | (typeof KEPT)[number];

/** The kept fields of `patch` the character does not hold now (empty: the patch has landed). */
export function unlike(current: ActorState, patch: Partial<ActorState>): RevertField[] {
  const differs: RevertField[] = [];
  for (const pool of POOLS) {
    const value = patch[pool];
    if (value && value.value !== current[pool].value) differs.push(pool);
  }
  for (const key of KEPT) if (key in patch && !sameValue(patch[key], current[key])) differs.push(key);
  return differs;
}
