/**
 * RULES §8 for the whole party (issue 13). The GM starts a party rest; the active GM's client posts
 * a card listing the party's characters. Each player confirms the choices for their own characters
 * (hit dice to spend, armour slept in) from a prompt on their client; the GM's client checks and
 * records them on the card. The GM finishes the rest: the confirmed characters rest as one rest
 * (workflows/rest), and world time moves on by the rest's duration. No rest starts while a combat
 * runs or without a party.
 */
import { isRecordCard, renderPartyRestCard, type PartyRestMember, type PartyRestRecord } from "../data";
import {
  defineRequest,
  isRefusal,
  refuse,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "../requests";
import type { Fields } from "../requests/fields";
import type { RestKind } from "../rules/rest";
import { restSeconds } from "../rules/rest-duration";
import { actorFrom, recoveryData } from "./retreat";
import { REST_KINDS, readRestEntries, restCharacters, type RestEntry } from "./rest";

/** The player characters: characters some player (not a GM) owns. */
export function partyCharacters(): Actor.Implementation[] {
  return game.actors.filter(
    (actor) =>
      actor.type === "character" &&
      Object.entries(actor.ownership).some(
        ([userId, level]) =>
          userId !== "default" &&
          level >= CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER &&
          game.users.get(userId)?.isGM === false,
      ),
  );
}

/** A combat that has started and not ended: no party rest while one runs. */
const combatRunning = (): boolean => [...game.combats].some((combat) => combat.started);

const PARTY_REST = "partyRest";

function partyRestRecord(message: ChatMessage.Implementation | undefined): PartyRestRecord | null {
  if (message?.type !== PARTY_REST) return null;
  const model = message.system as { record?: PartyRestRecord };
  return model.record ?? null;
}

/** A party rest card the GM's client wrote that still gathers choices, or the refusal saying why not. */
function gatheringCard(
  messageId: string,
): { message: ChatMessage.Implementation; record: PartyRestRecord } | Refusal {
  const message = game.messages.get(messageId);
  const record = partyRestRecord(message);
  if (!message || !record) return refuse("BRINK.PartyRest.Refusal.noCard");
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (record.status !== "gathering") return refuse("BRINK.PartyRest.Refusal.over");
  return { message, record };
}

async function writeCard(message: ChatMessage.Implementation, record: PartyRestRecord): Promise<void> {
  await message.update({
    content: await renderPartyRestCard(record),
    system: { status: record.status, members: record.members, restMessageId: record.restMessageId },
  });
}

// ---------------------------------------------------------------------------------------------------
// Start

interface StartRequest {
  kind: RestKind;
  actorUuids: string[];
}

async function handleStart({
  kind,
  actorUuids,
}: StartRequest): Promise<RequestResult<{ messageId: string }>> {
  if (combatRunning()) return refuse("BRINK.PartyRest.Refusal.combat");
  const party = partyCharacters();
  if (party.length === 0) return refuse("BRINK.Rest.Refusal.noParty");
  if ([...game.messages].some((message) => partyRestRecord(message)?.status === "gathering"))
    return refuse("BRINK.PartyRest.Refusal.alreadyGathering");
  const members: PartyRestMember[] = [];
  for (const uuid of actorUuids) {
    const actor = party.find((candidate) => candidate.uuid === uuid);
    if (!actor) return refuse("BRINK.PartyRest.Refusal.notParty");
    members.push({
      actorUuid: actor.uuid,
      name: actor.name ?? "",
      img: actor.img ?? "icons/svg/mystery-man.svg",
      confirmed: false,
      hitDice: 0,
      sleptInArmour: false,
    });
  }
  const record: PartyRestRecord = {
    kind,
    status: "gathering",
    members,
    seconds: restSeconds(kind),
    restMessageId: "",
  };
  const message = await ChatMessage.implementation.create({
    type: PARTY_REST,
    system: record,
    content: await renderPartyRestCard(record),
    speaker: { alias: game.i18n.localize("BRINK.Rest.partyTitle") },
  });
  return { ok: true, messageId: message?.id ?? "" };
}

const askStart = defineRequest({
  name: "rest.party.start",
  who: "gm",
  parse: (fields): StartRequest | Refusal => {
    const actorUuids = fields.uuids("actorUuids");
    if (actorUuids.length === 0) return refuse("BRINK.Rest.Refusal.nobody");
    if (new Set(actorUuids).size !== actorUuids.length) return refuse("BRINK.PartyRest.Refusal.twice");
    return { kind: fields.oneOf("kind", REST_KINDS), actorUuids };
  },
  handle: handleStart,
});

/** The GM starts a party rest of this kind for these characters of the party. */
export const requestPartyRestStart = (kind: RestKind, actorUuids: string[]) => askStart({ kind, actorUuids });

// ---------------------------------------------------------------------------------------------------
// Confirm

interface ConfirmRequest {
  messageId: string;
  entries: RestEntry[];
}

function readConfirm(fields: Fields): ConfirmRequest | Refusal {
  const entries = readRestEntries(fields);
  if (isRefusal(entries)) return entries;
  if (entries.length === 0) return refuse("BRINK.Rest.Refusal.nobody");
  return { messageId: fields.id("messageId"), entries };
}

async function handleConfirm(
  { messageId, entries }: ConfirmRequest,
  { user }: RequestContext,
): Promise<RequestResult> {
  const card = gatheringCard(messageId);
  if ("ok" in card) return card;
  const members = card.record.members.map((member) => ({ ...member }));
  const named = new Set<string>();
  for (const entry of entries) {
    const member = members.find((candidate) => candidate.actorUuid === entry.actorUuid);
    if (!member) return refuse("BRINK.PartyRest.Refusal.notListed");
    if (named.has(entry.actorUuid)) return refuse("BRINK.Rest.Refusal.duplicate", { name: member.name });
    named.add(entry.actorUuid);
    if (member.confirmed) return refuse("BRINK.PartyRest.Refusal.confirmed", { name: member.name });
    const actor = await actorFrom(entry.actorUuid);
    if (!actor) return refuse("BRINK.Rest.Refusal.noActor");
    if (!actor.testUserPermission(user, "OWNER"))
      return refuse("BRINK.Rest.Refusal.notOwner", { name: actor.name });
    const { hitDice } = recoveryData(actor);
    if (entry.hitDice > hitDice.value)
      return refuse("BRINK.PartyRest.Refusal.hitDice", { name: actor.name, count: String(hitDice.value) });
    Object.assign(member, { confirmed: true, hitDice: entry.hitDice, sleptInArmour: entry.sleptInArmour });
  }
  await writeCard(card.message, { ...card.record, members });
  return { ok: true };
}

const askConfirm = defineRequest({
  name: "rest.party.confirm",
  who: "any",
  parse: readConfirm,
  handle: handleConfirm,
});

/** A player (or the GM) confirms the choices for characters they own. */
export const requestPartyRestConfirm = (messageId: string, entries: RestEntry[]) =>
  askConfirm({ messageId, entries: entries.map((entry) => ({ ...entry })) });

// ---------------------------------------------------------------------------------------------------
// Finish and call off

async function handleFinish(
  { messageId }: { messageId: string },
  { user }: RequestContext,
): Promise<RequestResult> {
  const card = gatheringCard(messageId);
  if ("ok" in card) return card;
  if (combatRunning()) return refuse("BRINK.PartyRest.Refusal.combat");
  const confirmed = card.record.members.filter((member) => member.confirmed);
  if (confirmed.length === 0) return refuse("BRINK.PartyRest.Refusal.noneConfirmed");
  const resting: { actor: Actor.Implementation; entry: RestEntry }[] = [];
  for (const member of confirmed) {
    const actor = await actorFrom(member.actorUuid);
    if (!actor) return refuse("BRINK.Rest.Refusal.noActor");
    resting.push({
      actor,
      entry: { actorUuid: member.actorUuid, hitDice: member.hitDice, sleptInArmour: member.sleptInArmour },
    });
  }
  // Marked first, so a second Finish that arrives meanwhile finds the rest over.
  await writeCard(card.message, { ...card.record, status: "rested" });
  const rested = await restCharacters(card.record.kind, resting, user, card.record.seconds);
  if (!rested.ok) {
    await writeCard(card.message, card.record);
    return rested;
  }
  await game.time.advance(card.record.seconds);
  await writeCard(card.message, { ...card.record, status: "rested", restMessageId: rested.messageId });
  return { ok: true };
}

async function handleCancel({ messageId }: { messageId: string }): Promise<RequestResult> {
  const card = gatheringCard(messageId);
  if ("ok" in card) return card;
  await writeCard(card.message, { ...card.record, status: "cancelled" });
  return { ok: true };
}

const readMessage = (fields: Fields) => ({ messageId: fields.id("messageId") });
const askFinish = defineRequest({
  name: "rest.party.finish",
  who: "gm",
  parse: readMessage,
  handle: handleFinish,
});
const askCancel = defineRequest({
  name: "rest.party.cancel",
  who: "gm",
  parse: readMessage,
  handle: handleCancel,
});

/** The GM finishes the party rest: the confirmed characters rest and world time moves on. */
export const requestPartyRestFinish = (messageId: string) => askFinish({ messageId });
/** The GM calls the party rest off: nobody rests, time stands still. */
export const requestPartyRestCancel = (messageId: string) => askCancel({ messageId });
