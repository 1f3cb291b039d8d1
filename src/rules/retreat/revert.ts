/**
 * Reverting a retreat: exactly what one character's resolution touched. Pools and exhaustion go
 * back by what the retreat changed them by (its snapshot against what it wrote), on top of today's
 * values; statuses, injuries and drops it made are undone.
 */
import { ATTRIBUTES, MAX_EXHAUSTION, type Attribute } from "../characters";
import type { DieRating } from "../dice";
import { applyChanges } from "./apply";
import type { CharacterRetreat, RetreatChanges, RetreatCharacter } from "./state";

export interface RetreatRevert {
  readonly actorId: string;
  readonly changes: RetreatChanges;
  readonly removeStatuses: readonly string[];
  readonly deleteInjuryIds: readonly string[];
  readonly undropItemIds: readonly string[];
}

/**
 * Undo exactly what one character's resolution touched, from its snapshot: the fields it changed,
 * the statuses it added, the injuries it created and the items dropped through its choices.
 */
export function revertCharacterRetreat(
  resolution: CharacterRetreat,
  current: RetreatCharacter,
): RetreatRevert {
  const { snapshot, update } = resolution;
  const changed = update.changes;
  const attributes: Partial<Record<Attribute, DieRating>> = {};
  for (const attribute of ATTRIBUTES) {
    if (changed.attributes?.[attribute] !== undefined) attributes[attribute] = snapshot.attributes[attribute];
  }
  const changes: { -readonly [K in keyof RetreatChanges]: RetreatChanges[K] } = {};
  if (changed.attributes !== undefined) changes.attributes = attributes;
  // By deltas (issue 23): what the retreat took or gave, on top of the values now, so later changes stay.
  const back = (was: number, set: number, now: number, max: number) =>
    Math.min(max, Math.max(0, now + was - set));
  for (const pool of ["endurance", "health", "hitDice"] as const) {
    const set = changed[pool];
    if (set !== undefined)
      changes[pool] = back(snapshot[pool].value, set, current[pool].value, current[pool].max);
  }
  if (changed.exhaustion !== undefined)
    changes.exhaustion = back(snapshot.exhaustion, changed.exhaustion, current.exhaustion, MAX_EXHAUSTION);
  const candidates = new Set(resolution.pendingChoices.flatMap((choice) => choice.candidateIds));
  const droppedBefore = new Set(snapshot.items.filter((item) => item.dropped).map((item) => item.id));
  return {
    actorId: snapshot.id,
    changes,
    removeStatuses: update.addStatuses,
    deleteInjuryIds: update.createInjuries.map((injury) => injury.id),
    undropItemIds: current.items
      .filter((item) => item.dropped && candidates.has(item.id) && !droppedBefore.has(item.id))
      .map((item) => item.id),
  };
}

export function applyRetreatRevert(character: RetreatCharacter, revert: RetreatRevert): RetreatCharacter {
  const removed = new Set(revert.removeStatuses);
  const deleted = new Set(revert.deleteInjuryIds);
  const undropped = new Set(revert.undropItemIds);
  return {
    ...applyChanges(character, revert.changes),
    statuses: character.statuses.filter((status) => !removed.has(status)),
    injuries: character.injuries.filter((injury) => !deleted.has(injury.id)),
    items: character.items.map((item) => (undropped.has(item.id) ? { ...item, dropped: false } : item)),
  };
}
