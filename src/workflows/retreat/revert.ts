/** The GM reverts a retreat from its card: exactly what it changed is restored, the combat included. */
import type { RequestResult } from "../../requests";
import { revertCharacterRetreat } from "../../rules/retreat";
import { actorFrom, orderedConditions, updateActors } from "./actor-writes";
import { rewriteCard } from "./card";
import { restoreCombat } from "./combat-record";
import { markDropped } from "./drop";
import { appliedCard } from "./record";
import { physicalData, recoveryData, retreatCharacter } from "./recovery-actor";

export async function handleRevert({ messageId }: { messageId: string }): Promise<RequestResult> {
  const card = appliedCard(messageId);
  if ("ok" in card) return card;
  const updates: { actor: Actor.Implementation; data: Record<string, unknown> }[] = [];
  const itemWork: { actor: Actor.Implementation; remove: string[]; undrop: string[] }[] = [];
  for (const entry of card.record.characters) {
    const actor = await actorFrom(entry.actorUuid);
    if (!actor) continue;
    const revert = revertCharacterRetreat(entry.result, retreatCharacter(actor));
    const data: Record<string, unknown> = {};
    const { changes } = revert;
    if (changes.endurance !== undefined) data["system.endurance.value"] = changes.endurance;
    if (changes.health !== undefined) data["system.health.value"] = changes.health;
    if (changes.hitDice !== undefined) data["system.hitDice.value"] = changes.hitDice;
    if (changes.exhaustion !== undefined) data["system.exhaustion"] = changes.exhaustion;
    if (revert.removeStatuses.length > 0 || entry.removedConditions.length > 0) {
      const next = new Set<string>(recoveryData(actor).conditions);
      revert.removeStatuses.forEach((status) => next.delete(status));
      entry.removedConditions.forEach((condition) => next.add(condition));
      data["system.conditions"] = orderedConditions(entry.priorConditions, next);
    }
    if (entry.priorDeath) {
      data["system.death.pending"] = entry.priorDeath.pending;
      data["system.death.dying"] = entry.priorDeath.dying;
      data["system.death.downed"] = entry.priorDeath.downed;
    }
    updates.push({ actor, data });
    const picked = new Set(entry.drops.flatMap((drop) => drop.picked ?? []));
    itemWork.push({
      actor,
      remove: entry.createdItemIds.filter((id) => actor.items.has(id)),
      undrop: [...picked].filter((id) => {
        const item = actor.items.get(id);
        return item !== undefined && physicalData(item)?.dropped === true;
      }),
    });
  }
  await updateActors(updates);
  for (const { actor, remove, undrop } of itemWork) {
    if (remove.length > 0) await actor.deleteEmbeddedDocuments("Item", remove);
    await markDropped(actor, undrop, false);
  }
  // RULES §5: the combat comes back as it stood, so the GM can fight on or call the retreat again.
  await restoreCombat(card.record.combat);
  card.record.status = "reverted";
  await rewriteCard(card.message, card.record);
  return { ok: true };
}
