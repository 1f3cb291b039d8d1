/**
 * RULES §4 (S4), the death luck test by hand: a blow the damage chain did not apply (a fall, a trap,
 * damage typed into the sheet) can still risk the death of a character at zero health, under the
 * luck death rule. The GM rolls the same test the chain rolls: fail and the character dies; succeed
 * and death is cheated, its difficulty 5 higher for good.
 */
import {
  refuse,
  rollDeathLuckTest,
  settle,
  type ActorState,
  type DeathRule,
  type Outcome,
  type Step,
} from "./death";
import type { DiceSource } from "./dice";

export type DeathLuckRefusal = "not-luck-rule" | "already-dead" | "not-at-zero-health";

/** Why the test cannot be taken now, or null when it can. */
export function deathLuckRefusal(state: ActorState, rule: DeathRule): DeathLuckRefusal | null {
  if (rule !== "luck") return "not-luck-rule";
  if (state.status.dead) return "already-dead";
  return state.health.value > 0 ? "not-at-zero-health" : null;
}

export function deathLuckTestByHand(
  state: ActorState,
  dice: DiceSource,
  rule: DeathRule,
): Outcome<DeathLuckRefusal> {
  const refusal = deathLuckRefusal(state, rule);
  if (refusal) return refuse(refusal);
  const steps: Step[] = [];
  return settle(state, rollDeathLuckTest(state, dice, steps), steps);
}
