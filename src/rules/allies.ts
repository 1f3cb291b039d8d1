/**
 * RULES §3 actions for and with allies, beyond their costs (turn-economy.ts): Resuscitate's test
 * and what waking writes, Resist's test. Plain data, no Foundry.
 */
import { adjustDefences, type Defender, type TargetOutcome } from "./attacks";
import type { Attribute, Skill } from "./characters";
import { damageAfterDeflection, deflectionFor, type DamageType } from "./damage";
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

/** RULES §3 Intercept: the reach within which a character can step in front of an ally, in metres. */
export const INTERCEPT_REACH = 1;

/**
 * The attack as it lands on the interceptor: the same recorded total (and critical) against the
 * interceptor's evasion and deflection, size-adjusted. The weapon's damage is read off the
 * original hit (its raw damage less the total), so only a hit can be intercepted.
 */
export function interceptedOutcome(
  original: TargetOutcome,
  attack: { total: number; critical: boolean; damageType: DamageType; attackerSize: number },
  interceptor: Defender,
): TargetOutcome {
  const weaponDamage = original.rawDamage - attack.total;
  const defences = adjustDefences(attack.attackerSize, interceptor);
  const hit = attack.critical || attack.total >= defences.evasion;
  const deflection = deflectionFor(attack.damageType, defences.deflection);
  const rawDamage = hit ? attack.total + weaponDamage : 0;
  const damage = hit ? damageAfterDeflection(rawDamage, deflection) : 0;
  return {
    intendedId: original.intendedId,
    targetId: interceptor.id,
    strayed: false,
    defences,
    hit,
    rawDamage,
    deflection,
    damage,
  };
}
