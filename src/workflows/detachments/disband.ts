/**
 * Disbanding a formed detachment from its card, on the active GM's client: the card is marked
 * first (so a second click finds it disbanded), the members' tokens stand again (those the GM had
 * hidden before stay hidden), and the detachment's combatants, token and actor, which the
 * formation made, are removed. A member whose token was deleted since is named on the card; the
 * rest still come back.
 */
import { DetachmentCardData, isRecordCard, renderDetachmentCard, type DetachmentRecord } from "../../data";
import { refuse, type RequestResult } from "../../requests";

export function detachmentRecordOf(message: ChatMessage.Implementation): DetachmentRecord | null {
  return message.system instanceof DetachmentCardData ? message.system.record : null;
}

/** Every combatant of the detachment's token leaves its combat: one write per combat. */
async function leaveCombats(record: DetachmentRecord): Promise<void> {
  for (const combat of game.combats) {
    const ids = combat.combatants
      .filter((c) => c.tokenId === record.tokenId && c.sceneId === record.sceneId)
      .map((c) => c.id ?? "");
    if (ids.length > 0) await combat.deleteEmbeddedDocuments("Combatant", ids);
  }
}

async function removeDetachment(record: DetachmentRecord, scene: Scene.Implementation | undefined) {
  await leaveCombats(record);
  if (scene?.tokens.has(record.tokenId)) await scene.deleteEmbeddedDocuments("Token", [record.tokenId]);
  const actor = await fromUuid(record.actorUuid);
  if (actor instanceof Actor) await actor.delete();
}

export async function handleDisband({ messageId }: { messageId: string }): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  const record = message ? detachmentRecordOf(message) : null;
  if (!message || !record) return refuse("BRINK.Formation.Refusal.noCard");
  // A card is a record only when the GM's client wrote it; anyone else's is a display (issue 10).
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (record.status !== "applied") return refuse("BRINK.Formation.Refusal.disbanded");
  const scene = game.scenes.get(record.sceneId);
  const standing = record.members.filter((member) => scene?.tokens.has(member.tokenId) === true);
  const missing = record.members.filter((member) => !standing.includes(member)).map((member) => member.name);
  const disbanded: DetachmentRecord = { ...record, status: "reverted", missing };
  await message.update({
    content: await renderDetachmentCard(disbanded),
    system: { status: "reverted", missing },
  });
  const shown = standing.filter((member) => !member.wasHidden);
  if (scene && shown.length > 0)
    await scene.updateEmbeddedDocuments(
      "Token",
      shown.map((member) => ({ _id: member.tokenId, hidden: false })),
    );
  await removeDetachment(record, scene);
  return { ok: true };
}
