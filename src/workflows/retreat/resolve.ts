/**
 * The Emergency Retreat on the active GM's client: it ends the combat, rolls and applies every
 * retreating character's consequences (one batched actor write, one item creation per actor) and
 * posts the summary card carrying the real rolls.
 */
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import type { DropItemsChoice, RetreatParty } from "../../rules/retreat";
import { allowedBy, announceWrite, MODULE_HOOKS } from "../../hooks/module-hooks";
import { loadRetreatTables } from "../tables";
import { actorChanges } from "./actor-changes";
import { updateActors } from "./actor-writes";
import { renderRetreatCard } from "../../data/chat";
import { combatRecordOf } from "./combat-record";
import { consequenceItems, ItemSources } from "./consequence-items";
import { localize } from "./i18n";
import type { PartyMember } from "./party";
import type { RetreatCharacterRecord, RetreatRecord } from "./record";
import { retreatCharacter } from "./recovery-actor";
import { findRetreatParty, type PartyRequest } from "./requested-party";
import { rollRetreat } from "./rolls";
import { writes } from "../../foundry/typed-writes";

const candidateNames = (actor: Actor.Implementation, choice: DropItemsChoice) =>
  choice.candidateIds.map((id) => ({ id, name: actor.items.get(id)?.name ?? id }));

export async function handleResolve(
  request: PartyRequest,
  { user }: RequestContext,
): Promise<RequestResult<{ messageId: string }>> {
  const found = findRetreatParty(request);
  if ("ok" in found) return found;
  const { combat, chosen } = found;
  const actors = chosen.map((member) => member.actor);
  const context = { userId: user.id ?? "" };
  if (!allowedBy(MODULE_HOOKS.preRetreat, combat, actors, context))
    return refuse("BRINK.Hooks.Cancelled.retreat");
  // The combat as it stands now, before the turn in progress ends: what a revert brings back.
  const combatRecord = combatRecordOf(combat);
  const loaded = await loadRetreatTables();
  const party: RetreatParty = {
    key: combat.id ?? "",
    characters: chosen.map((m) => retreatCharacter(m.actor)),
  };
  const { resolution, rolls } = await rollRetreat(party, loaded.tables);
  const sources = new ItemSources(loaded.links);
  const prepared = await Promise.all(
    resolution.characters.map(async (result, index) => {
      const member = chosen[index] as PartyMember;
      return {
        member,
        result,
        changes: actorChanges(member.actor, result),
        items: await consequenceItems(member.actor, result, resolution.id, sources),
      };
    }),
  );
  // The downed are settled before the fight ends, so no dying or downed clock runs out as it does:
  // nobody dies from an Emergency Retreat.
  await updateActors(prepared.map(({ member, changes }) => ({ actor: member.actor, data: changes.data })));
  const characters: RetreatCharacterRecord[] = [];
  for (const { member, result, changes, items } of prepared) {
    const created =
      items.length > 0 ? await member.actor.createEmbeddedDocuments("Item", writes.Item.restores(items)) : [];
    characters.push({
      actorUuid: member.actor.uuid,
      name: member.name,
      img: member.img,
      result,
      createdItemIds: created.map((item) => item.id ?? ""),
      createdItemNames: created.map((item) => item.name),
      drops: result.pendingChoices.map((choice) => ({
        choice,
        candidates: candidateNames(member.actor, choice),
        picked: null,
      })),
      priorConditions: changes.priorConditions,
      removedConditions: changes.removedConditions,
      priorDeath: changes.priorDeath,
    });
  }
  // The turn in progress finishes and the fight ends.
  if (typeof combat.resolveEnd === "function") await combat.resolveEnd(user);
  await combat.delete();
  const record: RetreatRecord = {
    combatId: combat.id ?? "",
    resolutionId: resolution.id,
    status: "applied",
    appliedBy: user.id ?? "",
    characters,
    fallbacks: loaded.fallbacks,
    combat: combatRecord,
  };
  const message = await ChatMessage.implementation.create({
    type: "retreat",
    system: record,
    content: await renderRetreatCard(record),
    rolls,
    speaker: { alias: localize("BRINK.Retreat.title") },
    sound: CONFIG.sounds?.dice,
  });
  announceWrite(MODULE_HOOKS.retreat, combat, actors, { ...context, messageId: message?.id ?? "" });
  const done: RequestResult<{ messageId: string }> = { ok: true, messageId: message?.id ?? "" };
  return done;
}
