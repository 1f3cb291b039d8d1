/**
 * Undoing a resilience or corruption card: the exhaustion it added comes off on top of later
 * changes; a damaged attribute gets its die back while it still holds what the stage left, and
 * otherwise the revert names it and writes nothing.
 */
import type { ChecksRecord } from "../../data";
import { refuse, type RequestResult } from "../../requests";
import { ATTRIBUTES } from "../../rules/characters";
import { recoveryData, updateActors } from "../retreat";
import { actorsByUuidFor } from "./actors";

type Planned = { actor: Actor.Implementation; data: Record<string, unknown> };

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
    if (entry.attribute) {
      const stored = entry.attribute.key;
      const key = ATTRIBUTES.find((attribute) => attribute === stored);
      if (!key || system.attributes[key].die !== entry.attribute.after)
        return refuse("BRINK.Exploration.Refusal.attributeChanged", { name: actor.name });
      data[`system.attributes.${key}.die`] = entry.attribute.before;
    }
    planned.push({ actor, data });
  }
  await markReverted();
  await updateActors(planned);
  return { ok: true };
}
