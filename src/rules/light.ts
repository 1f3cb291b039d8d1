import type { WeaponDelivery } from "./attacks";
import type { Skill } from "./characters";

/**
 * RULES §7.5 (S1 "Light"): the light a creature stands in, as a condition. Well lit is no
 * condition. Brink's reading of the source's lists [decisions, in the rules journal]:
 * - Darkness: advantage on Sneak tests; disadvantage on every attack (and killing strike), on
 *   Dodge and Fortify (the defence tests), and on Notice tests (sight).
 * - Dim light: advantage on Sneak; disadvantage on ranged (thrown or projectile) attacks, on a
 *   Dodge against a ranged attack, and on Notice.
 * - Brilliant light: advantage on Survival (tracking) and Notice (seeing movement); disadvantage
 *   on Sneak and on long-range attacks, which in Brink are projectile weapons (bows, slings).
 * - Darksight: in darkness each of those disadvantages is an advantage instead.
 * Listening is not told apart from sight by a Notice test; the GM gives it with the dialog's
 * advantage choice.
 */
export const LIGHT_LEVELS = ["darkness", "dim-light", "brilliant-light"] as const;
export type LightLevel = (typeof LIGHT_LEVELS)[number];

/** The proficiency tag that gives a creature darksight. */
export const DARKSIGHT = "darksight";

/** What a roll is, as light reads it. */
export interface LitRoll {
  /** An attack or a killing strike. */
  readonly attack: boolean;
  /** Dodge or Fortify. */
  readonly defence: boolean;
  readonly skill: Skill | null;
  /** The weapon's delivery for an attack; for a Dodge, the delivery of the attack dodged, when known. */
  readonly delivery?: WeaponDelivery;
}

/** The light a creature stands in: the darkest level among its conditions (darkness first). */
export const lightLevelOf = (conditions: ReadonlySet<string>): LightLevel | null =>
  LIGHT_LEVELS.find((level) => conditions.has(level)) ?? null;

const isRanged = (delivery: WeaponDelivery | undefined): boolean =>
  delivery === "thrown" || delivery === "projectile";

/** Darkness's disadvantages: all attacks, the defence tests, sight. */
const darknessHinders = (roll: LitRoll): boolean => roll.attack || roll.defence || roll.skill === "notice";

/** +1 advantage, −1 disadvantage, 0 when the light does nothing to this roll. */
export function lightAdvantage(level: LightLevel, roll: LitRoll, darksight: boolean): number {
  switch (level) {
    case "darkness":
      if (roll.skill === "sneak") return 1;
      if (darknessHinders(roll)) return darksight ? 1 : -1;
      return 0;
    case "dim-light":
      if (roll.skill === "sneak") return 1;
      if ((roll.attack || roll.defence) && isRanged(roll.delivery)) return -1;
      return roll.skill === "notice" ? -1 : 0;
    case "brilliant-light":
      if (roll.skill === "survival" || roll.skill === "notice") return 1;
      if (roll.skill === "sneak") return -1;
      return roll.attack && roll.delivery === "projectile" ? -1 : 0;
  }
}
