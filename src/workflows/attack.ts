/**
 * An attack, asked for by whoever owns the attacker and carried out by the active GM's client
 * (issue 10: GM-written records). The asker sends only what they chose: the weapon, the tokens,
 * the dialog's options and their roll mode. The GM's client checks each, reads the attacker, the
 * targets and where everyone stands from the world, spends the attack's actions, rolls, and writes
 * the card, so the card is the GM's record and no player can edit what damage it later applies.
 */
import { ROLL_MODES, type RollMode } from "../chat/post";
import type { AttackChoice } from "../documents/actor";
import { BrinkActor } from "../documents/actor";
import { actorData, itemData, WeaponData } from "../data";
import type { AttackWeapon } from "../rules/attacks";
import { ATTRIBUTES, fightBlocker, type Attribute, type FightBlocker } from "../rules/characters";
import { CONDITIONS_PREVENTING_FIGHTS, type FightPreventingCondition } from "../rules/dying";
import { defineRequest, isRefusal, refuse, type RequestContext, type RequestResult } from "../requests";
import type { Fields } from "../requests/fields";
import { rollAttackCard, type AttackTargetToken, type ManualDefences } from "./attack-card";
import { attackTargets } from "./attack-targets";
import { attacksWithBlast } from "./detachments/in-combat";
import { combatantOf } from "./combat-economy";
import type { BrinkCombatant } from "../documents/combatant";
import { KILLING_STRIKE } from "../rules/turn-economy";
import { optionalRules } from "../settings";
import { ATTACK_REFUSAL, UNFIT_REFUSAL, type AttackChoiceRefusal } from "../helpers/lang-keys";

/** [decision] The largest situational modifier a player may claim in the attack dialog. */
export const MAX_MODIFIER = 20;
/** [decision] More targets than any table's scene holds for one attack. */
const MAX_TARGETS = 50;
/** [decision] The highest evasion and deflection a player may type for a target with no token. */
export const MAX_MANUAL_EVASION = 30;
export const MAX_MANUAL_DEFLECTION = 20;

/** What the asker chose; everything else the GM's client reads for itself. */
export interface AttackAsk {
  actorUuid: string;
  weaponId: string;
  targets: string[];
  choice: AttackChoice;
  rollMode: RollMode;
  /** With no token targeted (theatre of the mind): the defences the table agreed on, typed in. */
  manual?: ManualDefences | null;
}

function readChoice(fields: Fields): AttackChoice {
  return {
    attribute: fields.oneOf<Attribute>("attribute", ATTRIBUTES),
    sneak: fields.flag("sneak"),
    flanking: fields.flag("flanking"),
    advantage: fields.whole("advantage", -2, 2),
    modifier: fields.whole("modifier", -MAX_MODIFIER, MAX_MODIFIER),
    killingStrike: fields.flag("killingStrike"),
  };
}

/** Typed defences are read like any other field: whole numbers in range, or the request is refused. */
const readManual = (fields: Fields): ManualDefences => ({
  evasion: fields.whole("evasion", 0, MAX_MANUAL_EVASION),
  deflection: fields.whole("deflection", 0, MAX_MANUAL_DEFLECTION, 0),
});

const readAttack = (fields: Fields): AttackAsk => ({
  actorUuid: fields.uuid("actorUuid"),
  weaponId: fields.id("weaponId"),
  targets: fields.distinctUuids("targets", 0, MAX_TARGETS),
  choice: readChoice(fields.record("choice")),
  rollMode: fields.oneOf("rollMode", ROLL_MODES),
  manual:
    fields.raw("manual") === undefined || fields.raw("manual") === null
      ? null
      : readManual(fields.record("manual")),
});

const attackRefusal = (reason: string, weapon = "") => refuse(reason, { weapon });

/** The notice for an attacker who cannot fight: its condition named, or its exhaustion. */
const unfitRefusal = (unfit: FightBlocker<FightPreventingCondition>, name: string) =>
  unfit.kind === "exhausted"
    ? refuse("BRINK.Attack.Refusal.exhausted", { name, exhaustion: String(unfit.exhaustion) })
    : refuse(UNFIT_REFUSAL[unfit.condition], { name });

/** The weapon as its wielder strikes with it: a detachment's attack counts as blast (RULES §7.4). */
export const wieldedBy = (attacker: BrinkActor, weapon: AttackWeapon): AttackWeapon => ({
  ...weapon,
  blast: attacksWithBlast(attacker, weapon.blast),
});

/** Why this weapon cannot attack right now (read on the GM's client), or null when it can. */
export function weaponBlocker(weapon: Item.Implementation | undefined): string | null {
  const data = weapon ? itemData(weapon, WeaponData) : null;
  if (!data) return "BRINK.Attack.Refusal.not-a-weapon";
  const attack = data.attackWeapon();
  if (attack.broken) return "BRINK.Attack.Refusal.weapon-broken";
  if (data.dropped) return "BRINK.Attack.Refusal.weapon-dropped";
  if (!attack.attributes.length) return "BRINK.Attack.Refusal.attribute-not-usable";
  return null;
}

/** The attack's card, or (a killing strike with fewer than three actions left) what it still owes. */
export interface AttackDone {
  messageId: string;
  pending?: PendingStrike;
}

async function handleAttack(ask: AttackAsk, { user }: RequestContext): Promise<RequestResult<AttackDone>> {
  // RULES §7.3: under direct damage no attack test is rolled (workflows/direct-attack).
  if (optionalRules().damageRule === "direct") return refuse("BRINK.Direct.Refusal.attack-test");
  const attacker = await fromUuid(ask.actorUuid);
  if (!(attacker instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  if (!attacker.testUserPermission(user, "OWNER")) return refuse("BRINK.Roll.notOwner");
  // RULES §1: an attribute at 0, unconsciousness and the like, or exhaustion 5+: refused before any roll.
  const unfit = fightBlocker(attacker.statuses, actorData(attacker).exhaustion, CONDITIONS_PREVENTING_FIGHTS);
  if (unfit) return unfitRefusal(unfit, attacker.name);
  const weapon = attacker.items.get(ask.weaponId);
  const blocker = weaponBlocker(weapon);
  const weaponData = weapon ? itemData(weapon, WeaponData) : null;
  if (blocker || !weapon || !weaponData) return attackRefusal(blocker ?? "BRINK.Attack.Refusal.not-a-weapon");
  const aim = attackAim(ask, user);
  if (typeof aim === "string") return attackRefusal(aim, weapon.name);
  const { targets, manual } = aim;
  const wielded = wieldedBy(attacker, weaponData.attackWeapon());
  const choiceBlocker = choiceRefusal(ask.choice, wielded, targets, manual);
  if (choiceBlocker) return attackRefusal(ATTACK_REFUSAL[choiceBlocker], weapon.name);
  const combatant = combatantOf({ actor: attacker, token: null });
  const attacksThisRound = combatant?.attacksThisRound ?? 0;
  // RULES §3: an attack costs an action, a killing strike three; refused (nothing rolled) if not affordable.
  if (combatant) {
    const action = ask.choice.killingStrike ? KILLING_STRIKE : "attack";
    const spent = await combatant.resolveEconomy(user, { operation: "action", action });
    if (!spent.ok) return spent;
    // With fewer than three actions left the strike waits for the rest of its cost (workflows/killing-strike).
    const [target] = targets;
    if (!spent.completed && target) return startStrike(combatant, ask, weapon.id ?? "", target);
  }
  const card = await rollAttackCard({
    attacker,
    weapon,
    weaponData: wielded,
    targets,
    choice: flankingFromMap(ask.choice, targets, user),
    attacksThisRound,
    manual,
    audience: { rollMode: ask.rollMode, userId: user.id ?? "" },
  });
  if (isRefusal(card)) return attackRefusal(card.reason, weapon.name);
  return { ok: true, messageId: card.id ?? "" };
}

/**
 * RULES §3 flanking: with tokens on the map, a player's attack is flanking exactly when the map says
 * so (every target flanked); the GM's own choice overrides the map.
 */
function flankingFromMap(
  choice: AttackChoice,
  targets: readonly AttackTargetToken[],
  user: User.Implementation,
): AttackChoice {
  if (user.isGM || !targets.length) return choice;
  return { ...choice, flanking: targets.every((target) => target.flanked) };
}

/** What a killing strike still being paid for says to its asker. */
export interface PendingStrike {
  name: string;
  target: string;
  owed: number;
}

/** Keeps the strike's checked choices on the combatant until its last action is paid. */
async function startStrike(
  combatant: BrinkCombatant,
  ask: AttackAsk,
  weaponId: string,
  target: AttackTargetToken,
): Promise<RequestResult<AttackDone>> {
  const round = combatant.combat?.clock.round ?? 0;
  const strike = {
    weaponId,
    targetUuid: target.uuid,
    attribute: ask.choice.attribute,
    rollMode: ask.rollMode,
    round,
  };
  await combatant.update({ system: { strike } });
  const owed = combatant.economy.extended?.remaining ?? 0;
  return { ok: true, messageId: "", pending: { name: combatant.name ?? "", target: target.name, owed } };
}

/**
 * What the attack is aimed at: the targeted tokens, read from their scene, or (with none) the
 * defences the player typed. Both at once is refused, as is neither.
 */
function attackAim(
  ask: AttackAsk,
  user: User.Implementation,
): { targets: AttackTargetToken[]; manual: ManualDefences | null } | string {
  const manual = ask.manual ?? null;
  if (manual && ask.targets.length) return "BRINK.Attack.Refusal.manual-and-targets";
  if (manual) return { targets: [], manual };
  if (!ask.targets.length) return "BRINK.Attack.Refusal.no-target";
  const targets = attackTargets(ask.targets, user);
  return typeof targets === "string" ? targets : { targets, manual: null };
}

/**
 * What the rules would refuse about the choice itself, checked before the action is spent so a
 * refused attack costs nothing (rules/attacks refuses the same cases again when it rolls).
 */
function choiceRefusal(
  choice: AttackChoice,
  weapon: AttackWeapon,
  targets: AttackTargetToken[],
  manual: ManualDefences | null,
): AttackChoiceRefusal | null {
  if (!weapon.attributes.includes(choice.attribute)) return "attribute-not-usable";
  // RULES §3/§4: an attack is one action against one target; only a blast takes several at once.
  if (targets.length > 1 && !weapon.blast)
    return choice.killingStrike ? "killing-strike-one-target" : "single-target-weapon";
  if (!choice.killingStrike) return null;
  // A killing strike needs a character the GM's client can see is unconscious.
  if (manual) return "target-not-unconscious";
  const [target] = targets;
  if (!target || targets.length > 1) return "killing-strike-one-target";
  const { statuses } = target.actor;
  return statuses.has("unconscious") && !statuses.has("dead") ? null : "target-not-unconscious";
}

const askAttack = defineRequest({ name: "attack", who: "any", parse: readAttack, handle: handleAttack });

/** The asker's side: sends the choice to the GM's client; a refusal is shown to this user. */
export const requestAttack = (ask: AttackAsk): Promise<RequestResult<AttackDone>> => askAttack(ask);
