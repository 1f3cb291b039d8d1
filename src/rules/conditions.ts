import type { WeaponDelivery } from "./attacks";

/**
 * RULES §9: what a target's conditions do to an attack against it. Prone: melee attackers gain
 * advantage, ranged attackers suffer disadvantage. In cover: ranged attackers suffer disadvantage.
 * Guarding: +1 to all defences (evasion and deflection) until the guard's next turn.
 */
export interface AttackConditions {
  advantages: number;
  disadvantages: number;
  /** Added to the target's evasion and to both deflections. */
  defenceBonus: number;
}

export function conditionsAgainst(delivery: WeaponDelivery, statuses: ReadonlySet<string>): AttackConditions {
  const ranged = delivery !== "melee";
  const prone = statuses.has("prone");
  return {
    advantages: prone && !ranged ? 1 : 0,
    disadvantages: (prone && ranged ? 1 : 0) + (statuses.has("in-cover") && ranged ? 1 : 0),
    defenceBonus: statuses.has("guarding") ? 1 : 0,
  };
}
