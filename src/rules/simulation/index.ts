/**
 * Issue 28, encounter odds: simulate the fight itself, many times, with the rules engine's own
 * functions and a seeded dice source, and sum up how it tends to go.
 */
import { seededDice } from "../dice";
import { simulateFight, type PreparedFight } from "./fight";
import { addOutcome, emptyTally, summarise, type Odds, type Tally } from "./odds";
import { prepareFight, type EncounterProblem } from "./prepare";
import type { Encounter } from "./input";

export * from "./input";
export { MAX_ROUNDS, simulateFight, type FightOutcome, type FightResult, type PreparedFight } from "./fight";
export * from "./odds";
export { prepareFight, type EncounterProblem } from "./prepare";

/** Enough fights for a first figure, and for the figures the tracker and planner settle on. */
export const FIRST_ESTIMATE_FIGHTS = 1_000;
export const DEFAULT_FIGHTS = 10_000;

/** Runs `count` more fights into `tally`, drawing from `dice` (a seeded run is reproducible). */
export function runFights(
  prepared: PreparedFight,
  count: number,
  dice: ReturnType<typeof seededDice>,
  tally: Tally = emptyTally(prepared.templates.length),
): Tally {
  for (let i = 0; i < count; i++) addOutcome(tally, simulateFight(prepared, dice));
  return tally;
}

export interface SimulationOptions {
  readonly fights?: number;
  readonly seed?: number;
}

/** The odds of an encounter: `fights` simulated fights from `seed`; the same seed, the same figures. */
export function encounterOdds(
  encounter: Encounter,
  options: SimulationOptions = {},
): Odds | EncounterProblem {
  const prepared = prepareFight(encounter);
  if (typeof prepared === "string") return prepared;
  const tally = runFights(prepared, options.fights ?? DEFAULT_FIGHTS, seededDice(options.seed ?? 1));
  return summarise(prepared, tally);
}
