/**
 * RULES §7.5 (S1): corruption (disease, poison, venom). A plain d20 + CON modifier against 11, or
 * more for a nastier source. The first failure infects; at the end of each stage the character
 * checks again, and a failure there deals 1d6 damage to an attribute. Brink's attributes are dice:
 * the damage comes off the die's value and the attribute drops to the largest die that fits, or
 * to 0 below a d4 [decision] (CON d10 taking 4 becomes d6; d6 taking 6 becomes 0).
 */
import { abilityModifier, stepDown } from "../characters";
import { DIE_SIZES, type DiceSource, type DieRating } from "../dice";
import { resolveCheck, type CheckResult } from "../tests";

export const CORRUPTION_DIFFICULTY = 11;
export const STAGE_DAMAGE_DIE = 6;

/** The attribute after `damage` points come off its die's value. */
export function damageAttribute(rating: DieRating, damage: number): DieRating {
  const left = rating - Math.max(0, damage);
  return [...DIE_SIZES].reverse().find((size) => size <= left) ?? 0;
}

/** How many die sizes lie between two ratings: d10 to d6 is 2, d6 to 0 is 2. */
export function stepsBetween(before: DieRating, after: DieRating): number {
  let steps = 0;
  for (let rating = before; rating > after; rating = stepDown(rating)) steps += 1;
  return steps;
}

export interface CorruptionResult {
  readonly check: CheckResult;
  /** The stage's damage die, rolled only on a failed stage check. */
  readonly damage: number | null;
  /** The damaged attribute's rating before and after; null when nothing was damaged. */
  readonly attribute: { readonly before: DieRating; readonly after: DieRating } | null;
}

/**
 * One corruption check. `stageAttribute` is the rating of the attribute a failed stage damages;
 * null for the first check, whose failure only infects.
 */
export function checkCorruption(
  con: DieRating,
  difficulty: number,
  stageAttribute: DieRating | null,
  dice: DiceSource,
): CorruptionResult {
  const check = resolveCheck({ modifier: abilityModifier(con) }, difficulty, dice);
  if (check.success || stageAttribute === null) return { check, damage: null, attribute: null };
  const damage = dice.roll(STAGE_DAMAGE_DIE);
  return {
    check,
    damage,
    attribute: { before: stageAttribute, after: damageAttribute(stageAttribute, damage) },
  };
}
