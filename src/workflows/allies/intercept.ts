/**
 * RULES §3 Intercept on the attack card: a character within 1 m of an ally an attack hit steps in
 * (its reaction, 1 stamina). The GM's client checks the card, the reach, the team and the cost
 * before anything is written, then rewrites the card's record so the interceptor is the target,
 * judged against its own evasion with the card's recorded total; the interceptor may then take one
 * defensive reaction free (workflows/damage asks `freeDefence`). Only before damage was applied,
 * once per blow; the GM reverts it from the card.
 */
import {
  AttackCardData,
  attackCardContext,
  entryKey,
  renderCard,
  type AppliedEntry,
  type AttackCardRecord,
  type AttackRecord,
  type InterceptRecord,
} from "../../data/chat";
import { actorData } from "../../data";
import { BrinkActor } from "../../documents/actor";
import { defineRequest, refuse, type RequestResult } from "../../requests";
import type { Fields } from "../../requests/fields";
import { INTERCEPT_REACH, interceptedOutcome } from "../../rules/allies";
import { canActWith } from "../../rules/team-turns";
import { createEconomy, spendReaction as spendReactionRule } from "../../rules/turn-economy";
import { guardedDefender } from "../attack-card";
import { tokensWithin } from "../attack-targets";
import { combatantOf, giveReactionBack, type Fighter } from "../combat-economy";
import { ECONOMY_REFUSAL } from "../../helpers/lang-keys";
import { writes } from "../../foundry/typed-writes";

export interface InterceptAsk {
  messageId: string;
  attack: number;
  /** The ally the attack hit, as the card names it. */
  target: string;
  /** The interceptor's token. */
  interceptor: string;
}

const readAsk = (fields: Fields): InterceptAsk => ({
  messageId: fields.id("messageId"),
  attack: fields.whole("attack", 0, 999),
  target: fields.uuid("target"),
  interceptor: fields.uuid("interceptor"),
});

interface TokenLike {
  documentName: string;
  uuid: string;
  name: string;
  disposition: number;
  texture: { src?: string | null };
  actor: Actor.Implementation | null;
  id: string | null;
  parent: { id: string | null } | null;
}
const asToken = (value: unknown): TokenLike | null =>
  typeof value === "object" &&
  value !== null &&
  (value as { documentName?: unknown }).documentName === "Token"
    ? (value as TokenLike)
    : null;

/** The GM-written attack card a request names, with its record. */
function cardOf(messageId: string): { message: ChatMessage.Implementation; record: AttackCardRecord } | null {
  const message = game.messages.get(messageId);
  if (!message || message.type !== "attack" || !message.author?.isGM) return null;
  return message.system instanceof AttackCardData ? { message, record: message.system.record } : null;
}

const fighterOf = (token: TokenLike): Fighter | null =>
  token.actor ? { actor: token.actor, token: { id: token.id, parent: token.parent } } : null;

/** Allies: the same team in a running combat when both fight in it, else the same token disposition. */
function allied(a: TokenLike, b: TokenLike): boolean {
  const fa = fighterOf(a);
  const fb = fighterOf(b);
  const ca = fa ? combatantOf(fa) : undefined;
  const cb = fb ? combatantOf(fb) : undefined;
  if (ca && cb && ca.combat === cb.combat) return ca.teamId !== null && ca.teamId === cb.teamId;
  return a.disposition === b.disposition;
}

/** Whether the interceptor may still take its free defensive reaction on this blow. */
export function freeDefence(
  record: AttackCardRecord,
  attack: number,
  target: string,
  entry: AppliedEntry | undefined,
): boolean {
  const intercepted = record.attacks[attack]?.intercepts?.some((i) => i.active && i.by === target) === true;
  return intercepted && !entry?.reaction && !entry?.reactionSpent;
}

async function writeAttacks(
  message: ChatMessage.Implementation,
  record: AttackCardRecord,
  attacks: AttackRecord[],
): Promise<void> {
  const next = { ...record, attacks };
  const content = await renderCard(
    "chat/attack-card.hbs",
    attackCardContext(next, null, message.speaker?.alias),
  );
  await message.update(writes.ChatMessage.update({ content, system: { attacks } }));
}

async function handleIntercept(ask: InterceptAsk, user: User.Implementation): Promise<RequestResult> {
  const card = cardOf(ask.messageId);
  if (!card) return refuse("BRINK.Damage.Refusal.noCard");
  const { message, record } = card;
  const attack = record.attacks[ask.attack];
  const index = attack?.result.targets.findIndex((t) => t.targetId === ask.target) ?? -1;
  const original = attack?.result.targets[index];
  if (!attack || !original) return refuse("BRINK.Damage.Refusal.noTarget");
  const token = asToken(fromUuidSync(ask.interceptor));
  const ally = asToken(fromUuidSync(ask.target));
  const actor = token?.actor;
  if (!token || !ally || !(actor instanceof BrinkActor)) return refuse("BRINK.Allies.Refusal.noTarget");
  if (!user.isGM && !actor.testUserPermission(user, "OWNER"))
    return refuse("BRINK.Damage.Refusal.notYourCharacter");
  const name = { name: token.name };
  if (attack.killingStrike) return refuse("BRINK.Allies.Refusal.killingStrike");
  if (!original.hit) return refuse("BRINK.Damage.Refusal.missed");
  if (record.applied[entryKey(ask.attack, ask.target)]) return refuse("BRINK.Allies.Refusal.tooLate");
  if (attack.intercepts?.some((i) => i.active && (i.by === ask.target || i.from === ask.target)))
    return refuse("BRINK.Allies.Refusal.alreadyIntercepted");
  if (token.uuid === ally.uuid || attack.result.targets.some((t) => t.targetId === token.uuid))
    return refuse("BRINK.Allies.Refusal.alreadyTarget", name);
  if (!allied(token, ally)) return refuse("BRINK.Allies.Refusal.notAlly", name);
  if (!tokensWithin(token.uuid, ally.uuid, INTERCEPT_REACH))
    return refuse("BRINK.Allies.Refusal.tooFar", name);
  if (!canActWith(actor.statuses)) return refuse("BRINK.Allies.Refusal.cannotAct", name);
  const fighter: Fighter = { actor, token: { id: token.id, parent: token.parent } };
  const combatant = combatantOf(fighter);
  const system = actorData(actor);
  const resources = { stamina: system.stamina.value, focus: system.focus.value };
  const economy = combatant?.economy;
  // Outside combat a character always has its reaction (combat-economy.ts).
  const spent = spendReactionRule(economy ?? createEconomy(), "intercept", resources);
  if (!spent.ok) return refuse(ECONOMY_REFUSAL[spent.reason], name);
  const attacker = fromUuidSync(record.actorUuid);
  if (!(attacker instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  const outcome = interceptedOutcome(
    original,
    {
      total: attack.result.total,
      critical: attack.result.critical,
      damageType: attack.result.damageType,
      attackerSize: attacker.rolling.attacker(0).size,
    },
    guardedDefender(token.uuid, actor),
  );
  // The cost first, then the card that records it, so a revert always finds what was paid.
  await actor.update({ system: { stamina: { value: resources.stamina - spent.spent.stamina } } });
  let reactionSpent: InterceptRecord["reactionSpent"] = null;
  const combat = combatant?.combat;
  if (combatant && combat) {
    const { round, turn } = combat.clock;
    await combatant.update({ system: { ...spent.economy, stamp: { round, turn } } });
    reactionSpent = { combatantUuid: combatant.uuid, round };
  }
  const intercept: InterceptRecord = {
    from: ask.target,
    by: token.uuid,
    original,
    stamina: spent.spent.stamina,
    reactionSpent,
    active: true,
  };
  const targets = attack.result.targets.map((t, i) => (i === index ? outcome : t));
  const info = { uuid: token.uuid, name: token.name, img: token.texture.src ?? "icons/svg/mystery-man.svg" };
  const next: AttackRecord = {
    ...attack,
    result: { ...attack.result, targets },
    targets: [...attack.targets.filter((t) => t.uuid !== token.uuid), info],
    intercepts: [...(attack.intercepts ?? []), intercept],
  };
  await writeAttacks(
    message,
    record,
    record.attacks.map((a, i) => (i === ask.attack ? next : a)),
  );
  return { ok: true };
}

interface RevertAsk {
  messageId: string;
  attack: number;
  /** The interceptor, as the card's outcome now names it. */
  target: string;
}

/** The GM's revert: the ally is the target again; the stamina and reaction come back. */
async function handleRevert(ask: RevertAsk): Promise<RequestResult> {
  const card = cardOf(ask.messageId);
  if (!card) return refuse("BRINK.Damage.Refusal.noCard");
  const { message, record } = card;
  const attack = record.attacks[ask.attack];
  const intercept = attack?.intercepts?.find((i) => i.active && i.by === ask.target);
  if (!attack || !intercept) return refuse("BRINK.Allies.Refusal.nothingToRevert");
  const entry = record.applied[entryKey(ask.attack, ask.target)];
  if (entry && entry.status !== "reverted") return refuse("BRINK.Allies.Refusal.revertDamageFirst");
  const token = asToken(fromUuidSync(intercept.by));
  const actor = token?.actor;
  if (actor && intercept.stamina > 0) {
    const { value, max } = actorData(actor).stamina;
    await actor.update({ system: { stamina: { value: Math.min(max, value + intercept.stamina) } } });
  }
  await giveReactionBack(intercept.reactionSpent);
  const targets = attack.result.targets.map((t) => (t.targetId === ask.target ? intercept.original : t));
  const intercepts = (attack.intercepts ?? []).map((i) => (i === intercept ? { ...i, active: false } : i));
  const next: AttackRecord = { ...attack, result: { ...attack.result, targets }, intercepts };
  await writeAttacks(
    message,
    record,
    record.attacks.map((a, i) => (i === ask.attack ? next : a)),
  );
  return { ok: true };
}

const askRevert = defineRequest<RevertAsk>({
  name: "allies.revertIntercept",
  who: "gm",
  parse: (fields) => ({
    messageId: fields.id("messageId"),
    attack: fields.whole("attack", 0, 999),
    target: fields.uuid("target"),
  }),
  handle: handleRevert,
});

/** The GM's side of the card's Revert intercept button. */
export const requestInterceptRevert = (ask: RevertAsk): Promise<RequestResult> => askRevert(ask);

const askIntercept = defineRequest<InterceptAsk>({
  name: "allies.intercept",
  who: "any",
  parse: readAsk,
  handle: (ask, { user }) => handleIntercept(ask, user),
});

/** The asker's side: the GM's client checks and writes; a refusal is shown to this user. */
export const requestIntercept = (ask: InterceptAsk): Promise<RequestResult> => askIntercept(ask);
