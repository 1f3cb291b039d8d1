/**
 * Life between blows (RULES §4, §6): healing, the dying rule's choices and death saves, an ally
 * stabilising a fallen character, and the clocks that run while someone is dying or down. Each
 * change is one actor update, made by the GM's client when the user does not own the actor, and
 * told in a short chat card listing its steps.
 */
import {
  markLifeCardReverted,
  ownRollMode,
  postLifeCard,
  ROLL_MODES,
  settleLifeCard,
  type CardAudience,
  type RollMode,
} from "../chat/post";
import { isRecordCard, LifeCardData, type LifeRecord } from "../data/chat";
import { badField, type Fields } from "../requests/fields";
import { applyInjuryItems, revertInjuryItems } from "./injury-items";
import { resolveWithFoundryDice } from "../dice";
import { actorData } from "../data";
import { actorStateOf, actorUpdateFor, writeLife } from "../documents/actor-state";
import { changedSince, planRevert } from "./revert-delta";
import { unlike } from "../rules/revert";
import type { BrinkRoll } from "../dice";
import { refuse, defineRequest, GM_ONLY, type RequestContext, type RequestResult } from "../requests";
import { applyHealing, type ActorState, type Outcome } from "../rules/damage-chain";
import { isDieRating, type DiceSource, type DieRating } from "../rules/dice";
import {
  endDyingTurn,
  resolveStrainOrInjury,
  resurrect,
  rollDeathSave,
  stabiliseDying,
  type HealingKind,
} from "../rules/dying";
import { stepDown } from "../rules/characters";
import { endDownedRound, endFightForDowned, stabiliseDowned } from "../rules/stabilise";
import { aidCritical, passCriticalTime } from "../rules/critical-damage";
import { optionalRules } from "../settings";
import { deathLuckTestByHand } from "../rules/death-luck-test";

import { postTestCard } from "../chat/post";
import { testSpecFor } from "../documents/actor-rolls";
import { BrinkActor } from "../documents/actor";
import { stabiliseDifficulty } from "../rules/dying";
import { resolveTest } from "../rules/tests";
import { stabiliseRound, queueClockWork } from "./clock-time";
import { spendTending, tenderRefusal } from "./tending";
import { noteDownedAttempt, stabiliseAttemptRefusal } from "../rules/world-clock";
import { LIFE_ACTION, LIFE_REFUSAL, type LifeRefusal } from "../helpers/lang-keys";

export type LifeAction =
  | { kind: "heal"; amount: number; pool: "health" | "endurance"; healing: HealingKind }
  | { kind: "strain-or-injury"; choice: "strain" | "injury" }
  | { kind: "death-save" }
  /** `by`: the tending ally's actor id; the writing client rolls the ally's Heal test itself. */
  | { kind: "stabilise"; hasHealingTools: boolean; by: string }
  | { kind: "resurrect" }
  /** RULES §4 by hand: the GM rolls a death luck test for a character at zero health. */
  | { kind: "death-luck" };

const lifeData = actorData;

const POOLS = ["health", "endurance"] as const;
const HEALING_KINDS: readonly HealingKind[] = ["easy", "natural", "free"];
const LIFE_KINDS = [
  "heal",
  "strain-or-injury",
  "death-save",
  "stabilise",
  "resurrect",
  "death-luck",
] as const;
/** Far above any heal the rules can give, far below what could overflow a pool. */
const MAX_HEAL = 1000;

/** A relayed life action, field by field: a bad field is refused by name. */
function readAction(fields: Fields): LifeAction {
  const kind = fields.oneOf("kind", LIFE_KINDS);
  switch (kind) {
    case "heal":
      return {
        kind,
        amount: fields.whole("amount", 0, MAX_HEAL),
        pool: fields.oneOf("pool", POOLS),
        healing: fields.oneOf("healing", HEALING_KINDS),
      };
    case "strain-or-injury":
      return { kind, choice: fields.oneOf("choice", ["strain", "injury"] as const) };
    case "stabilise":
      return { kind, hasHealingTools: fields.flag("hasHealingTools"), by: fields.id("by") };
    default:
      return { kind };
  }
}

interface LifeAsk {
  actorUuid: string;
  action: LifeAction;
  rollMode: RollMode;
}

const readLife = (fields: Fields): LifeAsk => ({
  actorUuid: fields.uuid("actorUuid"),
  action: readAction(fields.record("action")),
  rollMode: fields.oneOf("rollMode", ROLL_MODES),
});

/**
 * The tending ally's WIS + Heal test (RULES §6), rolled on the client that writes the target: for
 * a player tending someone else's character that is the GM's client, so no heal total a player's
 * client sent is ever trusted (issue 10: the request carries only who tends and with what tools).
 */
async function tend(ally: BrinkActor, target: Actor.Implementation, tools: boolean) {
  const difficulty = stabiliseDifficulty(tools);
  const choice = {
    attribute: "wis",
    skill: "heal",
    proficient: false,
    modifier: 0,
    advantage: 0,
    difficulty,
  } as const;
  const spec = testSpecFor(ally.rolling, choice);
  const { result, rolls } = await resolveWithFoundryDice((dice) => resolveTest(spec, difficulty, dice));
  await postTestCard(
    ally,
    game.i18n.format("BRINK.Life.Action.stabilise", { name: target.name }),
    choice,
    result,
    rolls,
  );
  return result;
}

function ruleFor(
  action: LifeAction,
  state: ActorState,
  dice: DiceSource,
  { healTotal, tendDifficulty, ownCon }: { healTotal: number; tendDifficulty: number; ownCon: DieRating },
  round: number,
): Outcome<LifeRefusal> {
  const rule = optionalRules().deathRule;
  switch (action.kind) {
    case "heal":
      return applyHealing(
        state,
        { amount: action.amount, pool: action.pool, kind: action.healing },
        dice,
        rule,
      );
    case "strain-or-injury":
      return resolveStrainOrInjury(state, action.choice, dice);
    case "death-save":
      return rollDeathSave(state, dice);
    case "resurrect":
      return resurrect(state, ownCon);
    case "death-luck":
      return deathLuckTestByHand(state, dice, rule);
    case "stabilise":
      // RULES §7.3: tending the critically wounded ends the hour's clock, under any death rule.
      if (state.critical) return aidCritical(state, { total: healTotal, difficulty: tendDifficulty }, round);
      if (rule === "stabilise") return stabiliseDowned(state, dice);
      return stabiliseDying(state, {
        healTotal,
        hasHealingTools: action.hasHealingTools,
        round,
      });
  }
}

/** The CON die the character holds, as stored: no effect's change counted. */
function ownConOf(actor: Actor.Implementation): DieRating {
  const die = foundry.utils.getProperty(actor._source, "system.attributes.con.die");
  return isDieRating(die) ? die : 0;
}

/** Runs a life action on an actor this client may write (the GM's, or the owner's with no GM connected). */
export async function performLifeAction(
  actor: Actor.Implementation,
  action: LifeAction,
  audience?: CardAudience,
  asker?: User.Implementation,
): Promise<RequestResult> {
  let healTotal = 0;
  let tendDifficulty = 0;
  const round = stabiliseRound(actor);
  if (action.kind === "stabilise") {
    const ally = game.actors.get(action.by);
    if (!(ally instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
    // One ally per round: the dying rule's in every round, the stabilise rule's out of combat (six seconds).
    const limited = optionalRules().deathRule === "dying" || round < 0;
    const tried = limited ? stabiliseAttemptRefusal(actorStateOf(lifeData(actor)), round) : null;
    if (tried) return refuse(LIFE_REFUSAL[tried]);
    // RULES §6: the tending is an action of an ally who can act (in a fight, on that ally's turn).
    const unable = tenderRefusal(ally) ?? (asker ? await spendTending(ally, asker) : null);
    if (unable) return unable;
    const test = await tend(ally, actor, action.hasHealingTools);
    tendDifficulty = test.difficulty;
    const critical = lifeData(actor).lifeTracks().critical !== null;
    // Under the stabilise rule the tending succeeds or not here; the dying rule compares the total itself.
    if (!critical && optionalRules().deathRule === "stabilise" && !test.success)
      return limited ? noteFailedTending(actor, round, test, audience) : { ok: true };
    healTotal = test.total;
  }
  const system = lifeData(actor);
  // Resurrection lowers the character's own CON die for good (stored, before any effect), and the
  // rules refuse by that same die: an effect that raises or lowers CON is never written back.
  const ownCon = ownConOf(actor);
  const { result, rolls } = await resolveWithFoundryDice((dice) =>
    ruleFor(action, actorStateOf(system), dice, { healTotal, tendDifficulty, ownCon }, round),
  );
  if (!result.ok) return refuse(LIFE_REFUSAL[result.reason]);
  const conDie = action.kind === "resurrect" ? { before: ownCon, after: stepDown(ownCon) } : undefined;
  const extra = conDie ? { [CON_DIE]: conDie.after } : {};
  return recordThenWrite(actor, LIFE_ACTION[action.kind], result, rolls, extra, audience, conDie);
}

/** Out of combat, a downed character keeps the six seconds of a failed tending (one ally per six seconds). */
async function noteFailedTending(
  actor: Actor.Implementation,
  round: number,
  test: { total: number; difficulty: number },
  audience?: CardAudience,
): Promise<RequestResult> {
  const noted = noteDownedAttempt(actorStateOf(lifeData(actor)), round, test);
  if (!noted.ok) return refuse(LIFE_REFUSAL[noted.reason]);
  return recordThenWrite(actor, "BRINK.Life.Action.stabilise", noted, [], {}, audience);
}

/**
 * The card and its record first (marked "applying"), then the actor, then the card marked done
 * with the injury items it made: a retry or a failed write never leaves effects without their
 * record, and the GM's revert reads an interrupted card back against the actor (issue 10).
 */
async function recordThenWrite(
  actor: Actor.Implementation,
  titleKey: string,
  result: Extract<Outcome<string>, { ok: true }>,
  rolls: BrinkRoll[],
  extra: Record<string, unknown> = {},
  audience?: CardAudience,
  conDie?: LifeRecord["conDie"],
): Promise<RequestResult> {
  const record = { revert: result.revert, applied: result.update };
  const card = await postLifeCard(actor, titleKey, result.steps, rolls, record, audience, conDie);
  if (!card || !(await writeLife(actor, () => lifeData(actor), result.update, extra)))
    return refuse("BRINK.Damage.Refusal.interrupted", { name: actor.name });
  const injuryItems = await applyInjuryItems(actor, result.steps);
  await settleLifeCard(card, injuryItems);
  return { ok: true };
}

async function handleLifeRequest(
  { actorUuid, action, rollMode }: LifeAsk,
  { user }: RequestContext,
): Promise<RequestResult> {
  const actor = await fromUuid(actorUuid);
  if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  // An ally may stabilise anyone; only the GM raises the dead; everything else needs ownership.
  const owner = actor.testUserPermission(user, "OWNER");
  if ((action.kind === "resurrect" || action.kind === "death-luck") && !user.isGM) return refuse(GM_ONLY);
  if (action.kind !== "stabilise" && !owner) return refuse("BRINK.Damage.Refusal.notYourCharacter");
  if (action.kind === "stabilise") {
    // The tending ally must be the asker's own character (or any, for the GM).
    const ally = game.actors.get(action.by);
    if (!ally || ally.id === actor.id) return badField("by");
    if (!ally.testUserPermission(user, "OWNER")) return refuse("BRINK.Damage.Refusal.notYourCharacter");
  }
  return performLifeAction(actor, action, { rollMode, userId: user.id ?? "" }, user);
}

const askLife = defineRequest({ name: "life", who: "any", parse: readLife, handle: handleLifeRequest });

/**
 * Heal, choose, save or stabilise. The active GM's client does it and writes the card, so the GM
 * can revert it. With no GM connected it waits: the death track and strain are GM-only fields the
 * server would refuse from a player's client (issue 23).
 */
export function lifeAction(actor: Actor.Implementation, action: LifeAction): Promise<RequestResult> {
  return askLife({ actorUuid: actor.uuid, action, rollMode: ownRollMode() });
}

/** The GM's client advances the dying and downed clocks; players' clients do nothing. */
export async function advanceClock(
  actor: Actor.Implementation,
  advance: (state: ActorState) => Outcome<string>,
) {
  const system = lifeData(actor);
  const result = advance(actorStateOf(system));
  if (!result.ok || !Object.keys(result.update).length) return;
  const written = await recordThenWrite(actor, "BRINK.Life.Action.clock", result, []);
  if (!written.ok) console.warn(`Brink | the clock write on ${actor.name} was interrupted; see its card.`);
}

const isActiveGM = (): boolean => game.users.activeGM?.isSelf === true;

/** S2: a dying character's own turn has ended. */
export async function onTurnEnd(actor: Actor.Implementation | null | undefined): Promise<void> {
  if (!actor || !isActiveGM() || optionalRules().deathRule !== "dying" || !actor.statuses.has("dying"))
    return;
  await advanceClock(actor, endDyingTurn);
}

/** S1: another round has passed for everyone down in this fight; and for the critically wounded (§7.3). */
export async function onRoundEnd(actors: Iterable<Actor.Implementation>): Promise<void> {
  if (!isActiveGM()) return;
  const downedRule = optionalRules().deathRule === "stabilise";
  for (const actor of actors) {
    const death = lifeData(actor).death;
    if (death.critical) await advanceClock(actor, (state) => passCriticalTime(state, 1));
    if (downedRule && death.downed) await advanceClock(actor, endDownedRound);
  }
}

/** S1: the fight is over; whoever is still down has only the ten-round clock left. */
export async function onCombatEnd(actors: Iterable<Actor.Implementation>): Promise<void> {
  if (!isActiveGM() || optionalRules().deathRule !== "stabilise") return;
  for (const actor of actors) if (lifeData(actor).death.downed) await advanceClock(actor, endFightForDowned);
}

const CON_DIE = "system.attributes.con.die";

/**
 * A resurrection's own CON die back, in the revert's one write — unless the die has changed since
 * (the GM set it by hand), which the revert leaves as it is.
 */
function conDieBack(actor: Actor.Implementation, record: LifeRecord): Record<string, number> {
  const { before, after } = record.conDie ?? { before: 0, after: 0 };
  return before > 0 && ownConOf(actor) === after ? { [CON_DIE]: before } : {};
}

async function handleRevert({ messageId }: { messageId: string }): Promise<RequestResult> {
  const message = game.messages.get(messageId);
  if (!message || !(message.system instanceof LifeCardData)) return refuse("BRINK.Damage.Refusal.noCard");
  // A card is a record only when the GM's client wrote it; anyone else's is a display (issue 10).
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  const record = message.system.record;
  if (record.reverted) return refuse("BRINK.Damage.Refusal.nothingToRevert");
  const actor = (await fromUuid(record.actorUuid)) as Actor.Implementation | null;
  if (!actor) return refuse("BRINK.Damage.Refusal.targetGone");
  // An interrupted card: its write landed (its values are there) or not (nothing to give back).
  const state = actorStateOf(lifeData(actor));
  const landed = !record.applying || !unlike(state, record.applied ?? {}).length;
  if (!landed && unlike(state, record.revert).length)
    return changedSince(actor, unlike(state, record.revert));
  if (landed) {
    const plan = planRevert(actor, lifeData(actor), record, record.injuryItems);
    if ("ok" in plan) return plan;
    await actor.update({ ...actorUpdateFor(plan, lifeData(actor).conditions), ...conDieBack(actor, record) });
    if (record.injuryItems) await revertInjuryItems(actor, record.injuryItems);
  }
  await markLifeCardReverted(message, record);
  return { ok: true };
}

// Only the GM reverts a life card.
const askRevert = defineRequest({
  name: "life.revert",
  who: "gm",
  parse: (fields) => ({ messageId: fields.id("messageId") }),
  handle: handleRevert,
});

/** The GM's Revert button on a life card. */
export const revertLifeCard = (messageId: string): Promise<RequestResult> => askRevert({ messageId });

/** The dying and downed clocks follow Brink's combat hooks (documents/combat fires them on every client). */
export function registerLifeClocks(): void {
  // Brink's own hooks (docs/module-api.md), declared for the compiler in types/combat-config.d.ts.
  Hooks.on("brink.turnEnd", (_combat, combatant) => queueClockWork(() => onTurnEnd(combatant?.actor)));
  Hooks.on("brink.roundEnd", (combat) => queueClockWork(() => onRoundEnd(actorsIn(combat))));
  Hooks.on("deleteCombat", (combat) => queueClockWork(() => onCombatEnd(actorsIn(combat))));
}

function actorsIn(combat: Combat.Implementation): Actor.Implementation[] {
  return combat.combatants.contents.flatMap((c) => (c.actor ? [c.actor] : []));
}
