/**
 * RULES §3 Guard on the table: the "guarding" condition (system.conditions) that the attack card,
 * Apply damage, dodge and fortify read. The Guard action sets it (its action rule below); it ends
 * when the guard's next turn starts and when the combat ends. Only the active GM's client writes.
 */
import { actorData } from "../data";
import { defineActionRule } from "../documents/combatant";

export const GUARDING = "guarding";

const isActiveGM = (): boolean => game.users.activeGM?.isSelf === true;

/** Takes the guarding condition off an actor, in one write; nothing is written when it has none. */
export async function endGuard(actor: Actor.Implementation | null | undefined): Promise<void> {
  if (!actor || !isActiveGM()) return;
  const conditions = actorData(actor).conditions;
  if (!conditions.has(GUARDING)) return;
  await actor.update({ system: { conditions: [...conditions].filter((c) => c !== GUARDING) } });
}

/** Puts the guarding condition on the actor (the token and the cards show it). */
async function startGuard(actor: Actor.Implementation): Promise<void> {
  const conditions = actorData(actor).conditions;
  if (!conditions.has(GUARDING)) await actor.update({ system: { conditions: [...conditions, GUARDING] } });
}

export function registerGuardClock(): void {
  defineActionRule("guard", { effect: ({ actor }) => startGuard(actor) });
  Hooks.on("brink.turnStart", (_combat, combatant) => void endGuard(combatant?.actor));
  Hooks.on("deleteCombat", (combat) => {
    for (const combatant of combat.combatants) void endGuard(combatant.actor);
  });
}
