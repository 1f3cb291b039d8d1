/**
 * RULES §3 Guard on the table: the "guarding" condition (system.conditions) that the attack card,
 * Apply damage, dodge and fortify read. The Guard action sets it (its action rule below) as a timed
 * condition: it ends when the guard's next turn starts, or when the combat ends (workflows/durations).
 * Only the active GM's client writes.
 */
import { defineActionRule } from "../documents/combatant";
import { setTimedCondition } from "./durations";

export const GUARDING = "guarding";

export function registerGuardClock(): void {
  defineActionRule("guard", { effect: ({ actor }) => setTimedCondition(actor, GUARDING, "ownTurnStart") });
}
