/**
 * Core's combatRound and combatTurn hooks, fired with the update options v13 and v14 pass to them
 * (https://foundryvtt.com/api/v14/functions/hookEvents.combatRound.html).
 */
interface CombatHookOptions {
  direction: number;
  worldTime: { delta: number };
}

export function callCombatHook(
  hook: "combatRound" | "combatTurn",
  combat: Combat.Implementation,
  data: { round: number; turn: number },
  options: CombatHookOptions,
): void {
  // fvtt-types still types these options as v12's `{advanceTime, direction}`; v13 passes worldTime.
  Hooks.callAll(hook, combat, data, options as never);
}
