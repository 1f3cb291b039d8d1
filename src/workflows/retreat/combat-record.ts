/**
 * RULES §5: the combat a retreat ended, kept on its card so the GM's revert can bring it back as it
 * stood when the retreat was called (same combatants, teams, round and Brink's turn state).
 */

import type { CombatRecord } from "../../data/chat";
import { writes } from "../../foundry/typed-writes";

export type { CombatRecord };

/** The fields a recreated combat needs; Foundry fills in the rest (statistics, sort order). */
const KEPT = ["_id", "type", "scene", "active", "round", "turn", "system", "flags"] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An embedded document's source without its statistics, which the server writes anew. */
const embedded = (list: unknown): Record<string, unknown>[] =>
  Array.isArray(list)
    ? list.filter(isRecord).map((entry) => {
        const { _stats: _ignored, ...rest } = entry;
        return rest;
      })
    : [];

/** What recreating this combat takes: its fields with its combatants and groups, ids included. */
export function combatRecordOf(combat: Combat.Implementation): CombatRecord {
  const source: Record<string, unknown> = foundry.utils.deepClone(combat.toObject());
  const record: CombatRecord = {};
  for (const key of KEPT) if (key in source) record[key] = source[key];
  // Restored, the combat has no retreat waiting: the GM may fight on or call it again.
  if (typeof record.system === "object" && record.system !== null)
    record.system = { ...record.system, pendingRetreat: [], pendingRetreatBy: null };
  record.combatants = embedded(source.combatants);
  record.groups = embedded(source.groups);
  return record;
}

/**
 * Recreates the recorded combat in one write, keeping its id and (Foundry's default) the ids of its
 * combatants and groups, so every combatant stays in its team and the turn state still names them.
 * Nothing is written when there is no record or the combat exists again already.
 */
export async function restoreCombat(record: CombatRecord | null | undefined): Promise<void> {
  if (!record || typeof record._id !== "string") return;
  if (game.combats.get(record._id)) return;
  const scene = typeof record.scene === "string" && game.scenes.get(record.scene) ? record.scene : null;
  // The record is the combat's own source as this module stored it (plain JSON).
  await Combat.implementation.create(writes.Combat.restore({ ...record, scene }), { keepId: true });
}
