/**
 * RULES §7.5 (S1): rolling to return to safety after a retreat. Each character makes a plain d20
 * check with its best modifier against 10 + the travel turns spent out (at most 20). A failure costs
 * by the points it fell short: on a dangerous path a d6 of damage each, ignoring deflection; on an
 * arduous one a load of equipment each, which the GM picks and which is marked dropped.
 */
import { abilityModifier } from "../characters";
import type { DiceSource, DieRating } from "../dice";
import { PROFICIENCY_BONUS, resolveCheck, type CheckResult } from "../tests";

export const RETURN_BASE_DIFFICULTY = 10;
export const RETURN_MAX_DIFFICULTY = 20;
export const RETURN_PATHS = ["dangerous", "arduous"] as const;
export type ReturnPath = (typeof RETURN_PATHS)[number];

export const returnDifficulty = (travelTurns: number): number =>
  Math.min(RETURN_MAX_DIFFICULTY, RETURN_BASE_DIFFICULTY + Math.max(0, travelTurns));

/**
 * The best modifier [decision]: the highest attribute modifier, (die − 6) ÷ 2, plus the proficiency
 * bonus when the character holds any proficiency.
 */
export function bestModifier(attributes: readonly DieRating[], proficient: boolean): number {
  const best = Math.max(...attributes.map(abilityModifier));
  return best + (proficient ? PROFICIENCY_BONUS : 0);
}

export interface ReturnCost {
  /** Points short of the difficulty; 0 on a success. */
  readonly shortBy: number;
  /** d6 faces of damage (dangerous path). */
  readonly damageFaces: readonly number[];
  readonly damage: number;
  /** Loads of equipment to drop (arduous path). */
  readonly loads: number;
}

export interface ReturnResult {
  readonly check: CheckResult;
  readonly path: ReturnPath;
  readonly cost: ReturnCost;
}

export function rollToReturn(
  modifier: number,
  difficulty: number,
  path: ReturnPath,
  dice: DiceSource,
): ReturnResult {
  const check = resolveCheck({ modifier }, difficulty, dice);
  const shortBy = check.success ? 0 : difficulty - check.total;
  const damageFaces = path === "dangerous" ? Array.from({ length: shortBy }, () => dice.roll(6)) : [];
  return {
    check,
    path,
    cost: {
      shortBy,
      damageFaces,
      damage: damageFaces.reduce((sum, face) => sum + face, 0),
      loads: path === "arduous" ? shortBy : 0,
    },
  };
}
