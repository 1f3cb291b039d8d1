/**
 * RULES §9 at the table: timed conditions (system.conditions with their system.timers) end by
 * themselves at the moment of Brink's team order they name. Brink's combat hooks fire on every
 * client; only the active GM's client writes, one actor update per actor per event, and nothing
 * when no timer is due. Rests end "until the next rest" inside the rest's own write (workflows/rest).
 */
import { actorData } from "../data";
import type { StatusId } from "../status-effects";
import {
  EXPIRIES,
  startTimer,
  tick,
  type ClockEvent,
  type ConditionTimer,
  type Expiry,
  type StartOptions,
} from "../rules/condition-durations";

const isActiveGM = (): boolean => game.users.activeGM?.isSelf === true;

const isExpiry = (value: string): value is Expiry => (EXPIRIES as readonly string[]).includes(value);

/** The actor's timers as the rules read them (the schema admits only known statuses and expiries). */
export function timersOf(actor: Actor.Implementation): ConditionTimer<StatusId>[] {
  return actorData(actor).timers.flatMap(({ status, expiry, count }) =>
    isExpiry(expiry) ? [{ status, expiry, count }] : [],
  );
}

/** The actor's conditions that are on, each with its timer when it has one (the tracker reads this). */
export function timedConditions(actor: Actor.Implementation): ConditionTimer<StatusId>[] {
  const conditions = actorData(actor).conditions;
  return timersOf(actor).filter((timer) => conditions.has(timer.status));
}

/**
 * One write at a time per actor: two events of one turn change (the end of the last turn, then the
 * end of the round) each read what the one before wrote, so neither brings back what the other ended.
 */
const queues = new Map<string, Promise<void>>();

function serially(actor: Actor.Implementation, work: () => Promise<void>): Promise<void> {
  const key = actor.uuid;
  const before = queues.get(key);
  const run = (before ? before.then(work) : work()).catch((error: unknown) =>
    console.error(`Brink | a timed condition on ${actor.name} could not be updated`, error),
  );
  queues.set(key, run);
  void run.then(() => {
    if (queues.get(key) === run) queues.delete(key);
  });
  return run;
}

/** Settles once every timed-condition write queued so far has landed. */
export async function durationsSettled(): Promise<void> {
  while (queues.size > 0) await Promise.all(queues.values());
}

/** Puts a condition on the actor until the moment given, in one write (the active GM's client). */
export function setTimedCondition(
  actor: Actor.Implementation,
  status: StatusId,
  expiry: Expiry,
  options: StartOptions = {},
): Promise<void> {
  return serially(actor, async () => {
    const next = startTimer([...actorData(actor).conditions], timersOf(actor), status, expiry, options);
    await actor.update({ system: { conditions: next.conditions, timers: next.timers } });
  });
}

/** One event for one actor: ends what is due, in one write; writes nothing when nothing is. */
export function passMoment(actor: Actor.Implementation | null | undefined, event: ClockEvent): Promise<void> {
  if (!actor || !isActiveGM()) return Promise.resolve();
  return serially(actor, async () => {
    const result = tick([...actorData(actor).conditions], timersOf(actor), event);
    if (result) await actor.update({ system: { conditions: result.conditions, timers: result.timers } });
  });
}

/** Each actor in the combat once, however many combatants it has. */
function actorsOf(combat: Combat.Implementation): Actor.Implementation[] {
  const actors = new Map<string, Actor.Implementation>();
  for (const combatant of combat.combatants)
    if (combatant.actor) actors.set(combatant.actor.uuid, combatant.actor);
  return [...actors.values()];
}

export function registerConditionClock(): void {
  Hooks.on("brink.turnStart", (_combat, combatant) => void passMoment(combatant?.actor, "ownTurnStart"));
  Hooks.on("brink.turnEnd", (_combat, combatant) => void passMoment(combatant?.actor, "ownTurnEnd"));
  Hooks.on("brink.roundEnd", (combat) => {
    for (const actor of actorsOf(combat)) void passMoment(actor, "roundEnd");
  });
  Hooks.on("deleteCombat", (combat) => {
    for (const actor of actorsOf(combat)) void passMoment(actor, "combatEnd");
  });
}
