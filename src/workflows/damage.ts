/**
 * RULES §4 at the table: applying an attack card's damage to a target, the target's reactions
 * before it (block, parry, dodge), the fortify choice, and the GM's revert. Every change goes
 * through the active GM (requests.ts), which checks the request against the card it came from;
 * a card's entry for a target is applied at most once.
 */
import { updateAttackCard } from "../chat/post";
import {
  AttackCardData,
  entryKey,
  REACTION_KINDS,
  type AppliedEntry,
  type ReactionKind,
  type Applying,
  type AttackCardRecord,
  type ItemRevert,
} from "../data/chat";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import { actorData } from "../data";
import { actorStateOf, actorUpdateFor, writeLife } from "../documents/actor-state";
import {
  refuse,
  defineRequest,
  notifyRefusal,
  requestFromGM,
  type RequestContext,
  type RequestResult,
} from "../requests";
import type { AttackResult, TargetOutcome } from "../rules/attacks";
import { applyDamage, resolveFortify, type ActorState, type Hit } from "../rules/damage-chain";
import { deflectionFor } from "../rules/damage";
import { block, dodge, parry } from "../rules/defences";
import { resolveStrainOrInjury } from "../rules/dying";
import { applyKillingStrike } from "../rules/death";
import { optionalRules } from "../settings";
import { MANUAL_TARGET_ID } from "./attack-card";
import { isDetachment } from "./detachments/in-combat";
import {
  allowedBy,
  announceWrite,
  MODULE_HOOKS,
  validAmount,
  type DamageHookData,
} from "../hooks/module-hooks";
import { giveReactionBack, reactionAvailable, spendReaction, type Fighter } from "./combat-economy";
import { freeDefence } from "./allies/intercept";
import { defenceAdjustment, dodgedDelivery } from "./reaction-offers";
import { defenceItem, defenceItemRevert, durabilityOf } from "./defence-items";
import { applyInjuryItems, revertInjuryItems } from "./injury-items";
import { createCriticalItems } from "./critical-items";
import { badField, FieldRefusal, type Fields } from "../requests/fields";
import { changedSince, planRevert, type RevertRecord } from "./revert-delta";
import { unlike } from "../rules/revert";
import { DAMAGE_REFUSAL } from "../helpers/lang-keys";
import { writes } from "../foundry/typed-writes";

const CHOICES = ["fortify", "fall", "strain", "injury"] as const;
type Choice = (typeof CHOICES)[number];

interface CardRequest {
  messageId: string;
  attack: number;
  target: string;
}

interface Found {
  killed: boolean;
  attack: number;
  message: ChatMessage.Implementation;
  system: AttackCardRecord;
  outcome: TargetOutcome;
  result: AttackResult;
  key: string;
  entry: AppliedEntry | undefined;
  actor: Actor.Implementation;
  /** The target as the turn economy finds its combatant: by its token when the card names one. */
  fighter: Fighter;
}

/** The card, attack and target a request names: ids and a whole index, or the bad field. */
const readCard = (fields: Fields): CardRequest => ({
  messageId: fields.id("messageId"),
  attack: fields.whole("attack", 0, 999),
  target: fields.uuid("target"),
});

/** Finds the card, the attack, the target and its actor, or says what is wrong with the request. */
async function findOnCard(request: CardRequest): Promise<Found | RequestResult> {
  const message = game.messages.get(request.messageId);
  if (!message || message.type !== "attack") return refuse("BRINK.Damage.Refusal.noCard");
  // A card is a record only when the GM's client wrote it; anyone else's is a display (issue 10).
  if (!message.author?.isGM) return refuse("BRINK.Damage.Refusal.notGMCard");
  if (!(message.system instanceof AttackCardData)) return refuse("BRINK.Damage.Refusal.noCard");
  const system = message.system.record;
  if (request.attack >= system.attacks.length)
    return new FieldRefusal("attack", "BRINK.Request.badNumber").refusal;
  const attack = system.attacks[request.attack];
  const outcome = attack?.result.targets.find((t) => t.targetId === request.target);
  if (!attack || !outcome) return refuse("BRINK.Damage.Refusal.noTarget");
  // A target typed into the dialog names no character: there is nothing to apply to or react with.
  if (outcome.targetId === MANUAL_TARGET_ID) return refuse("BRINK.Damage.Refusal.manualTarget");
  const document = await fromUuid(outcome.targetId);
  const actor = (document && "actor" in document ? document.actor : document) as Actor.Implementation | null;
  if (!actor || actor.documentName !== "Actor") return refuse("BRINK.Damage.Refusal.targetGone");
  const token = document?.documentName === "Token" && "parent" in document ? document : null;
  const fighter: Fighter = { actor, token };
  const key = entryKey(request.attack, request.target);
  const killed = attack.killingStrike?.killed === true;
  return {
    attack: request.attack,
    message,
    system,
    outcome,
    result: attack.result,
    key,
    entry: system.applied[key],
    actor,
    killed,
    fighter,
  };
}

const isRefusal = (value: Found | RequestResult): value is RequestResult => "ok" in value;

/**
 * The blow as the card recorded it. The card is the GM's record: the deflection it shows (armour,
 * size difference and Guard's +1, read when the attack was rolled) is the deflection applied, so the
 * damage on the card is the damage taken. A Guard that lapses between the attack and the click
 * still counts; one taken after the attack does not.
 */
function originalHit(found: Found, state: ActorState): Hit {
  const type = found.result.damageType;
  return {
    amount: found.outcome.rawDamage,
    type,
    lethal: !found.system.nonlethal,
    deflectionModifier: found.outcome.deflection - deflectionFor(type, state.deflection),
    ...(isDirect(found) ? { direct: true } : {}),
    ...(found.result.critical ? { critical: true } : {}),
  };
}

/** A direct-damage blow (RULES §7.3): no attack total, so nothing for a dodge to beat. */
const isDirect = (found: Found): boolean => found.system.attacks[found.attack]?.direct !== undefined;

const lifeData = actorData;

/** Prior values win: the revert restores the state before the first change on this entry. */
const mergeRevert = (earlier: Partial<ActorState>, later: Partial<ActorState>): Partial<ActorState> => ({
  ...later,
  ...earlier,
});

async function writeCard(found: Found, entry: AppliedEntry, rolls: BrinkRoll[]): Promise<void> {
  const applied = { ...found.system.applied, [found.key]: entry };
  await updateAttackCard(found.message, found.system, applied, rolls);
}

/** An interceptor's one free defensive reaction on this blow (RULES §3 Intercept), not yet taken. */
const isFree = (found: Found): boolean =>
  freeDefence(found.system, found.attack, found.outcome.targetId, found.entry);

/** The card's target with its rule state: the prepared data and the ActorState the rules take. */
function targetState(found: Found) {
  const system = lifeData(found.actor);
  return { system, state: actorStateOf(system, isFree(found) || reactionAvailable(found.fighter)) };
}

/** The card entry, if the user may answer for its target (the target's owner or the GM). */
async function findForTargetOwner(request: CardRequest, user: User.Implementation) {
  const found = await findOnCard(request);
  if (isRefusal(found)) return found;
  if (!user.isGM && !ownsTarget(found, user)) return refuse("BRINK.Damage.Refusal.notYourCharacter");
  return found;
}

/** The attacker's owners (or a GM) apply the blow; the card names the attacker, as the GM's client wrote it. */
function canUseCard(found: Found, user: User.Implementation): boolean {
  if (user.isGM) return true;
  const attacker = fromUuidSync(found.system.actorUuid);
  return attacker instanceof Actor && attacker.testUserPermission(user, "OWNER");
}
const ownsTarget = (found: Found, user: User.Implementation) => found.actor.testUserPermission(user, "OWNER");

async function handleApply(request: CardRequest, { user }: RequestContext): Promise<RequestResult> {
  const found = await findOnCard(request);
  if (isRefusal(found)) return found;
  if (!canUseCard(found, user)) return refuse("BRINK.Damage.Refusal.notYourCard");
  if (!found.outcome.hit) return refuse("BRINK.Damage.Refusal.missed");
  const { entry } = found;
  if (entry?.status === "applying") return interrupted(found);
  if (entry && entry.status !== "reacted" && entry.status !== "reverted")
    return refuse("BRINK.Damage.Refusal.alreadyApplied");
  if (!user.isGM && wasRevertedByGM(entry)) return refuse("BRINK.Damage.Refusal.revertedByGM");
  const { state } = targetState(found);
  const hit = entry?.status === "reacted" ? entry.pendingHit : originalHit(found, state);
  if (!hit) return refuse("BRINK.Damage.Refusal.nothingToApply");
  // Modules may cancel or change the amount here, on the GM's client: a player's client cannot.
  const damage: DamageHookData = {
    amount: hit.amount,
    type: hit.type,
    lethal: hit.lethal,
    killingStrike: found.killed,
  };
  const context = {
    userId: user.id ?? "",
    messageId: found.message.id ?? "",
    attack: request.attack,
  };
  const name = { name: found.actor.name };
  if (!allowedBy(MODULE_HOOKS.preApplyDamage, found.actor, damage, context))
    return refuse("BRINK.Hooks.Cancelled.damage", name);
  const amount = validAmount(damage.amount);
  if (amount === null) return refuse("BRINK.Hooks.badAmount", name);
  const options = {
    rule: optionalRules().deathRule,
    inCombat: game.combat?.started === true,
    detachment: isDetachment(found.actor),
    ...defenceAdjustment(found.actor, "fortify"),
  };
  const { result, rolls } = found.killed
    ? { result: applyKillingStrike(state, true), rolls: [] }
    : await resolveWithFoundryDice((dice) => applyDamage(state, { ...hit, amount }, dice, options));
  if (!result.ok) return refuse(DAMAGE_REFUSAL[result.reason]);
  const kept = entry?.status === "reacted" ? entry : null;
  const done: AppliedEntry = {
    status: awaiting(result.decision?.kind),
    actorUuid: found.actor.uuid,
    reaction: kept?.reaction ?? null,
    pendingHit: null,
    steps: result.steps,
    revert: mergeRevert(kept?.revert ?? {}, result.revert),
    applied: { ...kept?.applied, ...result.update },
    itemRevert: kept?.itemRevert ?? null,
    reactionSpent: kept?.reactionSpent ?? null,
    ...(wasRevertedByGM(entry) ? { revertedByGM: true } : {}),
    by: user.id ?? "",
  };
  if (!(await markThenWrite(found, done, kept, result, rolls))) return interrupted(found);
  // Critical damage's STR loss (RULES §7.3) is an injury item: made now, deleted by the GM's revert.
  const created = await createCriticalItems(found.actor, result.steps);
  const injuryItems = created.length
    ? {
        created: [...(kept?.injuryItems?.created ?? []), ...created],
        madePermanent: kept?.injuryItems?.madePermanent ?? [],
      }
    : kept?.injuryItems;
  await writeCard(found, injuryItems ? { ...done, injuryItems } : done, []);
  announceWrite(MODULE_HOOKS.applyDamage, found.actor, { ...damage, amount, steps: result.steps }, context);
  return { ok: true };
}

/**
 * Marks the entry "applying" (with everything a revert needs) before the actor is written, then
 * writes the actor: false when that write did not land. A retry then finds the mark, never the
 * blow to apply again; the caller writes the settled entry once the rest is done.
 */
async function markThenWrite(
  found: Found,
  done: AppliedEntry,
  prior: AppliedEntry | null,
  stage: { revert: Partial<ActorState>; update: Partial<ActorState> },
  rolls: BrinkRoll[],
): Promise<boolean> {
  const applying: Applying = {
    status: done.status,
    before: stage.revert,
    after: stage.update,
    prior: prior ? { revert: prior.revert, applied: prior.applied ?? {} } : null,
  };
  await writeCard(found, { ...done, status: "applying", applying }, rolls);
  return writeLife(found.actor, () => lifeData(found.actor), stage.update);
}

/** The GM reverted this entry (a reaction since keeps the mark): applying it again is the GM's call. */
const wasRevertedByGM = (entry: AppliedEntry | undefined): boolean =>
  entry?.status === "reverted" || entry?.revertedByGM === true;

/** A write on this entry was cut short: the GM reverts it (only what landed is given back). */
const interrupted = (found: Found) => refuse("BRINK.Damage.Refusal.interrupted", { name: found.actor.name });

const awaiting = (decision: "fortify" | "strain-or-injury" | undefined): AppliedEntry["status"] =>
  decision === "fortify"
    ? "awaiting-fortify"
    : decision === "strain-or-injury"
      ? "awaiting-strain"
      : "applied";

/** The target's owner answers the choice the chain stopped at: fortify or fall; strain or injury. */
async function handleChoice(
  request: CardRequest & { choice: Choice },
  { user }: RequestContext,
): Promise<RequestResult> {
  const { choice } = request;
  const found = await findForTargetOwner(request, user);
  if (isRefusal(found)) return found;
  const entry = found.entry;
  if (entry?.status === "applying") return interrupted(found);
  if (entry?.status !== "awaiting-fortify" && entry?.status !== "awaiting-strain") {
    return refuse("BRINK.Damage.Refusal.noChoicePending");
  }
  // The answer must be one of the two the pending question offers: never read as the other.
  const offered = entry.status === "awaiting-fortify" ? ["fortify", "fall"] : ["strain", "injury"];
  if (!offered.includes(choice)) return badField("choice");
  const { state } = targetState(found);
  const options = {
    rule: optionalRules().deathRule,
    inCombat: game.combat?.started === true,
    ...defenceAdjustment(found.actor, "fortify"),
  };
  const { result, rolls } = await resolveWithFoundryDice((dice) =>
    entry.status === "awaiting-fortify"
      ? resolveFortify(state, choice === "fortify", dice, options)
      : resolveStrainOrInjury(state, choice === "injury" ? "injury" : "strain", dice),
  );
  if (!result.ok) return refuse("BRINK.Damage.Refusal.noChoicePending");
  const marked: AppliedEntry = {
    ...entry,
    status: awaiting(result.decision?.kind ?? undefined),
    steps: [...entry.steps, ...result.steps],
    revert: mergeRevert(entry.revert, result.revert),
    applied: { ...entry.applied, ...result.update },
  };
  if (!(await markThenWrite(found, marked, entry, result, rolls))) return interrupted(found);
  const fortified =
    choice === "fortify" && !isFree(found) && state.reactionAvailable && state.stamina.value > 0
      ? await spendReaction(found.fighter, "fortify")
      : null;
  const changes = await applyInjuryItems(found.actor, result.steps);
  const next: AppliedEntry = {
    ...marked,
    injuryItems: {
      created: [...(entry.injuryItems?.created ?? []), ...changes.created],
      madePermanent: [...(entry.injuryItems?.madePermanent ?? []), ...changes.madePermanent],
    },
    reactionSpent: entry.reactionSpent ?? fortified,
  };
  await writeCard(found, next, []);
  return { ok: true };
}

async function handleReaction(
  request: CardRequest & { kind: ReactionKind },
  { user }: RequestContext,
): Promise<RequestResult> {
  const { kind } = request;
  const found = await findForTargetOwner(request, user);
  if (isRefusal(found)) return found;
  if (!found.outcome.hit) return refuse("BRINK.Damage.Refusal.missed");
  if (found.entry?.status === "applying") return interrupted(found);
  if (found.entry && found.entry.status !== "reverted") return refuse("BRINK.Damage.Refusal.tooLate");
  if (found.killed) return refuse("BRINK.Damage.Refusal.incapacitated");
  if (kind === "dodge" && isDirect(found)) return refuse("BRINK.Direct.Refusal.dodge");
  const { state } = targetState(found);
  const hit = originalHit(found, state);
  const wielded = kind === "dodge" ? undefined : defenceItem(found.actor, kind);
  if (kind !== "dodge" && !wielded) return refuse(DAMAGE_REFUSAL[`no-item-${kind}`]);
  const item = wielded?.item;
  const { result, rolls } = await resolveWithFoundryDice((dice) => {
    if (kind === "dodge" || !wielded) {
      const { defenceBonuses, defenceEdges } = defenceAdjustment(
        found.actor,
        "dodge",
        dodgedDelivery(found.system.weaponUuid),
      );
      return dodge(state, hit, found.result.total, dice, defenceBonuses, defenceEdges);
    }
    const defence = wielded.data.defenceItem();
    return kind === "block" ? block(state, defence, hit) : parry(state, defence, hit);
  });
  if (!result.ok) return refuse(DAMAGE_REFUSAL[result.reason]);
  let itemRevert: ItemRevert | null = null;
  const itemWrite = item && "item" in result ? { item, durability: result.item.update.durability } : null;
  const source = itemWrite ? durabilityOf(itemWrite.item) : null;
  if (itemWrite && source) {
    const after = { ...source, ...itemWrite.durability };
    itemRevert = { itemId: itemWrite.item.id ?? "", durability: { ...source }, after };
  }
  const done: AppliedEntry = {
    status: result.hit ? "reacted" : "applied",
    actorUuid: found.actor.uuid,
    reaction: { kind, step: result.step, itemName: item?.name ?? null },
    pendingHit: result.hit,
    steps: result.defender.steps,
    revert: result.defender.revert,
    applied: result.defender.update,
    itemRevert,
    reactionSpent: null,
    ...(wasRevertedByGM(found.entry) ? { revertedByGM: true } : {}),
    by: user.id ?? "",
  };
  if (!(await markThenWrite(found, done, null, result.defender, rolls))) return interrupted(found);
  const reactionSpent = isFree(found) ? null : await spendReaction(found.fighter, kind);
  if (itemWrite)
    await itemWrite.item.update(writes.Item.update({ system: { durability: itemWrite.durability } }));
  await writeCard(found, { ...done, reactionSpent }, []);
  return { ok: true };
}

async function handleRevert(request: CardRequest): Promise<RequestResult> {
  const found = await findOnCard(request);
  if (isRefusal(found)) return found;
  const entry = found.entry;
  if (!entry || entry.status === "reverted") return refuse("BRINK.Damage.Refusal.nothingToRevert");
  const record = landedRecord(found, entry);
  if ("ok" in record) return record;
  // A reaction cut short before its actor write landed never reached its item either.
  const itemRevert = record.prior === null ? null : entry.itemRevert;
  const plan = planRevert(found.actor, lifeData(found.actor), record, entry.injuryItems);
  if ("ok" in plan) return plan;
  const itemPlan = defenceItemRevert(found.actor, itemRevert);
  // Items first: a STR loss given back before the conditions are written, so STR 0 never records death again.
  if (entry.injuryItems) await revertInjuryItems(found.actor, entry.injuryItems);
  await found.actor.update(actorUpdateFor(plan, lifeData(found.actor).conditions));
  if (itemPlan && itemPlan !== "gone")
    await itemPlan.item.update(writes.Item.update({ system: { durability: itemPlan.durability } }));
  await giveReactionBack(entry.reactionSpent);
  // A block or parry item deleted since keeps nothing to give back to: the rest is reverted, and the card says so.
  const itemNotRestored = itemPlan === "gone" ? (entry.reaction?.itemName ?? "?") : null;
  const reverted: AppliedEntry = { ...entry, status: "reverted", pendingHit: null, applying: null };
  await writeCard(found, { ...reverted, revertedByGM: true, itemNotRestored }, []);
  if (itemNotRestored !== null)
    ui.notifications?.warn(
      game.i18n.format("BRINK.Damage.Revert.itemGone", { item: itemNotRestored, name: found.actor.name }),
    );
  return { ok: true };
}

/**
 * What the entry changed on the actor. An interrupted entry is read back against the actor: the
 * cut-short write landed (its values are there) or did not (the values before it are there);
 * anything else changed since, and the GM corrects the sheet by hand.
 */
function landedRecord(found: Found, entry: AppliedEntry): (RevertRecord & { prior?: null }) | RequestResult {
  const applying = entry.applying;
  if (entry.status !== "applying" || !applying) return { revert: entry.revert, applied: entry.applied };
  const state = actorStateOf(lifeData(found.actor));
  if (!unlike(state, applying.after).length) return { revert: entry.revert, applied: entry.applied ?? {} };
  if (!unlike(state, applying.before).length)
    return applying.prior ?? { revert: {}, applied: {}, prior: null };
  return changedSince(found.actor, unlike(state, applying.after));
}

defineRequest({ name: "damage.apply", who: "any", parse: readCard, handle: handleApply });

/** A card's blow applied on the GM's client, as its Apply button asks (workflows/damage-by-hand). */
export const applyCardEntry = handleApply;
defineRequest({
  name: "damage.choose",
  who: "any",
  parse: (fields) => ({ ...readCard(fields), choice: fields.oneOf("choice", CHOICES) }),
  handle: handleChoice,
});
defineRequest({
  name: "damage.react",
  who: "any",
  parse: (fields) => ({ ...readCard(fields), kind: fields.oneOf("kind", REACTION_KINDS) }),
  handle: handleReaction,
});
// Only the GM reverts a blow.
defineRequest({ name: "damage.revert", who: "gm", parse: readCard, handle: handleRevert });

/**
 * Client side: a card button's request, as the button names it; the GM's client reads every field
 * again (requests/registry), and a refusal is shown to this user.
 */
export async function requestCardAction(
  action: "apply" | "choose" | "react" | "revert",
  payload: CardRequest & Record<string, unknown>,
): Promise<RequestResult> {
  const result = await requestFromGM(`damage.${action}`, payload);
  notifyRefusal(result);
  return result;
}
