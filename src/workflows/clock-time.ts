/**
 * Where a character's dying or downed clock takes its time from (RULES §6 "Clocks outside combat"):
 * the fight it is in while one runs, world time otherwise. Also the chain of clock work the GM's
 * client starts from hooks, so a control (and a test) can wait until the clocks have moved.
 */
import { BrinkCombat } from "../documents/combat";
import { isRunning } from "../rules/team-turns";
import { outOfCombatRound } from "../rules/world-clock";

let settled: Promise<unknown> = Promise.resolve();

/**
 * Queues hook-started clock work behind the clock work before it, so two quick changes of time never
 * read the same clock and overwrite each other; `clocksSettled` waits for the queue.
 */
export function queueClockWork(work: () => Promise<unknown>): void {
  settled = settled.then(work).catch((error: unknown) => console.error("Brink | a clock failed:", error));
}

/** Settles once every clock change started so far on this client has been written. */
export async function clocksSettled(): Promise<void> {
  let seen: Promise<unknown>;
  do {
    seen = settled;
    await seen;
  } while (seen !== settled);
}

/** The running combat (begun, not ended) this actor fights in, if any. */
export function runningCombatOf(actor: Actor.Implementation): BrinkCombat | null {
  for (const combat of game.combats ?? []) {
    if (!(combat instanceof BrinkCombat) || !isRunning(combat.turnState)) continue;
    if (combat.combatants.contents.some((combatant) => combatant.actor?.uuid === actor.uuid)) return combat;
  }
  return null;
}

/**
 * The round an ally's stabilise attempt counts in: the fight's round while the character is in a
 * running fight, else the six seconds of world time now passing.
 */
export function stabiliseRound(actor: Actor.Implementation): number {
  const combat = runningCombatOf(actor);
  return combat ? combat.turnState.round : outOfCombatRound(game.time.worldTime);
}
