/**
 * Undoing a resilience or corruption card: the exhaustion it added comes off on top of later
 * changes; a corruption stage's injury item (the attribute's loss) is removed, unless it is already
 * gone, in which case the revert says so and writes nothing.
 */
import type { ChecksRecord } from "../../data";
import { refuse, type RequestResult } from "../../requests";
import { recoveryData, updateActors } from "../retreat";
import { actorsByUuidFor } from "./actors";

type Planned = { actor: Actor.Implementation; data: Record<string, unknown>; itemId: string };

export async function revertChecks(
  checks: ChecksRecord,
  markReverted: () => Promise<void>,
): Promise<RequestResult> {
  const actorOf = await actorsByUuidFor(checks.entries.map((entry) => entry.actorUuid));
  const planned: Planned[] = [];
  for (const entry of checks.entries) {
    const actor = actorOf(entry.actorUuid);
    if (!actor) return refuse("BRINK.Exploration.Refusal.noCharacter");
    const system = recoveryData(actor);
    const data: Record<string, unknown> = {};
    if (entry.exhaustion) {
      const added = entry.exhaustion.after - entry.exhaustion.before;
      data["system.exhaustion"] = Math.max(0, system.exhaustion - added);
    }
    if (entry.itemId && !actor.items.get(entry.itemId))
      return refuse("BRINK.Exploration.Refusal.itemGone", { name: actor.name });
    planned.push({ actor, data, itemId: entry.itemId });
  }
  await markReverted();
  await updateActors(planned);
  // The stage's own injury item goes: it is what the card added, and the attribute comes back with it.
  for (const { actor, itemId } of planned) if (itemId) await actor.deleteEmbeddedDocuments("Item", [itemId]);
  return { ok: true };
}
