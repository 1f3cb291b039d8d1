/**
 * The Emergency Retreat on the active GM's client: it rolls every retreating character's
 * consequences, writes the summary card carrying the real rolls *first* (marked "applying"), then
 * applies the consequences (one batched actor write, one item creation per actor), ends the combat
 * and marks the card applied. A retreat cut short half-way is finished by calling it again: the
 * card's record says what is still to do, so nothing is rolled again or applied twice (issue 23).
 */
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import type { DropItemsChoice, RetreatParty } from "../../rules/retreat";
import { allowedBy, announceWrite, MODULE_HOOKS } from "../../hooks/module-hooks";
import { SYSTEM_ID } from "../../constants";
import { loadRetreatTables } from "../tables";
import { actorChanges } from "./actor-changes";
import { actorFrom, updateActors } from "./actor-writes";
import { renderRetreatCard } from "../../data/chat";
import { rewriteCard } from "./card";
import { combatRecordOf } from "./combat-record";
import { consequenceItems, ItemSources } from "./consequence-items";
import { localize } from "./i18n";
import type { PartyMember } from "./party";
import {
  findUnfinishedRetreat,
  retreatRecordOf,
  type RetreatCharacterRecord,
  type RetreatRecord,
} from "./record";
import { retreatCharacter } from "./recovery-actor";
import { findRetreatParty, type PartyRequest } from "./requested-party";
import { rollRetreat } from "./rolls";
import { writes } from "../../foundry/typed-writes";

type Done = RequestResult<{ messageId: string }>;

const candidateNames = (actor: Actor.Implementation, choice: DropItemsChoice) =>
  choice.candidateIds.map((id) => ({ id, name: actor.items.get(id)?.name ?? id }));

/** The flag a retreat's item carries, so a retry finds it made and does not make it again. */
const itemMark = (resolutionId: string, index: number) => `${resolutionId}.${index}`;

export async function handleResolve(request: PartyRequest, { user }: RequestContext): Promise<Done> {
  const found = findRetreatParty(request);
  if ("ok" in found) return found;
  const { combat, chosen } = found;
  const unfinished = findUnfinishedRetreat(request.combatId);
  if (unfinished) return finishRetreat(unfinished, combat, user);
  const actors = chosen.map((member) => member.actor);
  if (!allowedBy(MODULE_HOOKS.preRetreat, combat, actors, { userId: user.id ?? "" }))
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
  const characters = await Promise.all(
    resolution.characters.map(async (result, index): Promise<RetreatCharacterRecord> => {
      const member = chosen[index] as PartyMember;
      const changes = actorChanges(member.actor, result);
      const items = await consequenceItems(member.actor, result, resolution.id, sources);
      return {
        actorUuid: member.actor.uuid,
        name: member.name,
        img: member.img,
        result,
        createdItemIds: [],
        createdItemNames: [],
        drops: result.pendingChoices.map((choice) => ({
          choice,
          candidates: candidateNames(member.actor, choice),
          picked: null,
        })),
        priorConditions: changes.priorConditions,
        removedConditions: changes.removedConditions,
        priorDeath: changes.priorDeath,
        pending: { data: changes.data, items: items as object[] },
      };
    }),
  );
  const record: RetreatRecord = {
    combatId: combat.id ?? "",
    resolutionId: resolution.id,
    status: "applying",
    appliedBy: user.id ?? "",
    characters,
    fallbacks: loaded.fallbacks,
    combat: combatRecord,
  };
  // The card is the retreat's mark: written before any consequence, so a retry finishes it.
  const message = await ChatMessage.implementation.create({
    type: "retreat",
    system: record,
    content: await renderRetreatCard(record),
    rolls,
    speaker: { alias: localize("BRINK.Retreat.title") },
    sound: CONFIG.sounds?.dice,
  });
  if (!message) return refuse("BRINK.Request.failed");
  return finishRetreat(message, combat, user);
}

/** Whether every value a pending actor write sets is already on the actor (the write landed). */
const landed = (actor: Actor.Implementation, data: Record<string, unknown>): boolean =>
  Object.entries(data).every(
    ([path, value]) =>
      JSON.stringify(foundry.utils.getProperty(actor.toObject(), path)) === JSON.stringify(value),
  );

/**
 * Applies what the card says is still to do: the actor writes that have not landed (one batch),
 * the items not yet made (each tagged with the card's mark, so a retry finds them), then the
 * combat's end; the card is written back once, applied.
 */
async function finishRetreat(
  message: ChatMessage.Implementation,
  combat: Combat.Implementation,
  user: User.Implementation,
): Promise<Done> {
  const stored = retreatRecordOf(message);
  if (!stored) return refuse("BRINK.Retreat.Refusal.noCard");
  const record = foundry.utils.deepClone(stored);
  const actors = await Promise.all(record.characters.map((entry) => actorFrom(entry.actorUuid)));
  // The downed are settled before the fight ends, so no dying or downed clock runs out as it does:
  // nobody dies from an Emergency Retreat.
  await updateActors(
    record.characters.flatMap((entry, index) => {
      const actor = actors[index];
      const data = entry.pending?.data;
      return actor && data && !landed(actor, data) ? [{ actor, data }] : [];
    }),
  );
  for (const [index, entry] of record.characters.entries()) {
    const actor = actors[index];
    if (!entry.pending || !actor) continue;
    const created = await retreatItems(actor, entry.pending.items, itemMark(record.resolutionId, index));
    entry.createdItemIds = created.map((item) => item.id ?? "");
    entry.createdItemNames = created.map((item) => item.name);
    entry.pending = null;
  }
  // The turn in progress finishes and the fight ends.
  if (game.combats.get(combat.id ?? "")) {
    if (typeof combat.resolveEnd === "function") await combat.resolveEnd(user);
    await combat.delete();
  }
  record.status = "applied";
  await rewriteCard(message, record);
  const context = { userId: user.id ?? "", messageId: message.id ?? "" };
  const retreated = actors.filter((actor): actor is Actor.Implementation => actor !== null);
  announceWrite(MODULE_HOOKS.retreat, combat, retreated, context);
  return { ok: true, messageId: message.id ?? "" };
}

/** The retreat's items on the actor: those a cut-short attempt made, else made now (one creation). */
async function retreatItems(
  actor: Actor.Implementation,
  items: object[],
  mark: string,
): Promise<Item.Implementation[]> {
  const made = actor.items.filter(
    (item) => foundry.utils.getProperty(item.flags, `${SYSTEM_ID}.retreat`) === mark,
  );
  if (made.length > 0 || items.length === 0) return made;
  const tagged = items.map((item) =>
    foundry.utils.mergeObject(item, { flags: { [SYSTEM_ID]: { retreat: mark } } }),
  );
  return actor.createEmbeddedDocuments("Item", writes.Item.restores(tagged));
}
