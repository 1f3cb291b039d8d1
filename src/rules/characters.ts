import type { DieRating, DieSize } from "./dice";

/** RULES §1: the six attributes and ten skills, in sheet order. */
export const ATTRIBUTES = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export const SKILLS = [
  "athletics",
  "combat",
  "heal",
  "notice",
  "investigate",
  "sneak",
  "lore",
  "persuade",
  "survival",
  "craft",
] as const;
export type Skill = (typeof SKILLS)[number];

/** Step a die down one size; below d4 the rating becomes 0 (no die). */
export function stepDown(rating: DieRating): DieRating {
  switch (rating) {
    case 12:
      return 10;
    case 10:
      return 8;
    case 8:
      return 6;
    case 6:
      return 4;
    default:
      return 0;
  }
}

/** Step a die up one size, capped at d12; from 0 it becomes d4. */
export function stepUp(rating: DieRating): DieSize {
  switch (rating) {
    case 0:
      return 4;
    case 4:
      return 6;
    case 6:
      return 8;
    case 8:
      return 10;
    default:
      return 12;
  }
}

/** RULES §2 [decision]: the modifier of a plain d20 check, (die size − 6) ÷ 2. A rating of 0 gives −3. */
export function abilityModifier(rating: DieRating): number {
  return rating === 0 ? -3 : (rating - 6) / 2;
}

/** What an attribute at 0 does to its owner (RULES §1 decision after S3). */
export type ZeroAttributeOutcome = "dead" | "paralysed" | "delirious" | "unable-to-act";
export function zeroAttributeOutcome(attribute: Attribute): ZeroAttributeOutcome {
  switch (attribute) {
    case "str":
    case "con":
      return "dead";
    case "dex":
      return "paralysed";
    case "wis":
      return "delirious";
    default:
      return "unable-to-act";
  }
}

export interface Pool {
  value: number;
  max: number;
}

/** RULES §1 derived states. */
export const isHarmed = (endurance: Pool): boolean => endurance.value <= endurance.max / 2;
export const isBloodied = (health: Pool): boolean => health.value < health.max;

/**
 * [decision] The attribute a skill test starts with in the roll dialog; the player may pick another.
 */
export const DEFAULT_SKILL_ATTRIBUTE: Record<Skill, Attribute> = {
  athletics: "str",
  combat: "str",
  heal: "wis",
  notice: "wis",
  investigate: "int",
  sneak: "dex",
  lore: "int",
  persuade: "cha",
  survival: "wis",
  craft: "int",
};

/** RULES §1: at this much exhaustion a character's speed is 0 and it cannot fight. */
export const EXHAUSTION_STOPS_FIGHTING = 5;
/** The most exhaustion a character can carry (the sheet's track). */
export const MAX_EXHAUSTION = 6;
export const tooExhaustedToFight = (exhaustion: number): boolean => exhaustion >= EXHAUSTION_STOPS_FIGHTING;

/** Why a character may not attack now: a condition that takes its turns away, or exhaustion 5+. */
export type FightBlocker<Condition extends string = string> =
  { kind: "condition"; condition: Condition } | { kind: "exhausted"; exhaustion: number };

/**
 * The first reason a character cannot fight, or null. `preventing` lists the conditions that take
 * turns away (team turns own that list); conditions are checked before exhaustion.
 */
export function fightBlocker<Condition extends string>(
  conditions: Iterable<string>,
  exhaustion: number,
  preventing: readonly Condition[],
): FightBlocker<Condition> | null {
  const held = new Set(conditions);
  const condition = preventing.find((id) => held.has(id));
  if (condition !== undefined) return { kind: "condition", condition };
  return tooExhaustedToFight(exhaustion) ? { kind: "exhausted", exhaustion } : null;
}
