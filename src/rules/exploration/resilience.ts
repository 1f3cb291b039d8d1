/**
 * RULES §7.5 (S1): resilience. A character can keep going without food or rest for as many hours
 * (travel turns) as its CON value. Past that, each check is a plain d20 + CON modifier against
 * 10 + the hours over; a failure adds a level of exhaustion.
 */
import { abilityModifier } from "../characters";
import type { DiceSource, DieRating } from "../dice";
import { resolveCheck, type CheckResult } from "../tests";

export const RESILIENCE_BASE_DIFFICULTY = 10;

export interface ResilienceResult {
  /** Hours the character can go: its CON value. */
  readonly limit: number;
  readonly hoursOver: number;
  /** Null while the character is within its resilience: no check is needed. */
  readonly check: CheckResult | null;
  readonly exhausted: boolean;
}

export function checkResilience(con: DieRating, hours: number, dice: DiceSource): ResilienceResult {
  const hoursOver = Math.max(0, hours - con);
  if (hoursOver === 0) return { limit: con, hoursOver, check: null, exhausted: false };
  const check = resolveCheck(
    { modifier: abilityModifier(con) },
    RESILIENCE_BASE_DIFFICULTY + hoursOver,
    dice,
  );
  return { limit: con, hoursOver, check, exhausted: !check.success };
}
