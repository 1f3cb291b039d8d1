/** Which combat and party members a retreat request names, checked before anything is written. */
import { refuse, type RequestResult } from "../../requests";
import { optionalRules } from "../../settings";
import { partyMembers, type PartyMember } from "./party";
import { uuidField } from "../../request-fields";
import { text } from "./payload";
import { findRetreatCard } from "./record";

/** The combat and the chosen party members a request names, or why it cannot go ahead. */
export function findRetreatParty(
  payload: Record<string, unknown>,
): { combat: Combat.Implementation; chosen: PartyMember[] } | RequestResult {
  if (!optionalRules().emergencyRetreat) return refuse("BRINK.Retreat.Refusal.disabled");
  const combatId = text(payload, "combatId");
  if (findRetreatCard(combatId)) return refuse("BRINK.Retreat.Refusal.alreadyRetreated");
  // Brink registers BrinkCombat as the Combat class; the collection's stored type does not say so.
  const combat = game.combats.get(combatId) as Combat.Implementation | undefined;
  if (!combat) return refuse("BRINK.Retreat.Refusal.noCombat");
  const listed = payload.actorUuids;
  if (!Array.isArray(listed) || listed.length === 0) return refuse("BRINK.Retreat.Refusal.nobody");
  const uuids = listed.map(uuidField);
  if (uuids.some((uuid) => uuid === undefined)) return refuse("BRINK.Request.badId", { field: "actorUuids" });
  const requested = new Set(uuids);
  if (requested.size !== uuids.length) return refuse("BRINK.Retreat.Refusal.duplicate");
  const chosen = partyMembers(combat).filter((member) => requested.has(member.actor.uuid));
  if (chosen.length !== requested.size) return refuse("BRINK.Retreat.Refusal.notInParty");
  return { combat, chosen };
}
