/**
 * RULES §4 on the GM's client: an attack's dice, its outcome against each target, and its card.
 * A blast weapon rolls once against every target; any other weapon attacks its one target (the
 * request refuses several: each attack is an action, RULES §3). One card, written by
 * the GM's client from rolls it made, so nothing on it is a number a player could have edited.
 */
import { postAttackCard, type AttackRecord, type CardAudience } from "../chat/post";
import type { TargetInfo } from "../data/chat";
import { luckPurpose, resolveWithFoundryDice, type BrinkRoll } from "../dice";
import type { AttackChoice, BrinkActor, RollRefusal } from "../documents/actor";
import { attackerFor, defenderFor, rollAdjustment } from "../documents/actor-rolls";
import {
  resolveAttack,
  resolveKillingStrike,
  type AttackResult,
  type AttackTarget,
  type AttackWeapon,
  type Defender,
  type WeaponDelivery,
} from "../rules/attacks";
import type { Attribute } from "../rules/characters";
import { conditionsAgainst } from "../rules/conditions";
import type { TestResult } from "../rules/tests";
import { ATTACK_REFUSAL } from "../helpers/lang-keys";
import type { Edge } from "../rules/modifiers";
import { detachmentEdgesFor, namedEdges } from "./detachments/in-combat";

/** A character on the scene an attack can land on: its token's uuid, name, image and actor. */
export interface TokenActor {
  uuid: string;
  name: string;
  img: string;
  actor: BrinkActor;
}

/** A token the attacker targeted, with the characters standing within 1 m of it. */
export interface AttackTargetToken extends TokenActor {
  nearby: TokenActor[];
  /** Two of its enemies stand beside it on opposite sides (RULES §3, read from the map). */
  flanked: boolean;
}

/** A target with no token (theatre of the mind): the evasion and deflection the player typed. */
export interface ManualDefences {
  evasion: number;
  deflection: number;
}

/** The id a card gives a target with no token; it names no document, so nothing is ever applied to it. */
export const MANUAL_TARGET_ID = "manual";

/**
 * A target with no token, as the rules see it: the typed evasion as the attack meets it, and the
 * typed deflection against any damage type that deflection reduces. Its size is the attacker's, so
 * no size difference moves the numbers the table agreed on.
 */
export function manualTarget(manual: ManualDefences, attackerSize: number): AttackTarget {
  return {
    id: MANUAL_TARGET_ID,
    evasion: manual.evasion,
    deflection: { physical: manual.deflection, elemental: manual.deflection },
    size: attackerSize,
    nearby: [],
  };
}

/** The card's name for a target with no token. */
export const manualTargetInfo = (): TargetInfo => ({
  uuid: MANUAL_TARGET_ID,
  name: game.i18n.localize("BRINK.Attack.manualTarget"),
  img: "icons/svg/mystery-man.svg",
  manual: true,
});

/** A target's defences with Guard's bonus (RULES §9) folded in. */
export function guardedDefender(id: string, actor: BrinkActor): Defender {
  const defender = defenderFor(id, actor.rolling);
  const bonus = actor.statuses.has("guarding") ? 1 : 0;
  if (!bonus) return defender;
  return {
    ...defender,
    evasion: defender.evasion + bonus,
    deflection: {
      physical: defender.deflection.physical + bonus,
      elemental: defender.deflection.elemental + bonus,
    },
  };
}

/**
 * Advantage and disadvantage from the targets' conditions (prone, in cover). A blast rolls once for
 * all its targets, so a condition counts only when every target has it.
 */
export function groupConditions(delivery: WeaponDelivery, group: readonly TokenActor[]) {
  const each = group.map((token) => conditionsAgainst(delivery, token.actor.statuses));
  return {
    advantages: Math.min(...each.map((c) => c.advantages)),
    disadvantages: Math.min(...each.map((c) => c.disadvantages)),
  };
}

/**
 * Advantage and disadvantage detachments give an attack on this group (RULES §7.4), with the
 * reasons named as the dialog and the card show them.
 */
export function detachmentConditions(
  attacker: BrinkActor,
  weapon: AttackWeapon,
  group: readonly TokenActor[],
) {
  const edges = detachmentEdgesFor(
    attacker,
    weapon.blast,
    group.map((token) => token.actor),
  );
  return {
    advantages: edges.filter((edge) => edge.advantage > 0).length,
    disadvantages: edges.filter((edge) => edge.advantage < 0).length,
    edges: namedEdges(edges),
  };
}

/** Conditions and detachments together: what the targets give an attack on them. */
export function attackConditions(attacker: BrinkActor, weapon: AttackWeapon, group: readonly TokenActor[]) {
  const conditions = groupConditions(weapon.delivery, group);
  const detachments = detachmentConditions(attacker, weapon, group);
  return {
    advantages: conditions.advantages + detachments.advantages,
    disadvantages: conditions.disadvantages + detachments.disadvantages,
    edges: detachments.edges,
  };
}

function attackTarget(token: AttackTargetToken): AttackTarget {
  return {
    ...guardedDefender(token.uuid, token.actor),
    nearby: token.nearby.map((n) => guardedDefender(n.uuid, n.actor)),
  };
}

/**
 * The targets a card names, as a list: Foundry expands dotted keys on create, so a map keyed by
 * token uuids would not survive being stored.
 */
function targetInfo(tokens: AttackTargetToken[]): TargetInfo[] {
  const seen = new Map<string, TargetInfo>();
  for (const token of tokens) {
    for (const t of [token, ...token.nearby]) seen.set(t.uuid, { uuid: t.uuid, name: t.name, img: t.img });
  }
  return [...seen.values()];
}

const dialogModifier = (value: number) =>
  value ? [{ label: game.i18n.localize("BRINK.Roll.Step.modifier"), value }] : [];

const refusal = (reason: keyof typeof ATTACK_REFUSAL): RollRefusal => ({
  ok: false,
  reason: ATTACK_REFUSAL[reason],
});

/** Everything an attack needs, read and checked on the GM's client. */
export interface AttackOrder {
  attacker: BrinkActor;
  weapon: Item.Implementation;
  /** The weapon as the rules see it (its model's adapter; blast when a detachment wields it). */
  weaponData: AttackWeapon;
  targets: AttackTargetToken[];
  choice: AttackChoice;
  attacksThisRound: number;
  /** Set when no token is targeted: the attack is rolled against these typed defences. */
  manual?: ManualDefences | null;
  audience: CardAudience;
}

/** One attack's aim: the rules' targets, the card's names for them, and their conditions. */
interface AttackGroup {
  targets: AttackTarget[];
  info: TargetInfo[];
  conditions: { advantages: number; disadvantages: number; edges: Edge[] };
}

/** The attack's aim: every target of a blast, or the single target of any other weapon. */
function attackGroup(order: AttackOrder): AttackGroup {
  if (order.manual) {
    const size = attackerFor(order.attacker.rolling, 0).size;
    const conditions = { advantages: 0, disadvantages: 0, edges: [] };
    return { targets: [manualTarget(order.manual, size)], info: [manualTargetInfo()], conditions };
  }
  const group = order.targets;
  return {
    targets: group.map(attackTarget),
    info: targetInfo(group),
    conditions: attackConditions(order.attacker, order.weaponData, group),
  };
}

/** Rolls the attack and posts its card: the card, or why it could not be made. */
export async function rollAttackCard(order: AttackOrder): Promise<ChatMessage.Implementation | RollRefusal> {
  const { weaponData, choice } = order;
  if (choice.killingStrike) return killingStrikeCard(order, weaponData);
  const { targets, info, conditions } = attackGroup(order);
  if (!targets.length) return refusal("no-target");
  const own = rollAdjustment(order.attacker.rolling, "attack", choice.attribute, null, weaponData.delivery);
  const request = {
    attacker: attackerFor(order.attacker.rolling, order.attacksThisRound),
    weapon: weaponData,
    attribute: choice.attribute,
    targets,
    sneak: choice.sneak,
    flanking: choice.flanking,
    advantages: Math.max(0, choice.advantage) + conditions.advantages + own.advantages,
    disadvantages: Math.max(0, -choice.advantage) + conditions.disadvantages + own.disadvantages,
    modifiers: [...own.modifiers, ...dialogModifier(choice.modifier)],
  };
  const rolled = await resolveWithFoundryDice((dice) => resolveAttack(request, dice), luckPurpose);
  if (!rolled.result.ok) return refusal(rolled.result.reason);
  const edges = [...own.edges, ...conditions.edges];
  return postCard(order, [{ result: rolled.result, targets: info, edges }], rolled.rolls);
}

async function postCard(
  order: AttackOrder,
  attacks: AttackRecord[],
  rolls: BrinkRoll[],
): Promise<ChatMessage.Implementation | RollRefusal> {
  const card = await postAttackCard(order.attacker, order.weapon, attacks, rolls, order.audience);
  return card ?? refusal("no-target");
}

async function killingStrikeCard(
  order: AttackOrder,
  weaponData: AttackWeapon,
): Promise<ChatMessage.Implementation | RollRefusal> {
  const [token] = order.targets;
  if (!token || order.targets.length > 1) return refusal("killing-strike-one-target");
  const target = token.actor.rolling;
  // The killing strike's test and the sneak attack a failure becomes both carry the attacker's state.
  const own = rollAdjustment(
    order.attacker.rolling,
    "killing-strike",
    order.choice.attribute,
    null,
    weaponData.delivery,
  );
  const request = {
    attacker: attackerFor(order.attacker.rolling, order.attacksThisRound),
    weapon: weaponData,
    attribute: order.choice.attribute,
    modifiers: own.modifiers,
    disadvantages: own.disadvantages,
    target: {
      ...defenderFor(token.uuid, target),
      constitution: target.attributes.con.value,
      unconscious: token.actor.statuses.has("unconscious") && !token.actor.statuses.has("dead"),
    },
  };
  const { result, rolls } = await resolveWithFoundryDice(
    (dice) => resolveKillingStrike(request, dice),
    luckPurpose,
  );
  if (!result.ok) return refusal(result.reason);
  const attack =
    result.outcome === "killed"
      ? killingBlow(result.test, token.uuid, request.target, order.choice.attribute, weaponData)
      : result.attack;
  const killingStrike = {
    killed: result.outcome === "killed",
    total: result.test.total,
    difficulty: result.test.difficulty,
  };
  const record = { result: attack, targets: targetInfo([token]), killingStrike, edges: own.edges };
  return postCard(order, [record], rolls);
}

/**
 * A killing strike that lands, in the shape of an attack that hits, so the card shows its dice and
 * the target's row; applying it kills (workflows/damage reads `killingStrike`).
 */
function killingBlow(
  test: TestResult,
  targetId: string,
  defender: Defender,
  attribute: Attribute,
  weapon: AttackWeapon,
): AttackResult {
  return {
    ok: true,
    attribute,
    proficient: test.steps.some((s) => s.label === "proficiency"),
    dice: test.dice,
    steps: test.steps,
    luck: test.luck,
    total: test.total,
    critical: false,
    mishap: false,
    damageType: weapon.damageType,
    targets: [
      {
        intendedId: targetId,
        targetId,
        strayed: false,
        defences: { sizeDifference: 0, evasion: defender.evasion, deflection: defender.deflection },
        hit: true,
        rawDamage: 0,
        deflection: 0,
        damage: 0,
      },
    ],
  };
}
