/**
 * The reunion's record is the `system` of its card model (data/chat): per actor, the conditions it
 * cleared and the sources of the setback items it deleted, so the GM's revert can restore exactly that.
 */
import { ReuniteCardData, type ReuniteRecord } from "../../data/chat";

export { renderReuniteCard, type ReuniteActorRecord, type ReuniteRecord } from "../../data/chat";

/** The reunion card's record, whoever wrote the card (acting on it checks the author). */
export function reuniteRecordOf(message: ChatMessage.Implementation): ReuniteRecord | null {
  return message.system instanceof ReuniteCardData ? message.system.record : null;
}

/** An item's source without its statistics, which the server writes anew. */
export function itemSource(item: Item.Implementation): Record<string, unknown> {
  const { _stats: _ignored, ...source }: Record<string, unknown> = foundry.utils.deepClone(item.toObject());
  return source;
}
