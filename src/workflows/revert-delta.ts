/**
 * The GM's revert of a damage entry or a life card, by deltas (issue 10): what the application
 * took is given back on top of the character's current values, so a later blow or heal stays; or
 * the revert is refused, naming what changed since, and nothing is written.
 */
import { actorStateOf, type LifeActorData } from "../documents/actor-state";
import { refuse, type RequestResult } from "../requests";
import type { ActorState } from "../rules/damage-chain";
import { revertByDelta, type RevertField } from "../rules/revert";
import type { InjuryItemChanges } from "./injury-items";
import { CHANGED_FIELD } from "../helpers/lang-keys";

/** An application's record: the fields it changed, before (`revert`) and after (`applied`). */
export interface RevertRecord {
  revert: Partial<ActorState>;
  /** Absent on records written before reverts went by deltas. */
  applied?: Partial<ActorState>;
}

/** The refusal naming the fields that no longer hold what the application left there. */
export function changedSince(actor: Actor.Implementation, fields: readonly RevertField[]): RequestResult {
  const names = fields.map((field) => game.i18n.localize(CHANGED_FIELD[field])).join(", ");
  return refuse("BRINK.Damage.Refusal.changedSince", { name: actor.name, fields: names });
}

/** The actor patch that gives back what a record took, or the refusal naming what changed since. */
export function planRevert(
  actor: Actor.Implementation,
  system: LifeActorData,
  record: RevertRecord,
  items?: InjuryItemChanges,
): Partial<ActorState> | RequestResult {
  const ids = [...(items?.created ?? []), ...(items?.madePermanent ?? [])];
  if (ids.some((id) => !actor.items.get(id)))
    return refuse("BRINK.Damage.Refusal.itemGone", { name: actor.name });
  // A record from before delta reverts keeps only the prior values: those are restored as they were.
  if (!record.applied) return record.revert;
  const result = revertByDelta(actorStateOf(system), record.revert, record.applied);
  if (result.ok) return result.update;
  if (result.changed.includes("dead")) return refuse("BRINK.Damage.Refusal.diedSince", { name: actor.name });
  return changedSince(
    actor,
    result.changed.filter((field) => field !== "dead"),
  );
}
