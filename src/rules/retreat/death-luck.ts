/** The death luck tests a character downed at zero health makes before the downed table. */
import type { DiceSource } from "../dice";
import type { RollRecord } from "./state";
import { DEATH_LUCK_TESTS_TO_SETTLE } from "./tables";

export interface DeathLuckTests {
  readonly successes: number;
  readonly failures: number;
  readonly rolls: readonly RollRecord<"death-luck">[];
}

/** d20 + luck bonus against the death difficulty until three of either; never kills nor raises it. */
export function rollDeathLuckTests(luckBonus: number, difficulty: number, dice: DiceSource): DeathLuckTests {
  const rolls: RollRecord<"death-luck">[] = [];
  let successes = 0;
  let failures = 0;
  while (successes < DEATH_LUCK_TESTS_TO_SETTLE && failures < DEATH_LUCK_TESTS_TO_SETTLE) {
    const face = dice.roll(20);
    const total = face + luckBonus;
    const success = total >= difficulty;
    rolls.push({
      purpose: "death-luck",
      die: 20,
      faces: [face],
      modifier: luckBonus,
      total,
      target: difficulty,
      success,
    });
    if (success) successes += 1;
    else failures += 1;
  }
  return { successes, failures, rolls };
}
