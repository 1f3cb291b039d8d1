/**
 * Undoing a roll to return: each character gets back the damage the return dealt, by deltas (a
 * later blow or heal stays), and the items it dropped are picked up again. When a character died
 * since, a track it changed changed again, or a dropped item is gone, the revert says so and
 * writes nothing.
 */
import type { ReturnRecord } from "../../data";
import { actorUpdateFor } from "../../documents/actor-state";
import type { RequestResult } from "../../requests";
import type { ActorState } from "../../rules/damage-chain";
import { recoveryData } from "../retreat";
import { markDropped } from "../retreat/drop";
import { planRevert } from "../revert-delta";
import { refuse } from "../../requests";
import { actorsByUuidFor } from "./actors";

interface Planned {
  actor: Actor.Implementation;
  patch: Partial<ActorState> | null;
  itemIds: string[];
}

export async function revertReturn(
  back: ReturnRecord,
  markReverted: () => Promise<void>,
): Promise<RequestResult> {
  const actorOf = await actorsByUuidFor(back.entries.map((entry) => entry.actorUuid));
  const planned: Planned[] = [];
  for (const entry of back.entries) {
    const actor = actorOf(entry.actorUuid);
    if (!actor) return refuse("BRINK.Exploration.Refusal.noCharacter");
    let patch: Partial<ActorState> | null = null;
    if (entry.before && entry.after) {
      const plan = planRevert(actor, recoveryData(actor), { revert: entry.before, applied: entry.after });
      if ("ok" in plan) return plan;
      patch = plan;
    }
    const itemIds = (entry.dropped ?? []).map((item) => item.id);
    if (itemIds.some((id) => !actor.items.get(id)))
      return refuse("BRINK.Exploration.Refusal.itemGone", { name: actor.name });
    planned.push({ actor, patch, itemIds });
  }
  await markReverted();
  for (const { actor, patch, itemIds } of planned) {
    if (patch && Object.keys(patch).length > 0)
      await actor.update(actorUpdateFor(patch, recoveryData(actor).conditions));
    await markDropped(actor, itemIds, false);
  }
  return { ok: true };
}
