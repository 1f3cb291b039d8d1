/**
 * RULES §6 on the GM's client: whoever tends a fallen character (the stabilise Heal test) must be
 * able to act, and in a fight it is one of their actions, taken on their own turn (or with an
 * action given by Command). Checked and spent before the test is rolled, so a refused tending
 * rolls nothing.
 */
import type { BrinkActor } from "../documents/actor";
import { refuse, type Refusal } from "../requests";
import { CONDITIONS_PREVENTING_FIGHTS } from "../rules/dying";
import { TENDING } from "../rules/turn-economy";
import { combatantOf } from "./combat-economy";

/** Why this ally cannot tend anyone now (unconscious, dying, dead…), or null. */
export function tenderRefusal(ally: BrinkActor): Refusal | null {
  const held = CONDITIONS_PREVENTING_FIGHTS.some((condition) => ally.statuses.has(condition));
  return held ? refuse("BRINK.Life.Refusal.ally-cannot-act", { name: ally.name }) : null;
}

/** Spends the tending ally's action when it is in a started fight: the refusal, or null once paid. */
export async function spendTending(ally: BrinkActor, user: User.Implementation): Promise<Refusal | null> {
  const combatant = combatantOf({ actor: ally, token: null });
  if (!combatant) return null;
  const spent = await combatant.resolveEconomy(user, { operation: "action", action: TENDING });
  return spent.ok ? null : spent;
}
