import type { DiceSource, DieSize } from "./dice";
import { fraction, type Fraction } from "./death";

/*
 * RULES §7.3, direct damage (S3). No attack test: each striking weapon rolls its damage die, the
 * highest die is kept, and the target's deflection comes off it. An impaired attack rolls a d4 and
 * an enhanced one a d12 in place of every weapon's die; unarmed blows roll a d4.
 */

/** S3: unarmed blows, and any impaired attack, roll this die. */
export const UNARMED_DIE: DieSize = 4;
export const IMPAIRED_DIE: DieSize = 4;
export const ENHANCED_DIE: DieSize = 12;

/** Where the attacker fights from. [decision] Impaired and enhanced together cancel out. */
export const POSITIONS = ["normal", "impaired", "enhanced"] as const;
export type Position = (typeof POSITIONS)[number];

/** Why a die has its size, as the dialog and the card name it. */
export type DieReason =
  "weapon" | "unarmed" | "impaired" | "enhanced" | "impaired-detachment" | "enhanced-detachment";

/** One weapon (or bare hands, `die: null`) striking the target, and who wields it. */
export interface DirectStrike {
  readonly attackerId: string;
  /** The weapon's damage die; null for an unarmed blow. */
  readonly die: DieSize | null;
  /** RULES §7.4: +1 a detachment strikes an individual, −1 an individual strikes a detachment. */
  readonly detachment?: number;
}

const POSITION_EDGE: Record<Position, number> = { normal: 0, impaired: -1, enhanced: 1 };

/** The die a strike rolls: the position and a detachment's edge add up, and cancel out. */
function dieFor({ attackerId, die, detachment = 0 }: DirectStrike, position: Position): DirectDie {
  const net = POSITION_EDGE[position] + detachment;
  const byDetachment = detachment !== 0 && Math.sign(detachment) === Math.sign(net);
  if (net < 0)
    return { attackerId, size: IMPAIRED_DIE, reason: byDetachment ? "impaired-detachment" : "impaired" };
  if (net > 0)
    return { attackerId, size: ENHANCED_DIE, reason: byDetachment ? "enhanced-detachment" : "enhanced" };
  return die === null
    ? { attackerId, size: UNARMED_DIE, reason: "unarmed" }
    : { attackerId, size: die, reason: "weapon" };
}

export interface DirectDie {
  readonly attackerId: string;
  readonly size: DieSize;
  readonly reason: DieReason;
}

export interface RolledDie extends DirectDie {
  readonly face: number;
}

export interface DirectRoll {
  readonly dice: readonly RolledDie[];
  /** Index of the die kept: the highest face, the first of equals. */
  readonly kept: number;
  readonly value: number;
}

/** The die each strike rolls from this position. */
export const directDice = (strikes: readonly DirectStrike[], position: Position): DirectDie[] =>
  strikes.map((strike) => dieFor(strike, position));

/** Rolls every die in order and keeps the highest. */
export function rollDirect(dice: readonly DirectDie[], source: DiceSource): DirectRoll {
  const rolled = dice.map((die) => ({ ...die, face: source.roll(die.size) }));
  const value = Math.max(0, ...rolled.map((die) => die.face));
  return { dice: rolled, kept: rolled.findIndex((die) => die.face === value), value };
}

/** S3: the kept die minus deflection; [decision] armour can stop the whole blow (0, not 1). */
export const directDamage = (value: number, deflection: number): number =>
  Math.max(0, value - Math.max(0, deflection));

/** Whole outcomes out of the product of the die sizes: `counts[d]` of them deal exactly d damage. */
export interface DamageCounts {
  readonly counts: readonly number[];
  readonly total: number;
}

/**
 * Every outcome of rolling `sizes` and keeping the highest, after deflection. P(highest ≤ k) is the
 * product of min(k, size) / size, so the count of "highest = k" is a difference of two products.
 */
export function directDamageCounts(sizes: readonly DieSize[], deflection: number): DamageCounts {
  return directDamageCountsByDie(sizes.map((size) => ({ size, deflection })));
}

/** A die and the deflection its blow meets (which hangs on its wielder's size and its damage type). */
export interface DeflectedDie {
  readonly size: DieSize;
  readonly deflection: number;
}

/**
 * Every outcome when each die meets its own deflection: the kept die is the first of the highest
 * faces (as `rollDirect` keeps it), and its own deflection comes off. Die i is kept on face f when
 * every die before it shows less than f and every die after it at most f.
 */
export function directDamageCountsByDie(dice: readonly DeflectedDie[]): DamageCounts {
  const total = dice.reduce((product, die) => product * die.size, 1);
  const counts: number[] = [];
  dice.forEach((kept, index) => {
    for (let face = 1; face <= kept.size; face++) {
      const ways = dice.reduce(
        (product, die, j) =>
          j === index ? product : product * Math.min(j < index ? face - 1 : face, die.size),
        1,
      );
      const damage = directDamage(face, kept.deflection);
      counts[damage] = (counts[damage] ?? 0) + ways;
    }
  });
  return { counts: Array.from({ length: counts.length }, (_, d) => counts[d] ?? 0), total };
}

/** Exact chance that the blow deals at least `amount` damage, each die against its own deflection. */
export function chanceOfAtLeastByDie(dice: readonly DeflectedDie[], amount: number): Fraction {
  const { counts, total } = directDamageCountsByDie(dice);
  return fraction(
    counts.slice(Math.max(0, amount)).reduce((sum, n) => sum + n, 0),
    total,
  );
}

/** The mean damage, exactly, each die against its own deflection. */
export function meanDamageByDie(dice: readonly DeflectedDie[]): Fraction {
  const { counts, total } = directDamageCountsByDie(dice);
  return fraction(
    counts.reduce((sum, n, damage) => sum + n * damage, 0),
    total,
  );
}

/** Exact chance of each damage after deflection: index d holds the chance of exactly d. */
export const directDamageOdds = (sizes: readonly DieSize[], deflection: number): Fraction[] => {
  const { counts, total } = directDamageCounts(sizes, deflection);
  return counts.map((count) => fraction(count, total));
};

/** Exact chance that the blow deals at least `amount` damage. */
export function chanceOfAtLeast(sizes: readonly DieSize[], deflection: number, amount: number): Fraction {
  const { counts, total } = directDamageCounts(sizes, deflection);
  const count = counts.slice(Math.max(0, amount)).reduce((sum, n) => sum + n, 0);
  return fraction(count, total);
}

/** The mean damage, exactly, as a fraction. */
export function meanDamage(sizes: readonly DieSize[], deflection: number): Fraction {
  const { counts, total } = directDamageCounts(sizes, deflection);
  return fraction(
    counts.reduce((sum, n, damage) => sum + n * damage, 0),
    total,
  );
}

/**
 * [decision] The die a weapon made before direct damage existed is given, from its flat damage:
 * up to 1 a d4, 2–3 a d6, 4 a d8, 5–6 a d10, 7 or more a d12 (the shipped weapons follow it too).
 */
export function dieForDamage(damage: number): DieSize {
  if (damage <= 1) return 4;
  if (damage <= 3) return 6;
  if (damage === 4) return 8;
  if (damage <= 6) return 10;
  return 12;
}
