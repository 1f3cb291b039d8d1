/** Who can take turns at all: the conditions that take a member's turns away. */

/** Conditions that take away a member's turns (RULES §1 and §9). Dying characters still act (S2). */
export const CONDITIONS_PREVENTING_TURNS = [
  "unconscious",
  "incapacitated",
  "dead",
  "retreated",
  "routed",
  "paralysed",
  "delirious",
] as const;
export type TurnPreventingCondition = (typeof CONDITIONS_PREVENTING_TURNS)[number];

export function canActWith(conditions: Iterable<string>): boolean {
  const blocking: readonly string[] = CONDITIONS_PREVENTING_TURNS;
  for (const condition of conditions) if (blocking.includes(condition)) return false;
  return true;
}
