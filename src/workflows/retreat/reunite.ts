import { isRecordCard } from "../../data/chat";
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import { actorFrom, orderedConditions, updateActors } from "./actor-writes";
import { localize } from "./i18n";
import { recoveryData, setbackData } from "./recovery-actor";
import {
  itemSource,
  renderReuniteCard,
  reuniteRecordOf,
  type ReuniteActorRecord,
  type ReuniteRecord,
} from "./reunite-record";
import { writes } from "../../foundry/typed-writes";

const endsOnReunion = (item: Item.Implementation) =>
  item.type === "setback" && setbackData(item)?.endsOn === "reunited";

/**
 * Separated ends when the GM reunites the party: the condition and its setback items go. The card
 * records what changed, so the GM can revert it.
 */
export async function handleReunite(_request: object, { user }: RequestContext): Promise<RequestResult> {
  const separated = game.actors.filter(
    (actor) =>
      recoveryData(actor).conditions?.has("separated") === true || [...actor.items].some(endsOnReunion),
  );
  if (separated.length === 0) return refuse("BRINK.Retreat.Refusal.nobodySeparated");
  const actors: ReuniteActorRecord[] = separated.map((actor) => {
    const prior = [...recoveryData(actor).conditions];
    return {
      actorUuid: actor.uuid,
      name: actor.name,
      priorConditions: prior,
      clearedConditions: prior.includes("separated") ? ["separated"] : [],
      deletedItems: actor.items.filter(endsOnReunion).map(itemSource),
    };
  });
  await updateActors(
    separated.map((actor, index) => {
      const entry = actors[index] as ReuniteActorRecord;
      const next = new Set(entry.priorConditions);
      entry.clearedConditions.forEach((condition) => next.delete(condition));
      return entry.clearedConditions.length > 0
        ? { actor, data: { "system.conditions": orderedConditions(entry.priorConditions, next) } }
        : { actor, data: {} };
    }),
  );
  for (const [index, actor] of separated.entries()) {
    const ids = (actors[index]?.deletedItems ?? []).map((source) => String(source._id));
    if (ids.length > 0) await actor.deleteEmbeddedDocuments("Item", ids);
  }
  const record: ReuniteRecord = { status: "applied", appliedBy: user.id ?? "", actors };
  await ChatMessage.implementation.create({
    type: "reunite",
    system: record,
    content: await renderReuniteCard(record),
    speaker: { alias: localize("BRINK.Retreat.title") },
  });
  return { ok: true };
}

/** The GM reverts a reunion from its card: the cleared conditions and deleted items come back. */
export async function handleReuniteRevert({ messageId }: { messageId: string }): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  const found = message ? reuniteRecordOf(message) : null;
  if (!message || !found) return refuse("BRINK.Retreat.Refusal.noReuniteCard");
  // A card is a record only when the GM's client wrote it; anyone else's is a display (issue 10).
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  const record = foundry.utils.deepClone(found);
  if (record.status !== "applied") return refuse("BRINK.Retreat.Refusal.reuniteReverted");
  const restored = await Promise.all(
    record.actors.map(async (entry) => ({ entry, actor: await actorFrom(entry.actorUuid) })),
  );
  const present = restored.flatMap(({ entry, actor }) => (actor ? [{ entry, actor }] : []));
  await updateActors(
    present.map(({ entry, actor }) => {
      const current = [...recoveryData(actor).conditions];
      const next = new Set([...current, ...entry.clearedConditions]);
      return next.size > current.length
        ? { actor, data: { "system.conditions": orderedConditions(entry.priorConditions, next) } }
        : { actor, data: {} };
    }),
  );
  for (const { entry, actor } of present) {
    // Items still on the sheet (by id) are not made twice.
    const missing = entry.deletedItems.filter((source) => !actor.items.has(String(source._id)));
    // The stored item sources, as this module recorded them (plain JSON).
    if (missing.length > 0)
      await actor.createEmbeddedDocuments("Item", writes.Item.restores(missing), { keepId: true });
  }
  record.status = "reverted";
  await message.update({ content: await renderReuniteCard(record), system: { status: "reverted" } });
  return { ok: true };
}
