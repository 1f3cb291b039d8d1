import type { TurnEvent, TurnState } from "../../rules/team-turns";

/**
 * Core's combatStart, combatTurn and combatRound hooks, as v13's startCombat, nextTurn and
 * nextRound fire them: on the client that writes (here the active GM's), before the update, with
 * the round and turn about to be written (which a listener may still change, as in core).
 * Brink replaces those methods, so it fires them itself. Ending a turn without the next member
 * chosen moves core's turn to null, which core never does: no hook fires for it.
 */
export function announceToCore(
  combat: Combat.Implementation,
  before: TurnState,
  after: TurnState,
  updateData: { round: number; turn: number | null },
  events: readonly TurnEvent[],
): void {
  const direction = events.some((event) => event.type === "turnUndo") || after.round < before.round ? -1 : 1;
  const updateOptions = { advanceTime: 0, direction };
  // Combat#turn is nullable and is null while no member acts; the hook types assume a number.
  const data = updateData as { round: number; turn: number };
  if (before.phase === "setup" && after.phase !== "setup") Hooks.callAll("combatStart", combat, data);
  else if (after.round !== before.round) Hooks.callAll("combatRound", combat, data, updateOptions);
  else if (updateData.turn !== null && after.current !== before.current) {
    Hooks.callAll("combatTurn", combat, data, updateOptions);
  }
}
