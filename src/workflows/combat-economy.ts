/**
 * Where the damage and attack workflows meet the turn economy (RULES §3): whether an actor still has
 * its reaction in the current fight, and marking it used. The damage chain's rules already debit the
 * stamina a reaction costs on the actor, so the combatant only records that its reaction is gone.
 * Outside combat a character always has its reaction.
 */
import { brinkCombat } from "../documents/combat";
import type { BrinkCombatant } from "../documents/combatant";
import { spendReaction as spendReactionRule, type ReactionKey } from "../rules/turn-economy";

export function combatantOf(actor: Actor.Implementation): BrinkCombatant | undefined {
  const combat = brinkCombat(game.combat);
  if (!combat?.started) return undefined;
  // Brink registers BrinkCombatant as the Combatant class.
  return combat.combatants.find((c) => c.actorId === actor.id) as unknown as BrinkCombatant | undefined;
}

export function reactionAvailable(actor: Actor.Implementation): boolean {
  const combatant = combatantOf(actor);
  return combatant ? combatant.economy.reactionsLeft > 0 : true;
}

/** Plenty of everything: the pools were already checked and debited by the damage chain. */
const UNMETERED = { stamina: Number.MAX_SAFE_INTEGER, focus: Number.MAX_SAFE_INTEGER };

/** Marks the actor's reaction used on its combatant (the GM's client; a second document, a second write). */
export async function spendReaction(actor: Actor.Implementation, reaction: ReactionKey): Promise<void> {
  const combatant = combatantOf(actor);
  const combat = combatant?.combat ? brinkCombat(combatant.combat) : null;
  if (!combatant || !combat) return;
  const result = spendReactionRule(combatant.economy, reaction, UNMETERED);
  if (!result.ok) return;
  const { round, turn } = combat.clock;
  await combatant.update({ system: { ...result.economy, stamp: { round, turn } } } as never);
}
