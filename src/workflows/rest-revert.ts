/**
 * The GM reverts a rest card (issue 13), as other cards are reverted: each pool moves back by what
 * the rest moved it (so a blow or a heal since stays), the conditions, timers and death-rule
 * injuries it ended come back, the items it deleted are created again from their recorded data,
 * minor injuries' counts go back, and world time a party rest moved on moves back.
 */
import { isRecordCard, renderRestCard, type RestRecord, type RestUndo } from "../data";
import { defineRequest, refuse, type RequestResult } from "../requests";
import { actorFrom, recoveryData, updateActors } from "./retreat";
import { writes } from "../foundry/typed-writes";

function restRecordOf(message: ChatMessage.Implementation | undefined): RestRecord | null {
  if (message?.type !== "rest") return null;
  return (message.system as { record?: RestRecord }).record ?? null;
}

/** The actor patch that gives back what the rest changed, on top of the actor as it is now. */
function revertData(actor: Actor.Implementation, undo: RestUndo): Record<string, unknown> {
  const system = recoveryData(actor);
  const data: Record<string, unknown> = {};
  for (const { path, from, to } of undo.pools) {
    const now = Number(foundry.utils.getProperty(actor, path));
    data[path] = Math.max(0, now - (to - from));
  }
  const conditions: string[] = [...system.conditions];
  const missing = undo.conditions.filter((condition) => !conditions.includes(condition));
  if (missing.length > 0) data["system.conditions"] = [...conditions, ...missing];
  const timers = [...system.timers];
  const lapsed = undo.timers.filter((timer) => !timers.some((kept) => kept.status === timer.status));
  if (lapsed.length > 0) data["system.timers"] = [...timers, ...lapsed];
  if (undo.deathInjuries.length > 0)
    data["system.death.injuries"] = [
      ...system.death.injuries,
      ...undo.deathInjuries.map(({ entry }) => entry),
    ];
  return data;
}

async function handleRevert({ messageId }: { messageId: string }): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  const record = restRecordOf(message);
  if (!message || !record) return refuse("BRINK.Rest.Refusal.noCard");
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (record.status === "reverted") return refuse("BRINK.Rest.Refusal.reverted");
  const undos = record.characters.flatMap((character) => (character.undo ? [character.undo] : []));
  if (undos.length !== record.characters.length) return refuse("BRINK.Rest.Refusal.tooOld");
  const actors: Actor.Implementation[] = [];
  for (const undo of undos) {
    const actor = await actorFrom(undo.actorUuid);
    if (!actor) return refuse("BRINK.Rest.Refusal.noActor");
    actors.push(actor);
  }
  // Marked first, so a second click that arrives meanwhile finds the card reverted.
  const reverted: RestRecord = { ...record, status: "reverted" };
  await message.update({ content: await renderRestCard(reverted), system: { status: "reverted" } });
  await updateActors(
    actors.map((actor, index) => ({ actor, data: revertData(actor, undos[index] as RestUndo) })),
  );
  for (const [index, actor] of actors.entries()) {
    const undo = undos[index] as RestUndo;
    const counts = undo.progress
      .filter((entry) => actor.items.has(entry.id))
      .map((entry) => ({ _id: entry.id, system: { progress: { value: entry.from } } }));
    if (counts.length > 0) await actor.updateEmbeddedDocuments("Item", writes.Item.updates(counts));
    if (undo.items.length > 0) await actor.createEmbeddedDocuments("Item", writes.Item.restores(undo.items));
  }
  if ((record.seconds ?? 0) > 0) await game.time.advance(-(record.seconds ?? 0));
  return { ok: true };
}

const askRevert = defineRequest({
  name: "rest.revert",
  who: "gm",
  parse: (fields) => ({ messageId: fields.id("messageId") }),
  handle: handleRevert,
});

/** The GM reverts a rest card. */
export const requestRestRevert = (messageId: string): Promise<RequestResult> => askRevert({ messageId });
