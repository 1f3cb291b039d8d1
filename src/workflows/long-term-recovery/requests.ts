/**
 * Long-term recovery at the table (RULES §6, S2), on the active GM's client: a month of downtime
 * (a d20 under CON heals one permanent injury), a heal for a level gained while injured,
 * retirement (a new character at half the XP), a retired character's session (a CON test once
 * four have passed) and its return. Each request is validated field by field; each writes what the
 * rules allow the asker and posts a recovery card the GM can revert.
 */
import { renderRecoveryCard, type HealedRecord, type RecoveryKind, type RecoveryRecord } from "../../data";
import { resolveWithFoundryDice, type BrinkRoll } from "../../dice";
import { defineRequest, refuse, type Refusal, type RequestContext, type RequestResult } from "../../requests";
import type { Fields } from "../../requests/fields";
import { countOf } from "../../helpers/plural";
import { downtimeWait, recoveryTest, sessionTestDue, successorXp } from "../../rules/long-term-recovery";
import { actorFrom, recoveryData, updateActors } from "../retreat";
import { healPermanentInjury, permanentInjuries, type Healing } from "./injuries";

/** Longest injury id a request may name: an item id or a place in the death rule's list. */
const MAX_INJURY_ID = 40;

interface ActorRequest {
  actorUuid: string;
}
interface InjuryRequest extends ActorRequest {
  injuryId: string;
}

const readActor = (fields: Fields): ActorRequest => ({ actorUuid: fields.uuid("actorUuid") });
const readInjury = (fields: Fields): InjuryRequest => ({
  actorUuid: fields.uuid("actorUuid"),
  injuryId: fields.text("injuryId", MAX_INJURY_ID),
});

const inActiveCombat = (actor: Actor.Implementation): boolean =>
  [...game.combats].some(
    (combat) => combat.started && [...combat.combatants].some((combatant) => combatant.actorId === actor.id),
  );

/** The character a request names, if the asker may act for it; otherwise the refusal. */
async function ownedCharacter(
  actorUuid: string,
  user: User.Implementation,
): Promise<Actor.Implementation | Refusal> {
  const actor = await actorFrom(actorUuid);
  if (!actor || actor.type !== "character") return refuse("BRINK.Recovery.Refusal.noCharacter");
  if (!actor.testUserPermission(user, "OWNER"))
    return refuse("BRINK.Recovery.Refusal.notOwner", { name: actor.name });
  return actor;
}

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && (value as Refusal).ok === false;

function baseRecord(kind: RecoveryKind, actor: Actor.Implementation): RecoveryRecord {
  return {
    kind,
    status: "applied",
    actorUuid: actor.uuid,
    name: actor.name,
    test: null,
    healed: null,
    sessions: recoveryData(actor).recovery.sessions,
    successorUuid: "",
    successorName: "",
    successorXp: 0,
    downtimeAt: null,
    previousDowntimeAt: null,
  };
}

async function postCard(record: RecoveryRecord, rolls: BrinkRoll[] = []): Promise<void> {
  await ChatMessage.implementation.create({
    type: "recovery",
    system: record,
    content: await renderRecoveryCard(record),
    rolls,
    speaker: { alias: record.name },
  });
}

/** One actor update (counters and the death rule's list together), then the item's deletion. */
async function writeHealing(
  actor: Actor.Implementation,
  healing: Healing | null,
  data: Record<string, unknown>,
) {
  await updateActors([{ actor, data: { ...data, ...(healing?.data ?? {}) } }]);
  if (healing?.deleteItemId) await actor.deleteEmbeddedDocuments("Item", [healing.deleteItemId]);
}

function chosenInjury(actor: Actor.Implementation, injuryId: string): Healing | Refusal {
  if (permanentInjuries(actor).length === 0)
    return refuse("BRINK.Recovery.Refusal.noPermanentInjury", { name: actor.name });
  return healPermanentInjury(actor, injuryId) ?? refuse("BRINK.Recovery.Refusal.unknownInjury");
}

/** Whole days, rounded up, of the wait before a character's next month of downtime. */
export const downtimeDaysLeft = (actor: Actor.Implementation): number =>
  Math.ceil(downtimeWait(recoveryData(actor).recovery.downtimeAt, game.time.worldTime) / 86400);

async function handleDowntime({ actorUuid, injuryId }: InjuryRequest, { user }: RequestContext) {
  const actor = await ownedCharacter(actorUuid, user);
  if (isRefusal(actor)) return actor;
  if (inActiveCombat(actor)) return refuse("BRINK.Recovery.Refusal.inCombat", { name: actor.name });
  // [decision] Once per month of world time; a GM asking grants the month (the GM keeps the calendar).
  const days = downtimeDaysLeft(actor);
  if (days > 0 && !user.isGM)
    return refuse("BRINK.Recovery.Refusal.downtimeTooSoon", { name: actor.name, days: countOf("day", days) });
  const healing = chosenInjury(actor, injuryId);
  if (isRefusal(healing)) return healing;
  const con = recoveryData(actor).attributes.con.value;
  const { result, rolls } = await resolveWithFoundryDice((dice) => recoveryTest(con, dice));
  const applied = result.success ? healing : null;
  const downtime = {
    downtimeAt: game.time.worldTime,
    previousDowntimeAt: recoveryData(actor).recovery.downtimeAt,
  };
  await writeHealing(actor, applied, { "system.recovery.downtimeAt": downtime.downtimeAt });
  const record = {
    ...baseRecord("downtime", actor),
    ...downtime,
    test: result,
    healed: applied?.record ?? null,
  };
  await postCard(record, rolls);
  return { ok: true } as const;
}

async function handleLevelHeal({ actorUuid, injuryId }: InjuryRequest, { user }: RequestContext) {
  const actor = await ownedCharacter(actorUuid, user);
  if (isRefusal(actor)) return actor;
  const banked = recoveryData(actor).recovery.levelHeals;
  if (banked < 1) return refuse("BRINK.Recovery.Refusal.noLevelHeal", { name: actor.name });
  const healing = chosenInjury(actor, injuryId);
  if (isRefusal(healing)) return healing;
  await writeHealing(actor, healing, { "system.recovery.levelHeals": banked - 1 });
  await postCard({ ...baseRecord("level", actor), healed: healing.record });
  return { ok: true } as const;
}

/** The successor a retirement of this character made, while it stands in the world. */
async function successorOf(actor: Actor.Implementation): Promise<Actor.Implementation | null> {
  const uuid = recoveryData(actor).recovery.successorUuid;
  return uuid ? await actorFrom(uuid) : null;
}

/** The retiring character's owners own the new one; the rest see what they saw before. */
const makeSuccessor = async (actor: Actor.Implementation, xp: number) =>
  (await Actor.implementation.create({
    name: game.i18n.format("BRINK.Recovery.successorName", { name: actor.name }),
    type: "character",
    ownership: { ...actor.ownership },
    system: { xp },
  })) ?? null;

async function handleRetire({ actorUuid }: ActorRequest, { user }: RequestContext) {
  const actor = await ownedCharacter(actorUuid, user);
  if (isRefusal(actor)) return actor;
  const system = recoveryData(actor);
  if (system.recovery.retired) return refuse("BRINK.Recovery.Refusal.alreadyRetired", { name: actor.name });
  if (inActiveCombat(actor)) return refuse("BRINK.Recovery.Refusal.inCombat", { name: actor.name });
  if (system.conditions.has("dead")) return refuse("BRINK.Recovery.Refusal.dead", { name: actor.name });
  const xp = successorXp(system.xp);
  // One retirement, one successor: retiring again takes up the one made before (issue 23).
  const successor = (await successorOf(actor)) ?? (await makeSuccessor(actor, xp));
  const data = {
    "system.recovery.retired": true,
    "system.recovery.sessions": 0,
    "system.recovery.successorUuid": successor?.uuid ?? "",
  };
  await updateActors([{ actor, data }]);
  await postCard({
    ...baseRecord("retire", actor),
    sessions: 0,
    successorUuid: successor?.uuid ?? "",
    successorName: successor?.name ?? "",
    successorXp: xp,
  });
  return { ok: true } as const;
}

/** The oldest permanent injury heals when a retired character's session test succeeds [decision]. */
async function handleSession({ actorUuid }: ActorRequest, { user }: RequestContext) {
  const actor = await ownedCharacter(actorUuid, user);
  if (isRefusal(actor)) return actor;
  const system = recoveryData(actor);
  if (!system.recovery.retired) return refuse("BRINK.Recovery.Refusal.notRetired", { name: actor.name });
  const sessions = system.recovery.sessions + 1;
  const oldest = permanentInjuries(actor)[0];
  let test: RecoveryRecord["test"] = null;
  let rolls: BrinkRoll[] = [];
  let healing: Healing | null = null;
  if (sessionTestDue(sessions) && oldest) {
    const con = system.attributes.con.value;
    const rolled = await resolveWithFoundryDice((dice) => recoveryTest(con, dice));
    ({ rolls } = rolled);
    test = rolled.result;
    healing = test.success ? healPermanentInjury(actor, oldest.id) : null;
  }
  await writeHealing(actor, healing, { "system.recovery.sessions": sessions });
  await postCard({ ...baseRecord("session", actor), sessions, test, healed: healing?.record ?? null }, rolls);
  return { ok: true } as const;
}

async function handleReturn({ actorUuid }: ActorRequest, { user }: RequestContext) {
  const actor = await ownedCharacter(actorUuid, user);
  if (isRefusal(actor)) return actor;
  if (!recoveryData(actor).recovery.retired)
    return refuse("BRINK.Recovery.Refusal.notRetired", { name: actor.name });
  // Once a successor plays on, bringing the retired character back is the GM's call (issue 23).
  const successor = await successorOf(actor);
  if (successor && !user.isGM)
    return refuse("BRINK.Recovery.Refusal.successorExists", { name: actor.name, successor: successor.name });
  await updateActors([{ actor, data: { "system.recovery.retired": false } }]);
  await postCard(baseRecord("return", actor));
  return { ok: true } as const;
}

const askDowntime = defineRequest({
  name: "recovery.downtime",
  who: "any",
  parse: readInjury,
  handle: handleDowntime,
});
const askLevelHeal = defineRequest({
  name: "recovery.levelHeal",
  who: "any",
  parse: readInjury,
  handle: handleLevelHeal,
});
const askRetire = defineRequest({
  name: "recovery.retire",
  who: "any",
  parse: readActor,
  handle: handleRetire,
});
// Only the GM says a session was played: a player could otherwise test CON at will.
const askSession = defineRequest({
  name: "recovery.session",
  who: "gm",
  parse: readActor,
  handle: handleSession,
});
const askReturn = defineRequest({
  name: "recovery.return",
  who: "any",
  parse: readActor,
  handle: handleReturn,
});

export const requestDowntime = (actorUuid: string, injuryId: string): Promise<RequestResult> =>
  askDowntime({ actorUuid, injuryId });
export const requestLevelHeal = (actorUuid: string, injuryId: string): Promise<RequestResult> =>
  askLevelHeal({ actorUuid, injuryId });
export const requestRetire = (actorUuid: string): Promise<RequestResult> => askRetire({ actorUuid });
export const requestSession = (actorUuid: string): Promise<RequestResult> => askSession({ actorUuid });
export const requestReturn = (actorUuid: string): Promise<RequestResult> => askReturn({ actorUuid });

export type { HealedRecord };
