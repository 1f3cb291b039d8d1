/**
 * The retreat's records, kept as plain JSON in Brink's flags on chat cards: the summary card's
 * record (the source of truth for drops and Revert) and a player's request.
 */
import { refuse } from "../../requests";
import type { CharacterRetreat, DropItemsChoice } from "../../rules/retreat";
import type { TableKey } from "../tables";
import type { CombatRecord } from "./combat-record";

export interface DropRecord {
  choice: DropItemsChoice;
  candidates: { id: string; name: string }[];
  /** The items the GM picked, or null while the choice is open. */
  picked: string[] | null;
}

export interface RetreatCharacterRecord {
  actorUuid: string;
  name: string;
  img: string;
  result: CharacterRetreat;
  createdItemIds: string[];
  /** Names of the created items, for the card. */
  createdItemNames: string[];
  drops: DropRecord[];
  /** What this layer changed beyond the rules' update: conditions it ended, the death track it settled. */
  priorConditions: string[];
  removedConditions: string[];
  priorDeath: { pending: string | null; dying: object | null; downed: object | null } | null;
}

export interface RetreatRecord {
  combatId: string;
  resolutionId: string;
  status: "applied" | "reverted";
  appliedBy: string;
  characters: RetreatCharacterRecord[];
  fallbacks: TableKey[];
  /** The combat as it stood when the retreat was called, for the revert (absent on older cards). */
  combat?: CombatRecord;
}

export const RETREAT_FLAG = "retreat";

/** One of Brink's own flags on a document, as written by this module (plain JSON). */
export function brinkFlag(document: { readonly flags: object }, key: string): unknown {
  return foundry.utils.getProperty(document.flags, `brink.${key}`);
}

export function retreatRecordOf(message: ChatMessage.Implementation): RetreatRecord | null {
  // Written by this module only, as plain JSON.
  const record = brinkFlag(message, RETREAT_FLAG) as RetreatRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.characters) ? record : null;
}

/** The card of the retreat that ended this combat; a reverted retreat no longer counts. */
export function findRetreatCard(combatId: string): ChatMessage.Implementation | undefined {
  return game.messages.find((message) => {
    const record = retreatRecordOf(message);
    return record?.combatId === combatId && record.status === "applied";
  });
}

/** The summary card a GM's request names, with its record. */
export function cardFrom(messageId: string) {
  const message = game.messages.get(messageId);
  const record = message ? retreatRecordOf(message) : null;
  return message && record ? { message, record } : null;
}

/** What the GM's drop and revert requests act on (the registry admits only a GM): a retreat card still applied. */
export function appliedCard(messageId: string) {
  const card = cardFrom(messageId);
  if (!card) return refuse("BRINK.Retreat.Refusal.noCard");
  if (card.record.status !== "applied") return refuse("BRINK.Retreat.Refusal.reverted");
  return card;
}

export interface RetreatRequestRecord {
  combatId: string;
  actorUuids: string[];
  userId: string;
}
export const REQUEST_FLAG = "retreatRequest";

export function retreatRequestOf(message: ChatMessage.Implementation): RetreatRequestRecord | null {
  // Written by this module only, as plain JSON.
  const record = brinkFlag(message, REQUEST_FLAG) as RetreatRequestRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.actorUuids) ? record : null;
}
