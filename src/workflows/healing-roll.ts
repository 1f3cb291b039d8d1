/**
 * Healing rolls (RULES §4, §6). The GM's client rolls the healing dice and writes the card, so the
 * amount is its own; *Apply healing* asks it to heal the actors the user picked (their targeted
 * tokens, or their own character). Each actor the user owns is healed from one card at most once,
 * following the active death rule, and each heal posts its own life card the GM can revert.
 */
import { ownRollMode, postHealingCard, ROLL_MODES, type CardAudience } from "../chat/post";
import { HEALING_KINDS, HEALING_POOLS, HealingCardData, isRecordCard } from "../data/chat";
import { BrinkRoll } from "../dice";
import { BrinkActor } from "../documents/actor";
import {
  defineRequest,
  refuse,
  rollsMayAskThisUser,
  type RequestContext,
  type RequestResult,
} from "../requests";
import { FieldRefusal, need, textField, type Fields } from "../requests/fields";
import type { HealingKind } from "../rules/dying";
import { performLifeAction } from "./life";
import { writes } from "../foundry/typed-writes";

export interface HealingRollOptions {
  pool?: "health" | "endurance";
  kind?: HealingKind;
  label?: string;
}

/** [decision] A healing formula is dice and a bonus ("1d8", "2d4+1"): no more than 20 dice of up to 100 sides. */
const FORMULA = /^\s*([1-9]|1\d|20)?d([2-9]|[1-9]\d|100)\s*([+-]\s*\d{1,2})?\s*$/;
/** More actors than one click of Apply healing reaches. */
const MAX_RECIPIENTS = 50;

interface HealingAsk {
  formula: string;
  pool: "health" | "endurance";
  kind: HealingKind;
  label: string;
  rollMode: CardAudience["rollMode"];
}

function readRoll(fields: Fields): HealingAsk {
  const formula = fields.text("formula", 40);
  if (!FORMULA.test(formula)) throw new FieldRefusal("formula");
  return {
    formula,
    pool: fields.oneOf("pool", HEALING_POOLS),
    kind: fields.oneOf("kind", HEALING_KINDS),
    label: need(textField(fields.raw("label")) || undefined, "label"),
    rollMode: fields.oneOf("rollMode", ROLL_MODES),
  };
}

async function handleRoll(
  ask: HealingAsk,
  { user }: RequestContext,
): Promise<RequestResult<{ messageId: string }>> {
  const roll = new BrinkRoll(ask.formula);
  await roll.evaluate({ allowInteractive: rollsMayAskThisUser() });
  const card = await postHealingCard({ ...ask, amount: Math.max(0, Number(roll.total)) }, roll, user, {
    rollMode: ask.rollMode,
    userId: user.id ?? "",
  });
  return { ok: true, messageId: card?.id ?? "" };
}

interface HealingApply {
  messageId: string;
  actorUuids: string[];
}

function readApply(fields: Fields): HealingApply {
  return {
    messageId: fields.id("messageId"),
    actorUuids: fields.distinctUuids("actorUuids", 1, MAX_RECIPIENTS),
  };
}

/** The actors to heal, each owned by the asker and not yet healed from this card; or why not. */
async function recipientsFor(uuids: string[], card: HealingCardData, user: User.Implementation) {
  const actors: Actor.Implementation[] = [];
  for (const uuid of uuids) {
    const actor = await fromUuid(uuid);
    if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
    if (!actor.testUserPermission(user, "OWNER")) return refuse("BRINK.Damage.Refusal.notYourCharacter");
    if (card.healed.includes(actor.uuid))
      return refuse("BRINK.Life.HealingRoll.alreadyHealed", { name: actor.name });
    actors.push(actor);
  }
  return actors;
}

async function handleApply(ask: HealingApply, { user }: RequestContext): Promise<RequestResult> {
  const message = game.messages.get(ask.messageId);
  const card = message?.system;
  if (!message || !(card instanceof HealingCardData)) return refuse("BRINK.Damage.Refusal.noCard");
  if (!isRecordCard(message)) return refuse("BRINK.Damage.Refusal.notGMCard");
  const actors = await recipientsFor(ask.actorUuids, card, user);
  if (!Array.isArray(actors)) return actors;
  // The card names whom it healed before anyone is healed: a retry or a second click finds them there.
  const healed = [...card.healed, ...actors.map((actor) => actor.uuid)];
  await message.update(writes.ChatMessage.update({ system: { healed } }));
  const audience = { rollMode: "publicroll" as const, userId: user.id ?? "" };
  for (const actor of actors) {
    const action = { kind: "heal", amount: card.amount, pool: card.pool, healing: card.kind } as const;
    const result = await performLifeAction(actor, action, audience);
    if (!result.ok) return result;
  }
  return { ok: true };
}

const askRoll = defineRequest({ name: "healing.roll", who: "any", parse: readRoll, handle: handleRoll });
const askApply = defineRequest({ name: "healing.apply", who: "any", parse: readApply, handle: handleApply });

/** Asks the GM's client to roll a healing formula ("1d8", "2d4+1") and post its card. */
export async function rollHealing(formula: string, options: HealingRollOptions = {}) {
  const result = await askRoll({
    formula,
    pool: options.pool ?? "health",
    kind: options.kind ?? "natural",
    label: options.label || game.i18n.localize("BRINK.Life.HealingRoll.title"),
    rollMode: ownRollMode(),
  });
  return result.ok ? game.messages.get(result.messageId) : undefined;
}

/** The targeted tokens' actors, or this user's own character when nothing is targeted. */
function recipients(): Actor.Implementation[] {
  const targeted = [...game.user.targets].flatMap((token) => (token.actor ? [token.actor] : []));
  if (targeted.length) return targeted;
  return game.user.character ? [game.user.character] : [];
}

export async function applyHealingCard(message: ChatMessage.Implementation): Promise<RequestResult> {
  const actors = recipients();
  if (!actors.length) {
    ui.notifications?.warn(game.i18n.localize("BRINK.Life.HealingRoll.noTarget"));
    return refuse("BRINK.Life.HealingRoll.noTarget");
  }
  return askApply({
    messageId: message.id ?? "",
    actorUuids: [...new Set(actors.map((actor) => actor.uuid))],
  });
}
