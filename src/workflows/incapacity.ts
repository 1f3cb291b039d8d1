/**
 * RULES §1 [decision, docs/decisions.md]: STR or CON at 0 kills, and death is recorded. Paralysed,
 * delirious and unable to act are derived from the dice (documents/actor.ts) and end when the die
 * comes back; death does not, so the active GM's client writes the dead condition the first time it
 * sees a living actor with STR or CON at 0. Bringing the character back is the GM's call (remove the
 * condition from the token HUD), as for any other death.
 */
import { actorData } from "../data";
import { BrinkActor } from "../documents/actor";

async function recordDeathFromAttributes(actor: unknown): Promise<void> {
  if (!(actor instanceof BrinkActor) || !game.users.activeGM?.isSelf) return;
  const data = actorData(actor);
  if (!data.incapacities.includes("dead") || data.conditions.has("dead")) return;
  await actor.toggleStatusEffect("dead", { active: true });
}

const ownerOf = (document: { parent: unknown }): unknown => {
  const parent = document.parent;
  return parent instanceof Item ? parent.parent : parent;
};

/** Every change that can step an attribute: the actor itself, its items, its effects and theirs. */
export function registerIncapacity(): void {
  Hooks.on("updateActor", (actor) => void recordDeathFromAttributes(actor));
  const onOwned = (document: { parent: unknown }) => void recordDeathFromAttributes(ownerOf(document));
  for (const hook of ["createItem", "updateItem", "deleteItem"] as const) Hooks.on(hook, onOwned);
  for (const hook of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"] as const)
    Hooks.on(hook, onOwned);
}
