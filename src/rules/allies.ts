/**
 * RULES §3 actions for and with allies, beyond their costs (turn-economy.ts): Resuscitate's test
 * and what waking writes, Resist's test. Plain data, no Foundry.
 */
import type { Attribute, Skill } from "./characters";
import { stabiliseDifficulty } from "./dying";

/**
 * [decision] S4 names no test for Resuscitate: it is a WIS + Heal test against the difficulty of
 * stabilising without healing tools (RULES §6), 10.
 */
export const RESUSCITATE_TEST: { attribute: Attribute; skill: Skill; difficulty: number } = {
  attribute: "wis",
  skill: "heal",
  difficulty: stabiliseDifficulty(false),
};

/** [decision] S4 names no test for Resist: a plain WIS test against the difficulty the GM names. */
export const RESIST_ATTRIBUTE: Attribute = "wis";
export const MAX_RESIST_DIFFICULTY = 30;

export type ResuscitateRefusal = "dead" | "not-unconscious" | "downed";

/**
 * Whom Resuscitate can wake: an unconscious character that is not dead, and not downed under the
 * stabilise rule (that clock ends only by stabilising).
 */
export function resuscitateRefusal(
  statuses: ReadonlySet<string>,
  downed: boolean,
): ResuscitateRefusal | undefined {
  if (statuses.has("dead")) return "dead";
  if (!statuses.has("unconscious")) return "not-unconscious";
  return downed ? "downed" : undefined;
}

/** Back to consciousness, as healing wakes a character: unconscious and stable come off. */
export const wokenConditions = <T extends string>(conditions: Iterable<T>): T[] =>
  [...conditions].filter((condition) => condition !== "unconscious" && condition !== "stable");

/** Going prone, as Resuscitate's taker does. */
export const withProne = <T extends string>(conditions: Iterable<T>): (T | "prone")[] => [
  ...new Set<T | "prone">([...conditions, "prone"]),
];
