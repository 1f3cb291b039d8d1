import type { Pool } from "./characters";

/** RULES §4 damage types and the category deflection is taken from. */
export const DAMAGE_TYPES = {
  bludgeoning: "physical",
  piercing: "physical",
  slashing: "physical",
  arcane: "elemental",
  cold: "elemental",
  fire: "elemental",
  radiant: "elemental",
  shock: "elemental",
  void: "elemental",
  psychic: "typeless",
  untyped: "typeless",
} as const;
export type DamageType = keyof typeof DAMAGE_TYPES;
export type DamageCategory = (typeof DAMAGE_TYPES)[DamageType];

export interface Deflection {
  physical: number;
  elemental: number;
}

/** The deflection that applies to a damage type; typeless damage is never reduced. */
export function deflectionFor(type: DamageType, deflection: Deflection): number {
  const category = DAMAGE_TYPES[type];
  return category === "typeless" ? 0 : deflection[category];
}

/**
 * RULES §3 size difference, from the attacker's point of view: positive when the attacker is larger.
 * The target's evasion rises and its deflection falls by this number (never below 0).
 */
export const sizeDifference = (attackerSize: number, targetSize: number): number => attackerSize - targetSize;

/** Damage a hit deals after deflection: at least 1 (RULES §4). */
export function damageAfterDeflection(raw: number, deflection: number): number {
  return Math.max(1, raw - Math.max(0, deflection));
}

export interface PoolLoss {
  endurance: Pool;
  health: Pool;
  enduranceLost: number;
  healthLost: number;
  /** Damage left over after health reached 0: what "exceeded the remaining health" measures. */
  overflow: number;
}

/** Endurance first, the excess to health, neither below 0 (RULES §4). */
export function absorbDamage(endurance: Pool, health: Pool, amount: number): PoolLoss {
  const damage = Math.max(0, amount);
  const enduranceLost = Math.min(endurance.value, damage);
  const rest = damage - enduranceLost;
  const healthLost = Math.min(health.value, rest);
  return {
    endurance: { ...endurance, value: endurance.value - enduranceLost },
    health: { ...health, value: health.value - healthLost },
    enduranceLost,
    healthLost,
    overflow: rest - healthLost,
  };
}
