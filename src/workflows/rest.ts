/**
 * RULES §8 at the table: short rests spending hit dice, safe and unsafe long rests, a week of bed
 * rest, for one character from its sheet or for the whole party from the GM. The active GM's
 * client runs the rules and writes: the actors in one batch, then per actor one item update
 * (minor injuries counting safe rests) and one item deletion (what healed or ended), and one card.
 */
import { ArmourData, itemData, renderRestCard, type RestRecord, type RestUndo } from "../data";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import {
  defineRequest,
  isRefusal,
  refuse,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "../requests";
import { Fields, isRecord } from "../requests/fields";
import type { DieSize } from "../rules/dice";
import {
  bedRest,
  longRest,
  shortRest,
  type RestCharacter,
  type RestKind,
  type RestResult,
} from "../rules/rest";
import { optionalRules } from "../settings";
import { allowedBy, announceWrite, MODULE_HOOKS } from "../hooks/module-hooks";
import { tick } from "../rules/condition-durations";
import { statusLabelKey } from "../status-effects";
import { timersOf } from "./durations";
import {
  S2_INJURY_PREFIX,
  actorFrom,
  attributeLabel,
  injuryData,
  orderedConditions,
  recoveringCharacter,
  recoveryData,
  setbackData,
  updateActors,
} from "./retreat";
import { writes } from "../foundry/typed-writes";

export const REST_KINDS = [
  "short",
  "long-safe",
  "long-unsafe",
  "bed-rest",
] as const satisfies readonly RestKind[];

export { restKindLabel } from "../data";

export const isRestKind = (value: unknown): value is RestKind =>
  (REST_KINDS as readonly unknown[]).includes(value);

export function restCharacter(actor: Actor.Implementation): RestCharacter {
  const system = recoveryData(actor);
  return {
    ...recoveringCharacter(actor),
    // The schema only admits die sizes here (data/shared dieField).
    hitDie: system.hitDice.die as DieSize,
    strain: { value: system.strain.value, max: system.strain.max },
  };
}

/** Whether the character wears armour that it would sleep in: worn, not dropped, heavy. */
export function wearsHeavyArmour(actor: Actor.Implementation): boolean {
  return actor.items.contents.some((item) => {
    const armour = itemData(item, ArmourData);
    return armour !== null && armour.equipped && !armour.dropped && armour.heavy;
  });
}

/** The pools a rest changes: the rules' name and the actor's path. */
const POOL_PATHS = [
  ["endurance", "system.endurance.value"],
  ["health", "system.health.value"],
  ["hitDice", "system.hitDice.value"],
  ["exhaustion", "system.exhaustion"],
  ["strain", "system.strain.value"],
] as const;

export interface RestEntry {
  actorUuid: string;
  /** Hit dice to spend on a short rest. */
  hitDice: number;
  /** Slept in armour (matters only under the dying rule). */
  sleptInArmour: boolean;
}

/** Most hit dice a short rest may name: far above any character's pool, far below 1e300. */
const MAX_HIT_DICE = 100;

/**
 * The characters a rest names, read strictly: each an actor's uuid, hit dice a whole number in
 * range. A character named twice is refused (not quietly rested once) once the actors are found.
 */
function readRest(fields: Fields): RestRequest | Refusal {
  const kind = fields.raw("kind");
  if (!isRestKind(kind)) return refuse("BRINK.Rest.Refusal.unknownKind");
  const listed = fields.raw("entries");
  if (!Array.isArray(listed) || listed.length === 0) return refuse("BRINK.Rest.Refusal.nobody");
  const entries = readRestEntries(fields);
  return isRefusal(entries) ? entries : { kind, entries };
}

/** Each listed character's rest choices, field by field; shared with the party rest's confirmations. */
export function readRestEntries(fields: Fields): RestEntry[] | Refusal {
  const entries: RestEntry[] = [];
  for (const entry of fields.list("entries")) {
    if (!isRecord(entry)) return refuse("BRINK.Request.malformed");
    const read = new Fields(entry);
    entries.push({
      actorUuid: read.uuid("actorUuid"),
      hitDice: read.whole("hitDice", 0, MAX_HIT_DICE, 0),
      sleptInArmour: read.flag("sleptInArmour"),
    });
  }
  return entries;
}

interface RestRequest {
  kind: RestKind;
  entries: RestEntry[];
}

/** A started combat that has not ended, with this actor among its combatants. */
export const inActiveCombat = (actor: Actor.Implementation): boolean =>
  [...game.combats].some(
    (combat) => combat.started && [...combat.combatants].some((combatant) => combatant.actorId === actor.id),
  );

async function runRest(kind: RestKind, character: RestCharacter, entry: RestEntry, s2: boolean) {
  switch (kind) {
    case "short":
      return resolveWithFoundryDice((dice) => shortRest(character, entry.hitDice, dice));
    case "long-safe":
    case "long-unsafe":
      return {
        result: longRest(character, kind === "long-safe", { s2, sleptInArmour: entry.sleptInArmour }),
        rolls: [],
      };
    case "bed-rest":
      return { result: bedRest(character, { s2 }), rolls: [] };
  }
}

/** Setback items that a safe night ends (disoriented), whatever was worn to bed. */
const endsWithSafeRest = (kind: RestKind) => kind === "long-safe" || kind === "bed-rest";

interface Rested {
  actor: Actor.Implementation;
  result: RestResult;
  rolls: BrinkRoll[];
  data: Record<string, unknown>;
  progress: { _id: string; system: { progress: { value: number } } }[];
  remove: string[];
  /** Names of the injuries that healed and of the setbacks that ended, for the card. */
  healedNames: string[];
  endedNames: string[];
  /** Names of the minor injuries that counted a safe rest, in the summary's order. */
  progressNames: string[];
  /** What the GM's revert gives back. */
  undo: RestUndo;
}

function restWrites(actor: Actor.Implementation, kind: RestKind, result: RestResult): Omit<Rested, "rolls"> {
  const system = recoveryData(actor);
  const { changes, removeStatuses, deleteInjuryIds, injuryProgress } = result.update;
  const data: Record<string, unknown> = {};
  if (changes.endurance !== undefined) data["system.endurance.value"] = changes.endurance;
  if (changes.health !== undefined) data["system.health.value"] = changes.health;
  if (changes.hitDice !== undefined) data["system.hitDice.value"] = changes.hitDice;
  if (changes.exhaustion !== undefined) data["system.exhaustion"] = changes.exhaustion;
  if (changes.strain !== undefined) data["system.strain.value"] = changes.strain;
  const prior = [...system.conditions];
  const rested = prior.filter((condition) => !removeStatuses.includes(condition));
  // RULES §9: conditions timed "until the next rest" end in this same write (workflows/durations).
  const timed = tick(rested, timersOf(actor), "rest");
  if (timed) data["system.timers"] = timed.timers;
  const next = new Set(timed?.conditions ?? rested);
  if (next.size !== prior.length) data["system.conditions"] = orderedConditions(prior, next);
  const timedEnded = (timed?.ended ?? []).map((status) => game.i18n.localize(statusLabelKey(status)));
  const healedS2 = deleteInjuryIds.filter((id) => id.startsWith(S2_INJURY_PREFIX));
  if (healedS2.length > 0) {
    data["system.death.injuries"] = system.death.injuries.filter(
      (_, index) => !healedS2.includes(`${S2_INJURY_PREFIX}${index}`),
    );
  }
  // Serious injuries heal by their item going: the step-down was only ever its effect.
  const healedItems = deleteInjuryIds.filter((id) => actor.items.has(id));
  const endedSetbacks = endsWithSafeRest(kind)
    ? actor.items
        .filter((item) => item.type === "setback" && setbackData(item)?.endsOn === "safeLongRest")
        .map((item) => item.id ?? "")
    : [];
  const remove = [...new Set([...healedItems, ...endedSetbacks])];
  const undo: RestUndo = {
    actorUuid: actor.uuid,
    pools: POOL_PATHS.flatMap(([key, path]) => {
      const to = changes[key];
      const from = Number(foundry.utils.getProperty(actor, path));
      return to === undefined || to === from ? [] : [{ path, from, to }];
    }),
    conditions: prior.filter((condition) => !next.has(condition)),
    timers: timed
      ? timersOf(actor).filter((timer) => !timed.timers.some((kept) => kept.status === timer.status))
      : [],
    deathInjuries: system.death.injuries
      .map((entry, index) => ({ index, entry: { ...entry } as Record<string, unknown> }))
      .filter(({ index }) => healedS2.includes(`${S2_INJURY_PREFIX}${index}`)),
    items: remove.flatMap((id) => {
      const item = actor.items.get(id);
      return item ? [item.toObject() as Record<string, unknown>] : [];
    }),
    progress: injuryProgress.flatMap((entry) => {
      const item = actor.items.get(entry.id);
      const from = item ? injuryData(item)?.progress.value : undefined;
      return from === undefined ? [] : [{ id: entry.id, from, to: entry.safeRests }];
    }),
  };
  return {
    actor,
    result,
    undo,
    data,
    progress: injuryProgress
      .filter((entry) => actor.items.has(entry.id))
      .map((entry) => ({ _id: entry.id, system: { progress: { value: entry.safeRests } } })),
    remove,
    healedNames: [
      ...healedItems.map((id) => actor.items.get(id)?.name ?? id),
      ...healedS2.map(() => game.i18n.localize("BRINK.Rest.Card.wound")),
    ],
    endedNames: [...endedSetbacks.map((id) => actor.items.get(id)?.name ?? id), ...timedEnded],
    progressNames: result.summary.minorInjuryProgress.map((entry) => {
      const item = actor.items.get(entry.id);
      const attribute = item ? (injuryData(item)?.attribute ?? null) : null;
      return item?.name ?? (attribute ? attributeLabel(attribute) : entry.id);
    }),
  };
}

async function handleRest({ kind, entries }: RestRequest, { user }: RequestContext): Promise<RequestResult> {
  const actors: Actor.Implementation[] = [];
  for (const entry of entries) {
    const actor = await actorFrom(entry.actorUuid);
    if (!actor) return refuse("BRINK.Rest.Refusal.noActor");
    if (!actor.testUserPermission(user, "OWNER"))
      return refuse("BRINK.Rest.Refusal.notOwner", { name: actor.name });
    if (actors.includes(actor)) return refuse("BRINK.Rest.Refusal.duplicate", { name: actor.name });
    // A short rest is an hour's breather; a long or bed rest cannot happen mid-fight.
    if (kind !== "short" && inActiveCombat(actor))
      return refuse("BRINK.Rest.Refusal.inCombat", { name: actor.name });
    actors.push(actor);
  }
  const rested = await restCharacters(
    kind,
    actors.map((actor, index) => ({ actor, entry: entries[index] as RestEntry })),
    user,
  );
  return rested.ok ? { ok: true } : rested;
}

/**
 * Rests characters already checked (their asker owns them, each named once): the rules run, the
 * actors are written in one batch, then their items, and one card is posted. Used by a sheet's
 * rest and by the party rest when the GM finishes it.
 */
export async function restCharacters(
  kind: RestKind,
  resting: readonly { actor: Actor.Implementation; entry: RestEntry }[],
  user: User.Implementation,
  /** World time the rest moves on (a party rest); recorded so a revert moves it back. */
  seconds = 0,
): Promise<RequestResult<{ messageId: string }>> {
  const actors = resting.map(({ actor }) => actor);
  const context = { userId: user.id ?? "" };
  if (!allowedBy(MODULE_HOOKS.preRest, actors, kind, context)) return refuse("BRINK.Hooks.Cancelled.rest");
  const s2 = optionalRules().deathRule === "dying";
  const rested: Rested[] = [];
  for (const { actor, entry } of resting) {
    const { result, rolls } = await runRest(kind, restCharacter(actor), entry, s2);
    rested.push({ ...restWrites(actor, kind, result), rolls });
  }
  await updateActors(rested.map(({ actor, data }) => ({ actor, data })));
  for (const { actor, progress, remove } of rested) {
    if (progress.length > 0) await actor.updateEmbeddedDocuments("Item", writes.Item.updates(progress));
    if (remove.length > 0) await actor.deleteEmbeddedDocuments("Item", remove);
  }
  const record: RestRecord = {
    kind,
    s2,
    characters: rested.map(restCharacterRecord),
    status: "applied",
    seconds,
  };
  const message = await ChatMessage.implementation.create({
    type: "rest",
    system: record,
    content: await renderRestCard(record),
    rolls: rested.flatMap((entry) => entry.rolls),
    speaker: { alias: game.i18n.localize("BRINK.Rest.title") },
  });
  const messageId = message?.id ?? "";
  announceWrite(MODULE_HOOKS.rest, actors, kind, { ...context, messageId });
  return { ok: true, messageId };
}

/** One rested character as its card records it; names are looked up before the write deletes items. */
function restCharacterRecord({ actor, result, healedNames, endedNames, progressNames, undo }: Rested) {
  return {
    undo,
    name: actor.name,
    img: actor.img ?? "icons/svg/mystery-man.svg",
    summary: result.summary,
    rolls: [...result.rolls],
    healedNames,
    endedNames,
    progress: result.summary.minorInjuryProgress.map((entry, index) => ({
      name: progressNames[index] ?? entry.id,
      safeRests: entry.safeRests,
    })),
  };
}

/** Any user may ask for a rest; the handler rests only characters that user owns. */
const askRest = defineRequest({ name: "rest.apply", who: "any", parse: readRest, handle: handleRest });

/** Asks the GM's client to run a rest; shows a refusal to the user who asked. */
export const requestRest = (kind: RestKind, entries: RestEntry[]): Promise<RequestResult> =>
  askRest({ kind, entries: entries.map((entry) => ({ ...entry })) });
