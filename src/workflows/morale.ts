/**
 * RULES §7.2 and §7.1 at the table: a morale check the GM calls for a team, and the retreat action
 * of a single combatant (whole turn, DEX test or enemies' attacks, followers checking morale at
 * disadvantage). The active GM's client rolls with Foundry dice, marks the routed and the
 * retreated (one batched actor write), ends the turn, brings the schedule up to date and posts
 * one card.
 */
import { renderMoraleCard, type MoraleRecord } from "../data";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import { defineRequest, refuse, type RequestContext, type RequestResult } from "../requests";
import { oneOf, type Fields } from "../requests/fields";
import {
  checkMorale,
  type MoraleCheck,
  type MoraleOptions,
  type MoraleScope,
  type MoraleSubject,
} from "../rules/morale";
import {
  resolveRetreatAction,
  retreatTestOf,
  type RetreatActionResult,
  type RetreatTest,
} from "../rules/retreat-action";
import { optionalRules } from "../settings";
import { BrinkActor } from "../documents/actor";
import { testSpecFor } from "../documents/actor-rolls";
import { resolveTest } from "../rules/tests";
import { groupIdOf, orderedConditions, recoveryData, updateActors } from "./retreat";

export const MORALE_SCOPES = ["team", "group", "individual"] as const satisfies readonly MoraleScope[];

/** Combatants already out of the fight neither check morale nor follow anyone. */
const OUT_OF_THE_FIGHT = ["dead", "routed", "retreated"] as const;

export function inTheFight(combatant: Combatant.Implementation): boolean {
  const actor = combatant.actor;
  return (
    actor !== null && !OUT_OF_THE_FIGHT.some((condition) => recoveryData(actor).conditions.has(condition))
  );
}

/** A player character rolls with its WIS; an NPC with its morale bonus, grouped by the actor it came from. */
export function moraleSubject(combatant: Combatant.Implementation): MoraleSubject | null {
  const actor = combatant.actor;
  if (!actor) return null;
  const system = recoveryData(actor);
  const id = combatant.id ?? "";
  return actor.type === "character"
    ? { id, kind: "pc", wisdom: system.attributes.wis.value }
    : { id, kind: "npc", moraleBonus: system.morale, group: combatant.actorId ?? actor.id ?? id };
}

/** Each named combatant's actor gains a condition, in one batched write. */
async function markCombatants(combat: Combat.Implementation, ids: readonly string[], condition: string) {
  const actors = new Map<string, Actor.Implementation>();
  for (const id of ids) {
    const actor = combat.combatants.get(id)?.actor;
    if (actor) actors.set(actor.uuid, actor);
  }
  await updateActors(
    [...actors.values()].map((actor) => {
      const prior = [...recoveryData(actor).conditions];
      return {
        actor,
        data: { "system.conditions": orderedConditions(prior, new Set([...prior, condition])) },
      };
    }),
  );
}

/** Lets the turn schedule learn who can no longer act (Brink's combat, when registered). */
async function synchronise(combat: Combat.Implementation, user: User.Implementation): Promise<void> {
  if (typeof combat.resolveSync === "function") await combat.resolveSync(user);
}

function findCombat(combatId: string): Combat.Implementation | undefined {
  // Brink registers BrinkCombat as the Combat class; the collection's stored type does not say so.
  return game.combats.get(combatId) as Combat.Implementation | undefined;
}

// --- the card ----------------------------------------------------------------------------------

/** The names of the combatants a check names, as they are now. */
function namesIn(combat: Combat.Implementation, check: MoraleCheck | null): Record<string, string> {
  const ids = check ? [...check.rolls.flatMap((roll) => roll.subjectIds), ...check.routedIds] : [];
  return Object.fromEntries(ids.map((id) => [id, combat.combatants.get(id)?.name ?? id]));
}

async function postCard(record: MoraleRecord, rolls: BrinkRoll[]): Promise<void> {
  await ChatMessage.implementation.create({
    type: "morale",
    system: record,
    content: await renderMoraleCard(record),
    rolls,
    speaker: { alias: game.i18n.localize("BRINK.Morale.title") },
    sound: CONFIG.sounds?.dice,
  });
}

// --- morale check ------------------------------------------------------------------------------

interface MoraleRequest extends MoraleChoice {
  combatId: string;
  groupId: string;
}

function readMorale(fields: Fields): MoraleRequest | ReturnType<typeof refuse> {
  const combatId = fields.id("combatId");
  const groupId = fields.id("groupId");
  const advantage = fields.flag("advantage");
  const disadvantage = fields.flag("disadvantage");
  const scope = oneOf(fields.raw("scope"), MORALE_SCOPES);
  if (scope === undefined) return refuse("BRINK.Morale.Refusal.unknownScope");
  return { combatId, groupId, scope, advantage, disadvantage };
}

async function handleMorale(
  { combatId, groupId, scope, advantage, disadvantage }: MoraleRequest,
  { user }: RequestContext,
): Promise<RequestResult> {
  if (!optionalRules().morale) return refuse("BRINK.Morale.Refusal.disabled");
  const combat = findCombat(combatId);
  if (!combat) return refuse("BRINK.Morale.Refusal.noCombat");
  const team = combat.groups.get(groupId);
  if (!team) return refuse("BRINK.Morale.Refusal.noTeam");
  const subjects = [...combat.combatants]
    .filter((combatant) => groupIdOf(combatant) === team.id && inTheFight(combatant))
    .flatMap((combatant) => moraleSubject(combatant) ?? []);
  if (subjects.length === 0) return refuse("BRINK.Morale.Refusal.nobody", { team: team.name ?? "" });
  const options: MoraleOptions = {
    scope,
    advantage,
    disadvantage,
  };
  const { result: check, rolls } = await resolveWithFoundryDice((dice) =>
    checkMorale(subjects, options, dice),
  );
  await markCombatants(combat, check.routedIds, "routed");
  await synchronise(combat, user);
  await postCard({ team: team.name ?? "", action: null, check, names: namesIn(combat, check) }, rolls);
  return { ok: true };
}

// --- retreat action ----------------------------------------------------------------------------

const DEX_TEST = { attribute: "dex", skill: null, proficient: false, advantage: 0 } as const;

interface RetreatActionRoll {
  test: RetreatTest | null;
  result: RetreatActionResult;
  morale: MoraleCheck | null;
}

interface RetreatActionRequest extends RetreatActionChoice {
  combatId: string;
  combatantId: string;
}

/** Largest difficulty or modifier a retreat action may name: far above the rules' own, far below 1e300. */
const MAX_ACTION_NUMBER = 100;

const readRetreatAction = (fields: Fields): RetreatActionRequest => ({
  combatId: fields.id("combatId"),
  combatantId: fields.id("combatantId"),
  difficulty: fields.whole("difficulty", 0, MAX_ACTION_NUMBER, 0),
  modifier: fields.whole("modifier", -MAX_ACTION_NUMBER, MAX_ACTION_NUMBER, 0),
  attacksInstead: fields.flag("attacksInstead"),
  hit: fields.flag("hit"),
  followerIds: fields.ids("followerIds"),
});

async function handleRetreatAction(
  { combatId, combatantId, difficulty, modifier, attacksInstead, hit, followerIds }: RetreatActionRequest,
  { user }: RequestContext,
): Promise<RequestResult> {
  const combat = findCombat(combatId);
  if (!combat) return refuse("BRINK.Morale.Refusal.noCombat");
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  if (!combatant || !(actor instanceof BrinkActor)) return refuse("BRINK.Retreat.Action.Refusal.noCombatant");
  if (!inTheFight(combatant))
    return refuse("BRINK.Retreat.Action.Refusal.outOfTheFight", { name: combatant.name ?? "" });
  const followers = followerIds
    .map((id) => combat.combatants.get(id))
    .filter(
      (follower): follower is Combatant.Implementation =>
        !!follower && follower !== combatant && inTheFight(follower),
    );
  const subjects = followers.flatMap((follower) => moraleSubject(follower) ?? []);
  const dexterity = recoveryData(actor).attributes.dex.value;
  // RULES §2: a test like any other, with the luck die and the character's own modifiers.
  const spec = testSpecFor(actor.rolling, { ...DEX_TEST, modifier, difficulty });
  const { result: rolled, rolls } = await resolveWithFoundryDice((dice): RetreatActionRoll => {
    const test = attacksInstead ? null : retreatTestOf(dexterity, resolveTest(spec, difficulty, dice));
    const result = resolveRetreatAction({
      actorId: combatant.id ?? "",
      test,
      hit,
      followerIds: subjects.map((subject) => subject.id),
    });
    const morale = result.followerMorale ? checkMorale(subjects, result.followerMorale.options, dice) : null;
    return { test, result, morale };
  });
  const { result, morale } = rolled;
  if (result.addStatuses.length > 0) await markCombatants(combat, [combatant.id ?? ""], "retreated");
  if (morale && morale.routedIds.length > 0) await markCombatants(combat, morale.routedIds, "routed");
  // The attempt takes the whole turn, whether it works or not.
  if (combat.turnState?.current === combatant.id && typeof combat.resolveEndTurn === "function")
    await combat.resolveEndTurn(user);
  await synchronise(combat, user);
  const name = combatant.name ?? actor.name;
  await postCard(
    {
      team: "",
      action: { name, test: rolled.test, attacksInstead, hit, outcome: result.outcome },
      check: morale,
      names: namesIn(combat, morale),
    },
    rolls,
  );
  return { ok: true };
}

const askMorale = defineRequest({ name: "morale.check", who: "gm", parse: readMorale, handle: handleMorale });
const askRetreatAction = defineRequest({
  name: "retreat.action",
  who: "gm",
  parse: readRetreatAction,
  handle: handleRetreatAction,
});

export interface MoraleChoice {
  scope: MoraleScope;
  advantage: boolean;
  disadvantage: boolean;
}

export async function requestMoraleCheck(
  combatId: string,
  groupId: string,
  choice: MoraleChoice,
): Promise<RequestResult> {
  return askMorale({ combatId, groupId, ...choice });
}

export interface RetreatActionChoice {
  difficulty: number;
  modifier: number;
  attacksInstead: boolean;
  hit: boolean;
  followerIds: string[];
}

export async function requestRetreatAction(
  combatId: string,
  combatantId: string,
  choice: RetreatActionChoice,
): Promise<RequestResult> {
  return askRetreatAction({ combatId, combatantId, ...choice });
}
