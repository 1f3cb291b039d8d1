/** Which combat and party members a retreat request names, checked before anything is written. */
import { refuse, type Refusal } from "../../requests";
import type { Fields } from "../../requests/fields";
import { optionalRules } from "../../settings";
import { partyMembers, type PartyMember } from "./party";
import { findRetreatCard } from "./record";

/** A retreat request as read from its payload: the combat and the party members' actor uuids. */
export interface PartyRequest {
  combatId: string;
  actorUuids: string[];
}

export const readPartyRequest = (fields: Fields): PartyRequest => ({
  combatId: fields.id("combatId"),
  actorUuids: fields.uuids("actorUuids"),
});

/** The combat and the chosen party members a request names, or why it cannot go ahead. */
export function findRetreatParty({
  combatId,
  actorUuids,
}: PartyRequest): { combat: Combat.Implementation; chosen: PartyMember[] } | Refusal {
  if (!optionalRules().emergencyRetreat) return refuse("BRINK.Retreat.Refusal.disabled");
  if (findRetreatCard(combatId)) return refuse("BRINK.Retreat.Refusal.alreadyRetreated");
  // Brink registers BrinkCombat as the Combat class; the collection's stored type does not say so.
  const combat = game.combats.get(combatId) as Combat.Implementation | undefined;
  if (!combat) return refuse("BRINK.Retreat.Refusal.noCombat");
  if (actorUuids.length === 0) return refuse("BRINK.Retreat.Refusal.nobody");
  const requested = new Set(actorUuids);
  if (requested.size !== actorUuids.length) return refuse("BRINK.Retreat.Refusal.duplicate");
  const chosen = partyMembers(combat).filter((member) => requested.has(member.actor.uuid));
  if (chosen.length !== requested.size) return refuse("BRINK.Retreat.Refusal.notInParty");
  return { combat, chosen };
}
