/** A player's retreat request: a whispered card the GMs confirm from. */
import { templatePath } from "../../constants";
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import { format, localize } from "./i18n";
import { partyMembers } from "./party";
import { REQUEST_FLAG, type RetreatRequestRecord } from "./record";
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
  };
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/retreat-request.hbs"),
    {
      title: localize("BRINK.Retreat.title"),
      text: format("BRINK.Retreat.Request.text", {
        user: user.name ?? "",
        names: chosen.map((member) => member.name).join(", "),
      }),
    },
  );
  await ChatMessage.implementation.create({
    content,
    speaker: { alias: user.name ?? "" },
    whisper: ChatMessage.implementation.getWhisperRecipients("GM").map((gm) => gm.id),
    flags: { brink: { [REQUEST_FLAG]: record } },
    // A whispered notice whose record is plain JSON in its flags.
  } as never);
  return { ok: true };
}
