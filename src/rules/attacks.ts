import type { Attribute } from "./characters";
import { damageAfterDeflection, deflectionFor, sizeDifference } from "./damage";
import type { DamageType, Deflection } from "./damage";
import type { DiceSource, DieRating, DieSize } from "./dice";
import { hitChance } from "./odds";
import type { Chance } from "./odds";
import { STEP_LABELS, flatSteps, judge, rollLuck, rollTest, rollTestDice, sumOf } from "./tests";
import type { LuckRoll, Modifier, TestDice, TestResult, TestSpec } from "./tests";

/** RULES §3: −2 for each attack the attacker already made this round. */
export const MULTIPLE_ATTACK_PENALTY = 2;
/** RULES §2: a thrown or projectile attack whose luck total is at most this may stray. */
export const STRAY_LUCK_LIMIT = 1;

export type WeaponDelivery = "melee" | "thrown" | "projectile";

export interface AttackWeapon {
  /** The attributes the wielder may choose from. */
  readonly attributes: readonly Attribute[];
  /** Holding any one of these adds the proficiency bonus. */
  readonly proficiencies: readonly string[];
  readonly damage: number;
  /** The die it rolls under direct damage (RULES §7.3); null or absent: none set. */
  readonly damageDie?: DieSize | null;
  readonly criticalDamage: number;
  /** A luck total at or above this is a critical: the attack cannot miss. */
  readonly criticalThreshold: number;
  readonly damageType: DamageType;
  readonly delivery: WeaponDelivery;
  readonly blast: boolean;
  readonly broken: boolean;
}

export interface Attacker {
  readonly attributes: Readonly<Record<Attribute, DieRating>>;
  readonly combat: DieRating;
  readonly proficiencies: readonly string[];
  readonly luckBonus: number;
  readonly size: number;
  readonly attacksThisRound: number;
}

export interface Defender {
  readonly id: string;
  readonly evasion: number;
  readonly deflection: Deflection;
  readonly size: number;
}

export interface AttackTarget extends Defender {
  /** Other characters (allies included) within 1 m of the target, where a stray shot may land. */
  readonly nearby?: readonly Defender[];
}

export interface AttackRequest {
  readonly attacker: Attacker;
  readonly weapon: AttackWeapon;
  readonly attribute: Attribute;
  readonly targets: readonly AttackTarget[];
  /** The target cannot see the attacker. */
  readonly sneak?: boolean;
  /** The target has enemies on opposite sides. */
  readonly flanking?: boolean;
  /** Other sources of advantage and disadvantage (prone target, cover, impaired …). */
  readonly advantages?: number;
  readonly disadvantages?: number;
  readonly modifiers?: readonly Modifier[];
}

export type AttackRefusal =
  "weapon-broken" | "attribute-not-usable" | "no-target" | "single-target-weapon" | "target-not-unconscious";

export interface AttackRefused {
  readonly ok: false;
  readonly reason: AttackRefusal;
}

export interface AdjustedDefences {
  /** Attacker size − target size: positive when the attacker is larger. */
  readonly sizeDifference: number;
  readonly evasion: number;
  readonly deflection: Deflection;
}

export interface TargetOutcome {
  /** The target the attacker chose. */
  readonly intendedId: string;
  /** The character actually attacked: a neighbour when the shot strayed. */
  readonly targetId: string;
  readonly strayed: boolean;
  readonly defences: AdjustedDefences;
  readonly hit: boolean;
  /** Damage before deflection (test total + weapon or critical damage); 0 on a miss. */
  readonly rawDamage: number;
  /** The deflection that applied to this damage type after size adjustment. */
  readonly deflection: number;
  /** Damage dealt after deflection, at least 1 on a hit; 0 on a miss. */
  readonly damage: number;
}

export interface AttackResult {
  readonly ok: true;
  readonly attribute: Attribute;
  readonly proficient: boolean;
  readonly dice: TestDice;
  /** Proficiency, multiple-attack penalty and caller modifiers, as a card lists them. */
  readonly steps: readonly Modifier[];
  readonly luck: LuckRoll;
  readonly total: number;
  /** The luck die reached the weapon's critical threshold: every target is hit with critical damage. */
  readonly critical: boolean;
  /** The luck die allows a thrown or projectile attack to stray (applied per target with neighbours). */
  readonly mishap: boolean;
  readonly damageType: DamageType;
  readonly targets: readonly TargetOutcome[];
}

export const multipleAttackPenalty = (attacksThisRound: number): number =>
  -MULTIPLE_ATTACK_PENALTY * Math.max(0, attacksThisRound);

/** RULES §3: a larger attacker treats evasion as higher and deflection as lower; never below 0. */
export function adjustDefences(attackerSize: number, defender: Defender): AdjustedDefences {
  const difference = sizeDifference(attackerSize, defender.size);
  const lowered = (value: number): number => Math.max(0, value - difference);
  return {
    sizeDifference: difference,
    evasion: Math.max(0, defender.evasion + difference),
    deflection: {
      physical: lowered(defender.deflection.physical),
      elemental: lowered(defender.deflection.elemental),
    },
  };
}

export const isProficient = (attacker: Attacker, weapon: AttackWeapon): boolean =>
  weapon.proficiencies.some((proficiency) => attacker.proficiencies.includes(proficiency));

function refusal(request: AttackRequest): AttackRefusal | undefined {
  if (request.weapon.broken) return "weapon-broken";
  if (!request.weapon.attributes.includes(request.attribute)) return "attribute-not-usable";
  if (request.targets.length === 0) return "no-target";
  if (request.targets.length > 1 && !request.weapon.blast) return "single-target-weapon";
  return undefined;
}

function attackModifiers(request: AttackRequest): Modifier[] {
  const penalty = multipleAttackPenalty(request.attacker.attacksThisRound);
  const penaltyStep: Modifier[] =
    penalty === 0 ? [] : [{ label: STEP_LABELS.multipleAttack, value: penalty }];
  return [...penaltyStep, ...(request.modifiers ?? [])];
}

/** The attack's test, for the roll dialog's odds as much as for the roll itself. */
export function attackTestSpec(request: AttackRequest): TestSpec {
  const { attacker, weapon } = request;
  const situational = (request.sneak === true ? 1 : 0) + (request.flanking === true ? 1 : 0);
  return {
    attribute: attacker.attributes[request.attribute],
    skill: attacker.combat,
    proficient: isProficient(attacker, weapon),
    modifiers: attackModifiers(request),
    advantages: situational + (request.advantages ?? 0),
    disadvantages: request.disadvantages ?? 0,
    luckBonus: attacker.luckBonus,
  };
}

function pickAtRandom<T>(items: readonly T[], dice: DiceSource): T | undefined {
  return items.length === 0 ? undefined : items[dice.roll(items.length) - 1];
}

interface Strike {
  readonly total: number;
  readonly critical: boolean;
  readonly weapon: AttackWeapon;
  readonly attackerSize: number;
}

function strike(attack: Strike, intendedId: string, defender: Defender, strayed: boolean): TargetOutcome {
  const defences = adjustDefences(attack.attackerSize, defender);
  const hit = attack.critical || attack.total >= defences.evasion;
  const weaponDamage = attack.critical ? attack.weapon.criticalDamage : attack.weapon.damage;
  const deflection = deflectionFor(attack.weapon.damageType, defences.deflection);
  const rawDamage = hit ? attack.total + weaponDamage : 0;
  const damage = hit ? damageAfterDeflection(rawDamage, deflection) : 0;
  return { intendedId, targetId: defender.id, strayed, defences, hit, rawDamage, deflection, damage };
}

function resolveTarget(
  attack: Strike,
  target: AttackTarget,
  mishap: boolean,
  dice: DiceSource,
): TargetOutcome {
  const neighbour = mishap ? pickAtRandom(target.nearby ?? [], dice) : undefined;
  return neighbour === undefined
    ? strike(attack, target.id, target, false)
    : strike(attack, target.id, neighbour, true);
}

/**
 * RULES §4. Dice are drawn in this order: the test pools, the luck die, then (only on a stray shot)
 * one die per target with neighbours to pick which neighbour is struck.
 */
export function resolveAttack(request: AttackRequest, dice: DiceSource): AttackResult | AttackRefused {
  const reason = refusal(request);
  if (reason !== undefined) return { ok: false, reason };
  const spec = attackTestSpec(request);
  const testDice = rollTestDice(spec, dice);
  const luck = rollLuck(request.attacker.luckBonus, dice);
  const steps = flatSteps(spec);
  const total = testDice.diceTotal + sumOf(steps);
  const critical = luck.total >= request.weapon.criticalThreshold;
  const mishap = request.weapon.delivery !== "melee" && luck.total <= STRAY_LUCK_LIMIT;
  const attack: Strike = { total, critical, weapon: request.weapon, attackerSize: request.attacker.size };
  const targets = request.targets.map((target) => resolveTarget(attack, target, mishap, dice));
  return {
    ok: true,
    attribute: request.attribute,
    proficient: spec.proficient,
    dice: testDice,
    steps,
    luck,
    total,
    critical,
    mishap,
    damageType: request.weapon.damageType,
    targets,
  };
}

export interface TargetHitChance {
  readonly targetId: string;
  readonly evasion: number;
  readonly chance: Chance;
}

/** What the attack dialog shows before rolling: each target's exact chance to be hit. */
export function attackHitChances(
  request: AttackRequest,
): { ok: true; targets: TargetHitChance[] } | AttackRefused {
  const reason = refusal(request);
  if (reason !== undefined) return { ok: false, reason };
  const spec = attackTestSpec(request);
  const targets = request.targets.map((target) => {
    const { evasion } = adjustDefences(request.attacker.size, target);
    const mayStrayToNeighbour = request.weapon.delivery !== "melee" && (target.nearby ?? []).length > 0;
    const options = { criticalThreshold: request.weapon.criticalThreshold, mayStrayToNeighbour };
    return { targetId: target.id, evasion, chance: hitChance(spec, evasion, options) };
  });
  return { ok: true, targets };
}

export interface KillingStrikeRequest {
  readonly attacker: Attacker;
  readonly weapon: AttackWeapon;
  readonly attribute: Attribute;
  readonly target: Defender & { readonly constitution: number; readonly unconscious: boolean };
  readonly modifiers?: readonly Modifier[];
  /** Disadvantage from the attacker's own state (injuries, setbacks): it cancels the strike's advantage. */
  readonly disadvantages?: number;
}

export type KillingStrikeResult =
  | { readonly ok: true; readonly outcome: "killed"; readonly test: TestResult }
  | {
      readonly ok: true;
      readonly outcome: "sneak-attack";
      readonly test: TestResult;
      readonly attack: AttackResult;
    };

/**
 * The killing strike test. The source names only the Combat skill and the target's constitution;
 * [decision] it is rolled like the weapon's attack test — the chosen weapon attribute die + the Combat
 * die + proficiency, with one advantage — against the target's CON value. It is not an attack roll, so
 * it uses the ordinary luck rule (+4 at 20), no critical, and no multiple-attack penalty.
 */
export function killingStrikeSpec(request: KillingStrikeRequest): TestSpec {
  return {
    attribute: request.attacker.attributes[request.attribute],
    skill: request.attacker.combat,
    proficient: isProficient(request.attacker, request.weapon),
    modifiers: request.modifiers ?? [],
    advantages: 1,
    disadvantages: request.disadvantages ?? 0,
    luckBonus: request.attacker.luckBonus,
  };
}

/**
 * RULES §4: success kills; failure becomes an ordinary sneak attack on the same target, rolled at once
 * (with the attacker's multiple-attack penalty, as for any attack).
 */
export function resolveKillingStrike(
  request: KillingStrikeRequest,
  dice: DiceSource,
): KillingStrikeResult | AttackRefused {
  const asAttack: AttackRequest = { ...request, targets: [request.target], sneak: true };
  const reason = refusal(asAttack) ?? (request.target.unconscious ? undefined : "target-not-unconscious");
  if (reason !== undefined) return { ok: false, reason };
  const test = judge(rollTest(killingStrikeSpec(request), dice), request.target.constitution);
  if (test.success) return { ok: true, outcome: "killed", test };
  const attack = resolveAttack(asAttack, dice);
  return attack.ok ? { ok: true, outcome: "sneak-attack", test, attack } : attack;
}
