/** A player's retreat request: a whispered card the GMs confirm from. */
import { renderRetreatRequest } from "../../data/chat";
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import { partyMembers } from "./party";
import type { RetreatRequestRecord } from "./record";
import { findRetreatParty, type PartyRequest } from "./requested-party";

/** A player asks: the GMs get a whispered card to confirm it from. Nothing else changes. */
export async function handleRequest(request: PartyRequest, { user }: RequestContext): Promise<RequestResult> {
  const found = findRetreatParty(request);
  if ("ok" in found) return found;
  const { combat, chosen } = found;
  const owned = partyMembers(combat).some((member) => member.actor.testUserPermission(user, "OWNER"));
  if (!user.isGM && !owned) return refuse("BRINK.Retreat.Refusal.notYourParty");
  const record: RetreatRequestRecord = {
    combatId: combat.id ?? "",
    actorUuids: chosen.map((member) => member.actor.uuid),
    userId: user.id ?? "",
    userName: user.name ?? "",
    names: chosen.map((member) => member.name),
  };
  await ChatMessage.implementation.create({
    type: "retreatRequest",
    system: record,
    content: await renderRetreatRequest(record),
    speaker: { alias: user.name ?? "" },
    whisper: ChatMessage.implementation.getWhisperRecipients("GM").map((gm) => gm.id),
  });
  return { ok: true };
}
