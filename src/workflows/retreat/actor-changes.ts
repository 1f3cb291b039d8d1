/** The actor changes a character's retreat makes, and what they replaced (for Revert). */
import type { CharacterRetreat } from "../../rules/retreat";
import { orderedConditions } from "./actor-writes";
import { recoveryData } from "./recovery-actor";

/** A downed character ends stable: the death rules' track is settled and dying ends. */
const SETTLED_CONDITIONS = ["dying"];

export function actorChanges(actor: Actor.Implementation, result: CharacterRetreat) {
  const system = recoveryData(actor);
  const { changes, addStatuses } = result.update;
  const data: Record<string, unknown> = {};
  if (changes.endurance !== undefined) data["system.endurance.value"] = changes.endurance;
  if (changes.health !== undefined) data["system.health.value"] = changes.health;
  if (changes.hitDice !== undefined) data["system.hitDice.value"] = changes.hitDice;
  if (changes.exhaustion !== undefined) data["system.exhaustion"] = changes.exhaustion;
  const priorConditions = [...system.conditions];
  const next = new Set([...priorConditions, ...addStatuses]);
  const removedConditions = result.downed
    ? SETTLED_CONDITIONS.filter((condition) => next.delete(condition))
    : [];
  if (addStatuses.length > 0 || removedConditions.length > 0)
    data["system.conditions"] = orderedConditions(priorConditions, next);
  const { pending, dying, downed } = system.death;
  const settles = result.downed && (pending !== null || dying !== null || downed !== null);
  if (settles) {
    data["system.death.pending"] = null;
    data["system.death.dying"] = null;
    data["system.death.downed"] = null;
  }
  return {
    data,
    priorConditions,
    removedConditions,
    priorDeath: settles ? { pending, dying: structuredClone(dying), downed: structuredClone(downed) } : null,
  };
}
