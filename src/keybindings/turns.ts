/**
 * The turn keys: take a turn for one of your combatants whose move it is, and end the turn of the
 * acting combatant. Both ask the GM through the same requests as the tracker's buttons.
 */
import { warn } from "../applications/dialog-form";
import { brinkCombat, type BrinkCombat } from "../documents/combat";
import type { BrinkCombatant } from "../documents/combatant";
import { membersToMove } from "../rules/team-turns";

function runningCombat(): BrinkCombat | null {
  const combat = brinkCombat(game.combat);
  if (!combat?.started) {
    warn("BRINK.Keybinding.noCombat");
    return null;
  }
  return combat;
}

const isControlled = (combatant: BrinkCombatant): boolean =>
  // The token's placeable; core types it as a full Token, Brink reads only `controlled`.
  (combatant.token?.object as { controlled?: boolean } | null | undefined)?.controlled === true;

/**
 * Whose turn the key takes: among the combatants this user owns that may move now, the one whose
 * token is selected, else the user's own character, else the only one. Null when that is unclear.
 */
export function turnCandidate(combat: BrinkCombat): BrinkCombatant | null {
  const movers = membersToMove(combat.turnState)
    .map((id) => combat.combatants.get(id))
    .filter((c): c is BrinkCombatant => c !== undefined && c.isOwnedBy(game.user));
  const controlled = movers.filter(isControlled);
  if (controlled.length === 1) return controlled[0] ?? null;
  const character = game.user.character?.id;
  const own = movers.find((c) => character !== undefined && c.actor?.id === character);
  if (own) return own;
  return movers.length === 1 ? (movers[0] ?? null) : null;
}

export async function takeTurnByKey(): Promise<void> {
  const combat = runningCombat();
  if (!combat) return;
  const candidate = turnCandidate(combat);
  if (!candidate) return warn("BRINK.Keybinding.noTurnToTake");
  await combat.takeTurn(candidate.id ?? "");
}

export async function endTurnByKey(): Promise<void> {
  const combat = runningCombat();
  if (!combat) return;
  const current = combat.turnState.current;
  const acting = current === null ? undefined : combat.combatants.get(current);
  if (!acting) return warn("BRINK.Combat.Refusal.noTurnInProgress");
  if (!acting.isOwnedBy(game.user)) return warn("BRINK.Keybinding.notYours", { name: acting.name ?? "" });
  await combat.endTurn();
}
