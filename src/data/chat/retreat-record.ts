/**
 * The records the recovery cards keep (RULES §5): the retreat summary (the source of truth for
 * drops and Revert), a player's request, and a reunion. Each is the `system` of its card model,
 * written by the GM's client; its nested rules data is stored as the rules engine gave it.
 */
import type { Attribute } from "../../rules/characters";
import type { CharacterRetreat, DropItemsChoice } from "../../rules/retreat";

/** The combat a retreat ended, as its own source (plain JSON): combatants and groups keep their ids. */
export type CombatRecord = Record<string, unknown>;

export interface DropRecord {
  choice: DropItemsChoice;
  candidates: { id: string; name: string }[];
  /** The items the GM picked, or null while the choice is open. */
  picked: string[] | null;
}

/** A type (not an interface) so the stored ObjectField data can be read as it. */
export type RetreatCharacterRecord = {
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
  /**
   * Set while the retreat is being applied (issue 23): the actor changes and the items still to
   * make. Cleared once both landed; a retry writes only what is not there yet.
   */
  pending?: { data: Record<string, unknown>; items: object[] } | null;
};

export interface RetreatRecord {
  combatId: string;
  resolutionId: string;
  /** "applying" from the card's creation (before any consequence is written) until all landed. */
  status: "applying" | "applied" | "reverted";
  appliedBy: string;
  characters: RetreatCharacterRecord[];
  /** The retreat tables that fell back to Brink's defaults. */
  fallbacks: string[];
  /** The combat as it stood when the retreat was called, for the revert (null when none was kept). */
  combat: CombatRecord | null;
}

export interface RetreatRequestRecord {
  combatId: string;
  actorUuids: string[];
  userId: string;
  /** The words of the request, for its card. */
  userName: string;
  names: string[];
}

/** A type (not an interface) so the stored ObjectField data can be read as it. */
export type ReuniteActorRecord = {
  actorUuid: string;
  name: string;
  /** The actor's conditions before the reunion, for their order. */
  priorConditions: string[];
  clearedConditions: string[];
  /** The deleted items' sources, ids included. */
  deletedItems: Record<string, unknown>[];
};

export interface ReuniteRecord {
  status: "applied" | "reverted";
  appliedBy: string;
  actors: ReuniteActorRecord[];
}

/** Localised text for the retreat's cards and items. */
export const localize = (key: string): string => game.i18n.localize(key);
export const format = (key: string, data: Record<string, string | number>): string =>
  game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
export const attributeLabel = (attribute: Attribute): string =>
  localize(`BRINK.Attribute.${attribute}.label`);
export const dieLabel = (rating: number): string => (rating > 0 ? `d${rating}` : "—");
