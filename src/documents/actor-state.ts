/**
 * The bridge between a Brink actor and the rules' ActorState (damage chain, death rules): read the
 * state from the prepared actor, and turn a rule's `update` or `revert` (changed fields only) back
 * into one actor update. Conditions live in `system.conditions`, so life and death cost one write.
 */
import type { RatingState } from "../data/actor";
import type { Attribute } from "../rules/characters";
import type { ActorState, LifeStatus } from "../rules/damage-chain";
import { LIFE_CONDITIONS } from "../rules/death";
import { unlike } from "../rules/revert";
import type { DieRating } from "../rules/dice";
import type { DownedTrack } from "../rules/stabilise";
import type { DyingTrack, S2Injury } from "../rules/dying";

interface Pool {
  value: number;
  max: number;
}

/** The prepared system data the bridge reads. */
export interface LifeActorData {
  attributes: Record<Attribute, RatingState>;
  skills: { athletics: RatingState };
  endurance: Pool;
  health: Pool;
  stamina: Pool;
  focus: Pool;
  strain: Pool;
  fortitude: number;
  defence: { physical: number; elemental: number };
  luck: { bonus: number; deathDifficulty: number };
  conditions: Set<string>;
  death: {
    pending: "fortify" | "strain-or-injury" | null;
    dying: object | null;
    downed: object | null;
    injuries: object[];
  };
}

export function actorStateOf(system: LifeActorData, reactionAvailable = true): ActorState {
  const attributes = Object.fromEntries(
    Object.entries(system.attributes).map(([key, rating]) => [key, rating.value]),
  ) as Record<Attribute, DieRating>;
  return {
    endurance: { ...system.endurance },
    health: { ...system.health },
    stamina: { ...system.stamina },
    focus: { ...system.focus },
    attributes,
    athletics: system.skills.athletics.value,
    fortitude: system.fortitude,
    deflection: { physical: system.defence.physical, elemental: system.defence.elemental },
    luckBonus: system.luck.bonus,
    deathDifficulty: system.luck.deathDifficulty,
    reactionAvailable,
    status: Object.fromEntries(
      LIFE_CONDITIONS.map((c) => [c, system.conditions.has(c)]),
    ) as unknown as LifeStatus,
    pending: system.death.pending,
    strain: { ...system.strain },
    // The death rules wrote these shapes themselves (plain JSON kept in ObjectFields).
    injuries: system.death.injuries as S2Injury[],
    dying: system.death.dying as DyingTrack | null,
    downed: system.death.downed as DownedTrack | null,
  };
}

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
