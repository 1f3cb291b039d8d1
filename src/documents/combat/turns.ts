/**
 * Turns on the active GM's client: claimed, ended, skipped, undone, delayed; rounds and combat ended.
 * Skipping, undoing and ending a round or the combat are the GM's: the request registry
 * (brink-combat.ts, `who: "gm"`) refuses anyone else before these run.
 */
import { allowedBy, announceWrite, MODULE_HOOKS } from "../../hooks/module-hooks";
import { refuse, type RequestResult } from "../../requests";
import {
  delayMember,
  endCombat,
  endRound,
  endTurn,
  skipTurn,
  takeTurn,
  undoLastTurn,
} from "../../rules/team-turns";
import { commitResult } from "./results";

export async function resolveTakeTurn(
  combat: Combat.Implementation,
  user: User.Implementation,
  combatantId: string,
): Promise<RequestResult> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
  const data = { name: combatant.name ?? "" };
  if (!combatant.isOwnedBy(user)) return refuse("BRINK.Combat.Refusal.notOwner", data);
  const claim = takeTurn(combat.turnState, combatantId, { byGM: user.isGM });
  const context = { userId: user.id ?? "" };
  if (claim.ok && !allowedBy(MODULE_HOOKS.preClaimTurn, combat, combatant, context))
    return refuse("BRINK.Hooks.Cancelled.claimTurn", data);
  const done = await commitResult(combat, claim, data);
  if (done.ok) announceWrite(MODULE_HOOKS.claimTurn, combat, combatant, context);
  return done;
}

export async function resolveEndTurn(
  combat: Combat.Implementation,
  user: User.Implementation,
): Promise<RequestResult> {
  const state = combat.turnState;
  const combatant = state.current === null ? undefined : combat.combatants.get(state.current);
  if (combatant && !combatant.isOwnedBy(user)) {
    return refuse("BRINK.Combat.Refusal.notYourTurn", { name: combatant.name ?? "" });
  }
  return commitResult(combat, endTurn(state));
}

export async function resolveSkipTurn(
  combat: Combat.Implementation,
  user: User.Implementation,
  combatantId: string,
): Promise<RequestResult> {
  const data = { name: combat.combatants.get(combatantId)?.name ?? "" };
  return commitResult(combat, skipTurn(combat.turnState, combatantId), data);
}

export async function resolveUndo(
  combat: Combat.Implementation,
  _user: User.Implementation,
): Promise<RequestResult> {
  return commitResult(combat, undoLastTurn(combat.turnState));
}

export async function resolveEndRound(
  combat: Combat.Implementation,
  _user: User.Implementation,
): Promise<RequestResult> {
  return commitResult(combat, endRound(combat.turnState));
}

export async function resolveEnd(
  combat: Combat.Implementation,
  _user: User.Implementation,
): Promise<RequestResult> {
  const result = endCombat(combat.turnState);
  // A combat that never began, or already ended, has nothing to announce: it can simply go.
  return result.ok ? commitResult(combat, result) : { ok: true };
}

export async function resolveDelay(
  combat: Combat.Implementation,
  user: User.Implementation,
  combatantId: string,
  afterId: string,
): Promise<RequestResult> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
  const data = { name: combatant.name ?? "" };
  if (!combatant.isOwnedBy(user)) return refuse("BRINK.Combat.Refusal.notOwner", data);
  return commitResult(combat, delayMember(combat.turnState, combatantId, afterId), data);
}
