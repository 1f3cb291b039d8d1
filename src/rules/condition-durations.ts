/**
 * RULES §9: conditions that end by themselves. A timed condition names the moment it ends at (the
 * start or the end of the character's own turn, the end of a round, the next rest) and how many
 * such moments it lasts. Brink's team order decides which turn is whose, so "until its next turn"
 * ends when that character's turn starts, never a team-mate's. Combat's moments mean nothing once
 * the fight is over, so the end of a combat ends every condition counted in turns or rounds.
 */

export const EXPIRIES = ["ownTurnStart", "ownTurnEnd", "roundEnd", "rest"] as const;
export type Expiry = (typeof EXPIRIES)[number];

/** One timed condition: it ends at the `count`th `expiry` from now. */
export interface ConditionTimer<S extends string = string> {
  status: S;
  expiry: Expiry;
  count: number;
}

/** What happened, as seen by one character. */
export type ClockEvent = "ownTurnStart" | "ownTurnEnd" | "roundEnd" | "rest" | "combatEnd";

export interface TimedConditions<S extends string = string> {
  conditions: S[];
  timers: ConditionTimer<S>[];
}

export interface StartOptions {
  /** Lasts this many of its moments (default 1). */
  rounds?: number;
  /** Set during the character's own turn: the end of this turn does not count. */
  inOwnTurn?: boolean;
}

/** Puts a condition on with its timer; a timer the condition already had is replaced. */
export function startTimer<S extends string>(
  conditions: readonly S[],
  timers: readonly ConditionTimer<S>[],
  status: S,
  expiry: Expiry,
  options: StartOptions = {},
): TimedConditions<S> {
  const rounds = Math.max(1, Math.trunc(options.rounds ?? 1));
  const count = expiry === "rest" ? 1 : rounds + (expiry === "ownTurnEnd" && options.inOwnTurn ? 1 : 0);
  return {
    conditions: conditions.includes(status) ? [...conditions] : [...conditions, status],
    timers: [...timers.filter((timer) => timer.status !== status), { status, expiry, count }],
  };
}

export interface TickResult<S extends string = string> extends TimedConditions<S> {
  /** The conditions that ended, in the order their timers were set. */
  ended: S[];
}

/**
 * What one event does to a character's timed conditions: each timer waiting for it counts down and
 * ends its condition at zero. Null when nothing changes, so the caller writes nothing. A timer whose
 * condition is no longer on (taken off by hand) is dropped with any other change.
 */
export function tick<S extends string>(
  conditions: readonly S[],
  timers: readonly ConditionTimer<S>[],
  event: ClockEvent,
): TickResult<S> | null {
  const ended: S[] = [];
  const kept: ConditionTimer<S>[] = [];
  let changed = false;
  for (const timer of timers) {
    if (!conditions.includes(timer.status)) {
      changed = true;
      continue;
    }
    const ends = event === "combatEnd" ? timer.expiry !== "rest" : timer.expiry === event;
    if (!ends) {
      kept.push(timer);
      continue;
    }
    changed = true;
    if (event !== "combatEnd" && timer.count > 1) kept.push({ ...timer, count: timer.count - 1 });
    else ended.push(timer.status);
  }
  if (!changed) return null;
  return { conditions: conditions.filter((status) => !ended.includes(status)), timers: kept, ended };
}

export type Remaining =
  | { moment: "turnStart" | "turnEnd"; turns: number }
  | { moment: "roundEnd"; rounds: number }
  | { moment: "rest" };

/**
 * How long a timed condition has left: in the character's turns (0: the end of the turn it is
 * taking now), in round ends, or until a rest.
 */
export function remainingOf(timer: ConditionTimer, { acting }: { acting: boolean }): Remaining {
  switch (timer.expiry) {
    case "ownTurnStart":
      return { moment: "turnStart", turns: timer.count };
    case "ownTurnEnd":
      return { moment: "turnEnd", turns: acting ? timer.count - 1 : timer.count };
    case "roundEnd":
      return { moment: "roundEnd", rounds: timer.count };
    case "rest":
      return { moment: "rest" };
  }
}
