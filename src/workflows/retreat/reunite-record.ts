/**
 * The reunion's record, kept as plain JSON in Brink's flags on its card: per actor, the conditions it
 * cleared and the sources of the setback items it deleted, so the GM's revert can restore exactly that.
 */
import { templatePath } from "../../constants";
import { format, localize } from "./i18n";
import { brinkFlag } from "./record";

export interface ReuniteActorRecord {
  actorUuid: string;
  name: string;
  /** The actor's conditions before the reunion, for their order. */
  priorConditions: string[];
  clearedConditions: string[];
  /** The deleted items' sources, ids included. */
  deletedItems: Record<string, unknown>[];
}

export interface ReuniteRecord {
  status: "applied" | "reverted";
  appliedBy: string;
  actors: ReuniteActorRecord[];
}

export const REUNITE_FLAG = "reunite";

export function reuniteRecordOf(message: ChatMessage.Implementation): ReuniteRecord | null {
  // Written by this module only, as plain JSON.
  const record = brinkFlag(message, REUNITE_FLAG) as ReuniteRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.actors) ? record : null;
}

/** An item's source without its statistics, which the server writes anew. */
export function itemSource(item: Item.Implementation): Record<string, unknown> {
  const { _stats: _ignored, ...source }: Record<string, unknown> = foundry.utils.deepClone(item.toObject());
  return source;
}

export async function renderReuniteCard(record: ReuniteRecord): Promise<string> {
  const reverted = record.status === "reverted";
  return foundry.applications.handlebars.renderTemplate(templatePath("chat/reunite-card.hbs"), {
    title: localize("BRINK.Retreat.Reunite.title"),
    text: format("BRINK.Retreat.Reunite.text", {
      names: record.actors.map((entry) => entry.name).join(", "),
    }),
    reverted,
    applied: !reverted,
  });
}
