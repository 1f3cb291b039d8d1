/**
 * Where the damage and attack workflows meet the turn economy (RULES §3): whether an actor still has
 * its reaction, and spending it. Outside combat a character always has its reaction.
 */
type CombatantLike = { actorId: string | null; system: unknown; update(data: object): Promise<unknown> };

function combatantOf(actor: Actor.Implementation): CombatantLike | undefined {
  const combat = game.combat;
  if (!combat?.started) return undefined;
  // Brink's combatants carry the turn economy in system data (data/combat).
  return combat.combatants.find((c) => c.actorId === actor.id) as unknown as CombatantLike | undefined;
}

interface EconomyLike {
  reactionsLeft?: number;
  economy?: { reactionsLeft?: number };
}

function reactionsLeft(combatant: CombatantLike): number | undefined {
  const system = combatant.system as EconomyLike;
  return system.economy?.reactionsLeft ?? system.reactionsLeft;
}

export function reactionAvailable(actor: Actor.Implementation): boolean {
  const combatant = combatantOf(actor);
  const left = combatant ? reactionsLeft(combatant) : undefined;
  return left === undefined ? true : left > 0;
}

/** Spends the actor's reaction on its combatant (a second document, so a second write). */
export async function spendReaction(actor: Actor.Implementation): Promise<void> {
  const combatant = combatantOf(actor);
  if (!combatant) return;
  const system = combatant.system as EconomyLike;
  if (system.economy?.reactionsLeft !== undefined) {
    await combatant.update({ "system.economy.reactionsLeft": Math.max(0, system.economy.reactionsLeft - 1) });
  } else if (system.reactionsLeft !== undefined) {
    await combatant.update({ "system.reactionsLeft": Math.max(0, system.reactionsLeft - 1) });
  }
}
