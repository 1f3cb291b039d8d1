import { templatePath } from "../../constants";
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import { orderedConditions, updateActors } from "./actor-writes";
import { format, localize } from "./i18n";
import { recoveryData, setbackData } from "./recovery-actor";

/** Separated ends when the GM reunites the party: the condition and its setback items go. */
export async function handleReunite(
  _payload: Record<string, unknown>,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!user.isGM) return refuse("BRINK.Retreat.Refusal.gmOnly");
  const separated = game.actors.filter(
    (actor) =>
      recoveryData(actor).conditions?.has("separated") === true ||
      [...actor.items].some((item) => item.type === "setback" && setbackData(item).endsOn === "reunited"),
  );
  if (separated.length === 0) return refuse("BRINK.Retreat.Refusal.nobodySeparated");
  await updateActors(
    separated.map((actor) => {
      const prior = [...recoveryData(actor).conditions];
      const next = new Set(prior);
      return next.delete("separated")
        ? { actor, data: { "system.conditions": orderedConditions(prior, next) } }
        : { actor, data: {} };
    }),
  );
  for (const actor of separated) {
    const ids = actor.items
      .filter((item) => item.type === "setback" && setbackData(item).endsOn === "reunited")
      .map((item) => item.id ?? "");
    if (ids.length > 0) await actor.deleteEmbeddedDocuments("Item", ids);
  }
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("chat/reunite-card.hbs"),
    {
      title: localize("BRINK.Retreat.Reunite.title"),
      text: format("BRINK.Retreat.Reunite.text", { names: separated.map((actor) => actor.name).join(", ") }),
    },
  );
  await ChatMessage.implementation.create({ content, speaker: { alias: localize("BRINK.Retreat.title") } });
  return { ok: true };
}
