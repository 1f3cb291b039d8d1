/**
 * What the formation rules (rules/detachment-forming) need to know of each selected token, read
 * from the scene on the GM's client.
 */
import { actorData } from "../../data";
import type { FormationCandidate } from "../../rules/detachment-forming";

/** Whether the token has a combatant in any combat (core keys a combatant by scene and token). */
function inAnyCombat(token: TokenDocument.Implementation, sceneId: string): boolean {
  return game.combats.contents.some((combat) =>
    combat.combatants.contents.some(
      (combatant) => combatant.tokenId === token.id && combatant.sceneId === sceneId,
    ),
  );
}

export function candidateOf(token: TokenDocument.Implementation, sceneId: string): FormationCandidate {
  const actor = token.actor;
  const kind = token.actorId ? game.actors.get(token.actorId) : undefined;
  const system = actor ? actorData(actor) : null;
  const pool = (key: "endurance" | "health") => ({
    value: system?.[key].value ?? 0,
    max: system?.[key].max ?? 0,
  });
  return {
    name: token.name,
    kindId: actor && kind ? (kind.id ?? null) : null,
    isNpc: actor?.type === "npc",
    isDetachment: system?.detachment.enabled === true,
    dead: system?.conditions.has("dead") === true,
    inCombat: inAnyCombat(token, sceneId),
    endurance: pool("endurance"),
    health: pool("health"),
  };
}
