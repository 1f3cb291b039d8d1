/**
 * The bridge between a Brink actor and the rules' ActorState (damage chain, death rules): read the
 * state from the prepared actor, and turn a rule's `update` or `revert` (changed fields only) back
 * into one actor update. Conditions live in `system.conditions`, so life and death cost one write.
 */
import type { BrinkActorData } from "../data";
import type { ActorState } from "../rules/damage-chain";
import { LIFE_CONDITIONS } from "../rules/death";
import { unlike } from "../rules/revert";

/** A prepared actor's data as the bridge reads it: Brink's actor model itself. */
export type LifeActorData = BrinkActorData;

export const actorStateOf = (system: LifeActorData, reactionAvailable = true): ActorState =>
  system.actorState(reactionAvailable);

/**
 * One actor update for a rule's changed fields. Attributes and deflection are never written back:
 * the rules that change them (S1 injuries, resurrection) do so through items and effects.
 */
export function actorUpdateFor(
  patch: Partial<ActorState>,
  conditions: ReadonlySet<string>,
): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const pool of ["endurance", "health", "stamina", "focus", "strain"] as const) {
    const value = patch[pool];
    if (value) update[`system.${pool}.value`] = value.value;
  }
  if (patch.deathDifficulty !== undefined) update["system.luck.deathDifficulty"] = patch.deathDifficulty;
  if (patch.pending !== undefined) update["system.death.pending"] = patch.pending;
  if (patch.dying !== undefined) update["system.death.dying"] = patch.dying;
  if (patch.downed !== undefined) update["system.death.downed"] = patch.downed;
  if (patch.critical !== undefined) update["system.death.critical"] = patch.critical;
  if (patch.injuries !== undefined) update["system.death.injuries"] = patch.injuries;
  if (patch.status) {
    const next = new Set([...conditions].filter((c) => !(LIFE_CONDITIONS as readonly string[]).includes(c)));
    for (const condition of LIFE_CONDITIONS) if (patch.status[condition]) next.add(condition);
    update["system.conditions"] = [...next];
  }
  return update;
}

/**
 * Writes a rule's changed fields (and `extra` source fields) in one update and says whether they
 * landed: a write a hook vetoed or the server refused leaves the actor as it was, and is told apart
 * from one that went through by reading the actor back. `read` gives the actor's prepared data.
 */
export async function writeLife(
  actor: Actor.Implementation,
  read: () => LifeActorData,
  patch: Partial<ActorState>,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  try {
    await actor.update({ ...actorUpdateFor(patch, read().conditions), ...extra });
  } catch (error) {
    console.error("Brink | a life or damage write failed", error);
    return false;
  }
  return unlike(actorStateOf(read()), patch).length === 0;
}
