/**
 * The GM picks what a character lost on an arduous return (RULES §7.5): one carried item per point
 * short, or everything left when it carries fewer. The card records the choice before the items are
 * marked dropped (never deleted), so a second choice is refused.
 */
import { isRecordCard, renderExplorationCard, type ExplorationRecord, type ReturnEntry } from "../../data";
import { physicalData } from "../../data/item";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import { actorFrom } from "../retreat";
import { markDropped } from "../retreat/drop";
import { explorationRecord } from "./revert";
import { countOf } from "../../helpers/plural";

export interface ReturnDropRequest {
  messageId: string;
  actorUuid: string;
  itemIds: string[];
}

/** The items a character still carries: what the GM may choose from. */
export const carriedItems = (actor: Actor.Implementation): Item.Implementation[] =>
  actor.items.contents.filter((item) => {
    const data = physicalData(item);
    return data !== null && !data.dropped;
  });

function pendingEntry(record: ExplorationRecord, actorUuid: string): ReturnEntry | RequestResult {
  const back = record.return;
  if (!back || back.path !== "arduous" || record.status !== "applied")
    return refuse("BRINK.Exploration.Refusal.noDrop");
  const entry = back.entries.find((candidate) => candidate.actorUuid === actorUuid);
  if (!entry || entry.loads === 0) return refuse("BRINK.Exploration.Refusal.noDrop");
  if (entry.dropped !== null) return refuse("BRINK.Exploration.Refusal.dropChosen", { name: entry.name });
  return entry;
}

async function handleDrop({ messageId, actorUuid, itemIds }: ReturnDropRequest): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  const record = message ? explorationRecord(message) : null;
  if (!message || !record) return refuse("BRINK.Exploration.Refusal.noCard");
  // A card is a record only when the GM's client wrote it; anyone else's is a display (issue 23).
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  const entry = pendingEntry(record, actorUuid);
  if ("ok" in entry) return entry;
  const actor = await actorFrom(actorUuid);
  if (!actor) return refuse("BRINK.Exploration.Refusal.noCharacter");
  const carried = carriedItems(actor);
  const picked = itemIds.map((id) => carried.find((item) => item.id === id));
  if (picked.some((item) => !item)) return refuse("BRINK.Exploration.Refusal.itemGone", { name: actor.name });
  const needed = Math.min(entry.loads, carried.length);
  if (picked.length !== needed)
    return refuse("BRINK.Exploration.Refusal.dropCount", {
      name: actor.name,
      items: countOf("item", needed),
    });
  entry.dropped = picked.flatMap((item) => (item ? [{ id: item.id ?? "", name: item.name }] : []));
  // The card holds the choice first: a second request finds it taken, never the items to drop again.
  // The record is plain data; the card's ObjectField takes it as a plain object.
  const stored: Record<string, unknown> = { ...record.return };
  await message.update({ content: await renderExplorationCard(record), system: { return: stored } });
  await markDropped(actor, itemIds, true);
  return { ok: true };
}

const askDrop = defineRequest({
  name: "exploration.drop",
  who: "gm",
  parse: (fields) => ({
    messageId: fields.id("messageId"),
    actorUuid: fields.uuid("actorUuid"),
    itemIds: fields.ids("itemIds"),
  }),
  handle: handleDrop,
});

export const requestReturnDrop = (messageId: string, actorUuid: string, itemIds: string[]) =>
  askDrop({ messageId, actorUuid, itemIds });
