/** Attrition: damage by level through endurance then health, stable at zero, half the hit dice gone. */
import { absorbDamage } from "../damage";
import type { Pool } from "../characters";
import type { DiceSource } from "../dice";
import { addStatus, type Draft } from "./draft";
import { sum } from "./rolls";
import type { RetreatConsequence, RollRecord } from "./state";

export function applyAttrition(draft: Draft, dice: DiceSource): void {
  const attrition = rollAttrition(draft.character.level, draft.endurance, draft.health, draft.hitDice, dice);
  draft.rolls.push(attrition.roll);
  draft.endurance = attrition.endurance;
  draft.health = attrition.health;
  draft.hitDice = attrition.hitDice;
  draft.consequences.push(attrition.consequence);
  if (attrition.consequence.stable) {
    addStatus(draft, "unconscious");
    addStatus(draft, "stable");
  }
}

export interface AttritionResult {
  readonly roll: RollRecord<"attrition-damage">;
  readonly endurance: Pool;
  readonly health: Pool;
  readonly hitDice: Pool;
  readonly consequence: Extract<RetreatConsequence, { key: "attrition" }>;
}

/** 1d6 per level, endurance then health, stable at zero instead of risking death; then half the current hit dice go. */
export function rollAttrition(
  level: number,
  endurance: Pool,
  health: Pool,
  hitDice: Pool,
  dice: DiceSource,
): AttritionResult {
  const faces = Array.from({ length: Math.max(0, level) }, () => dice.roll(6));
  const damage = sum(faces);
  const loss = absorbDamage(endurance, health, damage);
  const hitDiceLost = Math.floor(hitDice.value / 2);
  return {
    roll: { purpose: "attrition-damage", die: 6, faces, modifier: 0, total: damage },
    endurance: loss.endurance,
    health: loss.health,
    hitDice: { ...hitDice, value: hitDice.value - hitDiceLost },
    consequence: {
      key: "attrition",
      damage,
      enduranceLost: loss.enduranceLost,
      healthLost: loss.healthLost,
      hitDiceLost,
      stable: loss.health.value === 0,
    },
  };
}
