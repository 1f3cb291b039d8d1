/**
 * Many simulated fights summed up as the figures a GM reads, each with its 95% interval: a chance
 * with Wilson's score interval, an expectation with the normal interval of its mean.
 */
import type { FightOutcome } from "./fight";
import type { PreparedFight } from "./fight";

/** 1.96: the two-sided 95% normal quantile. */
export const Z_95 = 1.959963984540054;

/** A figure and how far its 95% interval reaches from it (the larger side, for a Wilson interval). */
export interface Estimate {
  readonly value: number;
  readonly margin: number;
  readonly low: number;
  readonly high: number;
}

/** Wilson's score interval for `successes` out of `trials`. */
export function wilson(successes: number, trials: number, z = Z_95): Estimate {
  if (trials <= 0) return { value: 0, margin: 1, low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  const low = Math.max(0, centre - half);
  const high = Math.min(1, centre + half);
  return { value: p, margin: Math.max(p - low, high - p), low, high };
}

/** The normal interval of a mean, from the running sum and sum of squares. */
export function meanInterval(sum: number, squares: number, count: number, z = Z_95): Estimate {
  if (count <= 0) return { value: 0, margin: 0, low: 0, high: 0 };
  const mean = sum / count;
  const variance = count > 1 ? Math.max(0, (squares - count * mean * mean) / (count - 1)) : 0;
  const margin = z * Math.sqrt(variance / count);
  return { value: mean, margin, low: mean - margin, high: mean + margin };
}

/** Running counts over simulated fights (plain numbers, so a worker can post it). */
export interface Tally {
  fights: number;
  partyWins: number;
  foesWin: number;
  retreats: number;
  stalemates: number;
  anyDeath: number;
  retreatBetter: number;
  deaths: number;
  deathsSquared: number;
  takenOut: number;
  takenOutSquared: number;
  rounds: number;
  roundsSquared: number;
  /** By fighter index. */
  damageDealt: number[];
  tookOut: number[];
}

export function emptyTally(fighters: number): Tally {
  return {
    fights: 0,
    partyWins: 0,
    foesWin: 0,
    retreats: 0,
    stalemates: 0,
    anyDeath: 0,
    retreatBetter: 0,
    deaths: 0,
    deathsSquared: 0,
    takenOut: 0,
    takenOutSquared: 0,
    rounds: 0,
    roundsSquared: 0,
    damageDealt: Array.from({ length: fighters }, () => 0),
    tookOut: Array.from({ length: fighters }, () => 0),
  };
}

/**
 * An Emergency Retreat kills nobody (RULES §5), so calling it now is the better choice whenever
 * fighting on ends with a character dead or the party beaten.
 */
export const retreatWouldBeBetter = (outcome: FightOutcome): boolean =>
  outcome.partyDeaths > 0 || outcome.result === "foes";

export function addOutcome(tally: Tally, outcome: FightOutcome): void {
  tally.fights += 1;
  if (outcome.result === "party") tally.partyWins += 1;
  else if (outcome.result === "foes") tally.foesWin += 1;
  else if (outcome.result === "retreat") tally.retreats += 1;
  else tally.stalemates += 1;
  if (outcome.partyDeaths > 0) tally.anyDeath += 1;
  if (retreatWouldBeBetter(outcome)) tally.retreatBetter += 1;
  tally.deaths += outcome.partyDeaths;
  tally.deathsSquared += outcome.partyDeaths * outcome.partyDeaths;
  tally.takenOut += outcome.partyTakenOut;
  tally.takenOutSquared += outcome.partyTakenOut * outcome.partyTakenOut;
  tally.rounds += outcome.rounds;
  tally.roundsSquared += outcome.rounds * outcome.rounds;
  outcome.damageDealt.forEach((damage, i) => (tally.damageDealt[i] = (tally.damageDealt[i] ?? 0) + damage));
  outcome.tookOut.forEach((count, i) => (tally.tookOut[i] = (tally.tookOut[i] ?? 0) + count));
}

export interface FoeThreat {
  readonly id: string;
  readonly name: string;
  /** Endurance and health it takes off the party, on average per fight. */
  readonly damage: number;
  /** Characters it takes out, on average per fight. */
  readonly takesOut: number;
}

export interface Odds {
  readonly fights: number;
  readonly partyWins: Estimate;
  readonly foesWin: Estimate;
  readonly retreats: Estimate;
  readonly stalemates: Estimate;
  readonly anyDeath: Estimate;
  readonly deaths: Estimate;
  readonly takenOut: Estimate;
  readonly rounds: Estimate;
  readonly retreatBetter: Estimate;
  /** Foes by the damage they deal, most dangerous first. */
  readonly threats: readonly FoeThreat[];
}

export function summarise(prepared: PreparedFight, tally: Tally): Odds {
  const n = tally.fights;
  const threats = prepared.templates
    .filter((f) => f.side === "foes")
    .map((f) => ({
      id: f.input.id,
      name: f.input.name,
      damage: n > 0 ? (tally.damageDealt[f.index] ?? 0) / n : 0,
      takesOut: n > 0 ? (tally.tookOut[f.index] ?? 0) / n : 0,
    }))
    .sort((a, b) => b.takesOut - a.takesOut || b.damage - a.damage);
  return {
    fights: n,
    partyWins: wilson(tally.partyWins, n),
    foesWin: wilson(tally.foesWin, n),
    retreats: wilson(tally.retreats, n),
    stalemates: wilson(tally.stalemates, n),
    anyDeath: wilson(tally.anyDeath, n),
    deaths: meanInterval(tally.deaths, tally.deathsSquared, n),
    takenOut: meanInterval(tally.takenOut, tally.takenOutSquared, n),
    rounds: meanInterval(tally.rounds, tally.roundsSquared, n),
    retreatBetter: wilson(tally.retreatBetter, n),
    threats,
  };
}

/** A figure as it is shown: rounded, with its margin rounded up so the interval is never understated. */
export interface ShownFigure {
  readonly value: number;
  readonly margin: number;
}

const roundUp = (value: number, step: number): number => Math.ceil(value / step - 1e-9) * step;

/** A chance in whole percent: 0.412 ± 0.0093 → 41 ± 1. */
export function shownPercent(estimate: Estimate): ShownFigure {
  return { value: Math.round(estimate.value * 100), margin: roundUp(estimate.margin * 100, 1) };
}

/** An expectation to one decimal: 1.234 ± 0.021 → 1.2 ± 0.1. */
export function shownMean(estimate: Estimate): ShownFigure {
  return {
    value: Math.round(estimate.value * 10) / 10,
    margin: Math.round(roundUp(estimate.margin, 0.1) * 10) / 10,
  };
}
