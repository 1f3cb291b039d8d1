/**
 * Where the damage and attack workflows meet the turn economy (RULES §3): whether an actor still has
 * its reaction in the current fight, and marking it used. The damage chain's rules already debit the
 * stamina a reaction costs on the actor, so the combatant only records that its reaction is gone.
 * Outside combat a character always has its reaction.
 */
import type { ReactionSpent } from "../data/chat";
import { brinkCombat } from "../documents/combat";
import { BrinkCombatant } from "../documents/combatant";
import { spendReaction as spendReactionRule, type ReactionKey } from "../rules/turn-economy";
import { writes } from "../foundry/typed-writes";

/** Who is being hit: the token on the scene (when the card named one) and its actor. */
export interface Fighter {
  actor: Actor.Implementation;
  token: { id: string | null; parent: { id: string | null } | null } | null;
}

/**
 * The fighter's combatant in a started combat: the one for its token (in whichever combat holds
 * that token, the viewed one first); for a token with none, its character's combatant, but never
 * another token's copy of the same actor. Without a token (an attacker), the actor's first
 * combatant, the viewed combat first.
 */
export function combatantOf({ actor, token }: Fighter): BrinkCombatant | undefined {
  const viewed = brinkCombat(game.combat);
  const started = [viewed, ...game.combats.contents.map(brinkCombat)].filter(
    (combat): combat is NonNullable<typeof combat> => combat?.started === true,
  );
  for (const combat of started) {
    // Brink registers BrinkCombatant as the Combatant class, so this keeps every combatant.
    const combatants = combat.combatants.contents.filter((c) => c instanceof BrinkCombatant);
    const found = token?.id
      ? combatants.find((c) => c.tokenId === token.id && c.sceneId === (token.parent?.id ?? c.sceneId))
      : undefined;
    if (found) return found;
    // A token's own copy of an actor fights only as its own combatant; a character is one combatant
    // whichever of its tokens was hit (issue 23).
    if (token?.id && actor.isToken) continue;
    const same = combatants.filter((c) => c.actorId === actor.id && (!token?.id || c.actor === actor));
    if (same.length) return same[0];
  }
  return undefined;
}

export function reactionAvailable(fighter: Fighter): boolean {
  const combatant = combatantOf(fighter);
  return combatant ? combatant.economy.reactionsLeft > 0 : true;
}

/** What giving a spent reaction back needs: the combatant and the round it was spent in. */
export type { ReactionSpent } from "../data/chat";

/** Gives a reaction back to the combatant that spent it, if its round is still going (else it has it back). */
export async function giveReactionBack(spent: ReactionSpent | null | undefined): Promise<void> {
  if (!spent) return;
  const found = await fromUuid(spent.combatantUuid);
  const combatant = found instanceof BrinkCombatant ? found : null;
  const combat = combatant?.combat ? brinkCombat(combatant.combat) : null;
  if (!combatant || !combat || combat.clock.round !== spent.round) return;
  const economy = combatant.economy;
  const { round, turn } = combat.clock;
  await combatant.update(
    writes.Combatant.update({
      system: { ...economy, reactionsLeft: economy.reactionsLeft + 1, stamp: { round, turn } },
    }),
  );
}

/** Plenty of everything: the pools were already checked and debited by the damage chain. */
const UNMETERED = { stamina: Number.MAX_SAFE_INTEGER, focus: Number.MAX_SAFE_INTEGER };

/** Marks the actor's reaction used on its combatant (the GM's client; a second document, a second write). */
export async function spendReaction(fighter: Fighter, reaction: ReactionKey): Promise<ReactionSpent | null> {
  const combatant = combatantOf(fighter);
  const combat = combatant?.combat ? brinkCombat(combatant.combat) : null;
  if (!combatant || !combat) return null;
  const result = spendReactionRule(combatant.economy, reaction, UNMETERED);
  if (!result.ok) return null;
  const { round, turn } = combat.clock;
  await combatant.update(writes.Combatant.update({ system: { ...result.economy, stamp: { round, turn } } }));
  return { combatantUuid: combatant.uuid, round };
}
