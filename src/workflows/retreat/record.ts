/**
 * The retreat's records, each the `system` of its card model (data/chat): the summary card's record
 * (the source of truth for drops and Revert) and a player's request. A card is a record only when a
 * GM's client wrote it; a player's hand-made card of the same type is a display and acts on nothing.
 */
import {
  isRecordCard,
  RetreatCardData,
  RetreatRequestCardData,
  type RetreatRecord,
  type RetreatRequestRecord,
} from "../../data/chat";
import { refuse } from "../../requests";

export type {
  DropRecord,
  RetreatCharacterRecord,
  RetreatRecord,
  RetreatRequestRecord,
} from "../../data/chat";

/** The summary card's record, whoever wrote the card (for display; acting on it checks the author). */
export function retreatRecordOf(message: ChatMessage.Implementation): RetreatRecord | null {
  return message.system instanceof RetreatCardData ? message.system.record : null;
}

/** The record of a player's retreat request, on a card the GM's client wrote; null otherwise. */
export function retreatRequestOf(message: ChatMessage.Implementation): RetreatRequestRecord | null {
  return message.system instanceof RetreatRequestCardData && isRecordCard(message)
    ? message.system.record
    : null;
}

/** The card of the retreat that ended this combat; a reverted retreat or a player's card does not count. */
export function findRetreatCard(combatId: string): ChatMessage.Implementation | undefined {
  return game.messages.find((message) => {
    const record = retreatRecordOf(message);
    return record?.combatId === combatId && record.status === "applied" && isRecordCard(message);
  });
}

/** The card of a retreat from this combat that was cut short before all of it landed (issue 23). */
export function findUnfinishedRetreat(combatId: string): ChatMessage.Implementation | undefined {
  return game.messages.find((message) => {
    const record = retreatRecordOf(message);
    return record?.combatId === combatId && record.status === "applying" && isRecordCard(message);
  });
}

/**
 * What the GM's drop and revert requests act on (the registry admits only a GM): a retreat card a
 * GM's client wrote, still applied, with a copy of its record to change and write back.
 */
export function appliedCard(messageId: string) {
  const message = game.messages.get(messageId);
  const found = message ? retreatRecordOf(message) : null;
  if (!message || !found) return refuse("BRINK.Retreat.Refusal.noCard");
  // A card is a record only when the GM's client wrote it; anyone else's is a display (issue 10).
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (found.status === "applying") return refuse("BRINK.Retreat.Refusal.unfinished");
  if (found.status !== "applied") return refuse("BRINK.Retreat.Refusal.reverted");
  return { message, record: foundry.utils.deepClone(found) };
}
