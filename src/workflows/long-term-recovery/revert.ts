/**
 * The GM reverts a recovery card: what it healed comes back, and its counters move back by what
 * the card moved them (so later changes stand). A retirement's new character is kept: nothing a
 * player may have built on is deleted; the card says so.
 */
import { isRecordCard, renderRecoveryCard, type RecoveryRecord } from "../../data";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { actorFrom, recoveryData, updateActors } from "../retreat";
import { restoreHealed } from "./injuries";

function recordOf(message: ChatMessage.Implementation): RecoveryRecord | null {
  if (message.type !== "recovery") return null;
  const model = message.system as { record?: RecoveryRecord };
  return model.record ?? null;
}

function counterChanges(record: RecoveryRecord, actor: Actor.Implementation): Record<string, unknown> {
  const { recovery } = recoveryData(actor);
  switch (record.kind) {
    case "level":
      return { "system.recovery.levelHeals": recovery.levelHeals + 1 };
    case "session":
      return { "system.recovery.sessions": Math.max(0, recovery.sessions - 1) };
    case "retire":
      return recovery.retired ? { "system.recovery.retired": false } : {};
    case "return":
      return recovery.retired ? {} : { "system.recovery.retired": true };
    case "downtime":
      // Only while no later downtime has replaced it: the character may take this month again.
      return recovery.downtimeAt === record.downtimeAt
        ? { "system.recovery.downtimeAt": record.previousDowntimeAt }
        : {};
  }
}

async function handleRevert({ messageId }: { messageId: string }): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  const record = message ? recordOf(message) : null;
  if (!message || !record) return refuse("BRINK.Recovery.Refusal.noCard");
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (record.status !== "applied") return refuse("BRINK.Recovery.Refusal.reverted");
  const actor = await actorFrom(record.actorUuid);
  if (!actor) return refuse("BRINK.Recovery.Refusal.noCharacter");
  // Marked first, so a second click that arrives meanwhile finds the card reverted.
  const reverted: RecoveryRecord = { ...record, status: "reverted" };
  await message.update({ content: await renderRecoveryCard(reverted), system: { status: "reverted" } });
  await updateActors([{ actor, data: counterChanges(record, actor) }]);
  if (record.healed) await restoreHealed(actor, record.healed);
  return { ok: true };
}

const askRevert = defineRequest({
  name: "recovery.revert",
  who: "gm",
  parse: (fields) => ({ messageId: fields.id("messageId") }),
  handle: handleRevert,
});

export const requestRecoveryRevert = (messageId: string): Promise<RequestResult> => askRevert({ messageId });
