/**
 * RULES §6 "Clocks outside combat" [decision]: once a character is in no running fight, six seconds
 * of world time are one turn of the dying rule's countdown (and free its death save again) or one
 * round of the stabilise rule's deadline. The active GM's client listens to Foundry's world time and
 * writes; the GM passes time from the combat tracker (`passTime`), or any other way Foundry offers.
 */
import { actorData } from "../data";
import { optionalRules } from "../settings";
import { passDownedTime } from "../rules/stabilise";
import { passCriticalTime } from "../rules/critical-damage";
import { passDyingTurns, roundsBetween } from "../rules/world-clock";
import { clocksSettled, runningCombatOf, queueClockWork } from "./clock-time";
import { advanceClock } from "./life";

export { clocksSettled };

/** A clock that runs with world time now: whose, and under which rule. */
export interface RunningClock {
  actor: Actor.Implementation;
  rule: "dying" | "stabilise" | "critical";
}

/** World actors and the actors of unlinked tokens, each once. */
function everyActor(): Actor.Implementation[] {
  const found = new Map<string, Actor.Implementation>();
  for (const actor of game.actors ?? []) found.set(actor.uuid, actor);
  for (const scene of game.scenes ?? [])
    for (const token of scene.tokens)
      if (!token.actorLink && token.actor) found.set(token.actor.uuid, token.actor);
  return [...found.values()];
}

function clockOf(actor: Actor.Implementation): RunningClock | null {
  const rule = optionalRules().deathRule;
  const system = actorData(actor);
  if (system.conditions.has("dead") || runningCombatOf(actor)) return null;
  // RULES §7.3: critical damage's hour runs under any death rule.
  if (system.lifeTracks().critical) return { actor, rule: "critical" };
  if (rule === "dying" && system.conditions.has("dying") && system.lifeTracks().dying) return { actor, rule };
  if (rule === "stabilise" && system.lifeTracks().downed) return { actor, rule };
  return null;
}

/** Every dying or downed character in no running fight: their clocks follow world time. */
export function runningClocks(): RunningClock[] {
  return everyActor().flatMap((actor) => clockOf(actor) ?? []);
}

/** The GM's client moves each running clock by the six-second marks the world time passed. */
async function onWorldTime(worldTime: number, delta: number): Promise<void> {
  if (game.users.activeGM?.isSelf !== true) return;
  const rounds = roundsBetween(worldTime - delta, worldTime);
  if (rounds < 1) return;
  for (const { actor, rule } of runningClocks()) {
    if (rule === "dying") await advanceClock(actor, (state) => passDyingTurns(state, rounds));
    else if (rule === "critical") await advanceClock(actor, (state) => passCriticalTime(state, rounds));
    else await advanceClock(actor, (state) => passDownedTime(state, rounds));
  }
}

/** The GM's pass-time control: Foundry's world time moves on, then the clocks have moved. */
export async function passTime(seconds: number): Promise<void> {
  if (!game.user.isGM) return;
  await game.time.advance(seconds);
  await clocksSettled();
}

export function registerWorldClocks(): void {
  Hooks.on("updateWorldTime", (worldTime, delta) => queueClockWork(() => onWorldTime(worldTime, delta)));
}
