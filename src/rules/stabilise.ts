import { ATTRIBUTES, stepDown, zeroAttributeOutcome, type Attribute } from "./characters";
import type { DiceSource } from "./dice";
import type { DownedTrack, S1InjuryResult } from "./life-tracks";
import { markDead, refuse, settle, withStatus, type ActorState, type Outcome, type Step } from "./death";

/*
 * deathRule "stabilise" (S1, RULES §6): incapacitated at zero health, dead once both 10 rounds have
 * passed and the fight is over, unless an ally stabilises first; then the d20 injury table.
 */

export type { DownedTrack, S1InjuryResult };

export const ROUNDS_TO_STABILISE = 10;

export interface S1InjuryRow {
  from: number;
  to: number;
  result: S1InjuryResult;
}

/** Default d20 table: faces 2–7 step STR, DEX, CON, INT, WIS, CHA down in that order. */
export const S1_INJURY_TABLE: readonly S1InjuryRow[] = [
  { from: 1, to: 1, result: { kind: "dead" } },
  ...ATTRIBUTES.map((attribute, index) => ({
    from: 2 + index,
    to: 2 + index,
    result: { kind: "lose-step" as const, attribute },
  })),
  { from: 8, to: 13, result: { kind: "lose-body-part" } },
  { from: 14, to: 19, result: { kind: "disadvantage-until-rest" } },
  { from: 20, to: 20, result: { kind: "heal", die: 8 } },
];

export function s1InjuryRow(face: number): S1InjuryRow {
  const row = S1_INJURY_TABLE.find((candidate) => face >= candidate.from && face <= candidate.to);
  if (!row) throw new Error(`S1 injury table has no face ${face}`);
  return row;
}

export const deadlinePassed = (track: DownedTrack): boolean =>
  track.fightOver && track.roundsElapsed >= ROUNDS_TO_STABILISE;

export const roundsLeft = (track: DownedTrack): number =>
  Math.max(0, ROUNDS_TO_STABILISE - track.roundsElapsed);

/** Zero health under S1: incapacitated, the deadline starts. */
export function startDowned(state: ActorState, fightOver: boolean, log: Step[]): ActorState {
  const downed: DownedTrack = { roundsElapsed: 0, fightOver };
  log.push({ kind: "downed", roundsLeft: roundsLeft(downed), fightOver });
  return { ...withStatus(state, { unconscious: true, stable: false }), downed };
}

export type DownedRefusal = "not-downed";

function advance(state: ActorState, change: (track: DownedTrack) => DownedTrack): Outcome<DownedRefusal> {
  if (state.downed === null || state.status.dead) return refuse("not-downed");
  const downed = change(state.downed);
  const log: Step[] = [
    {
      kind: "downed-round",
      roundsElapsed: downed.roundsElapsed,
      roundsLeft: roundsLeft(downed),
      fightOver: downed.fightOver,
    },
  ];
  const moved: ActorState = { ...state, downed };
  return settle(state, deadlinePassed(downed) ? markDead(moved, "deadline", log) : moved, log);
}

/** At the end of each combat round. */
export const endDownedRound = (state: ActorState): Outcome<DownedRefusal> =>
  advance(state, (track) => ({ ...track, roundsElapsed: track.roundsElapsed + 1 }));

/** When the fight ends; a character already down 10 rounds dies now. */
export const endFightForDowned = (state: ActorState): Outcome<DownedRefusal> =>
  advance(state, (track) => ({ ...track, fightOver: true }));

/** Time out of combat, in rounds (a minute is 10). */
export const passDownedTime = (state: ActorState, rounds: number): Outcome<DownedRefusal> =>
  advance(state, (track) => ({ ...track, roundsElapsed: track.roundsElapsed + Math.max(0, rounds) }));

function loseStep(state: ActorState, attribute: Attribute, log: Step[]): ActorState {
  const from = state.attributes[attribute];
  const to = stepDown(from);
  log.push({ kind: "attribute-step", attribute, from, to });
  const stepped: ActorState = { ...state, attributes: { ...state.attributes, [attribute]: to } };
  if (to !== 0) return stepped;
  const outcome = zeroAttributeOutcome(attribute);
  log.push({ kind: "attribute-zero", attribute, outcome });
  return outcome === "dead" ? markDead(stepped, "attribute-zero", log) : stepped;
}

function setHealth(state: ActorState, value: number): ActorState {
  return { ...state, health: { ...state.health, value: Math.min(state.health.max, Math.max(0, value)) } };
}

/**
 * Rolls the d20 table and applies it. Unless it kills, the character is back to 1 health — or to the
 * healing that stabilised it, if more — and a 20 adds 1d8 on top.
 */
export function rollS1Injury(state: ActorState, dice: DiceSource, healing: number, log: Step[]): ActorState {
  const face = dice.roll(20);
  const { result } = s1InjuryRow(face);
  const healRoll = result.kind === "heal" ? dice.roll(result.die) : null;
  log.push({ kind: "s1-injury", face, result, healRoll });
  const recovering: ActorState = {
    ...withStatus(state, { unconscious: false, stable: false }),
    downed: null,
  };
  if (result.kind === "dead") return markDead(state, "injury-table", log);
  const injured = result.kind === "lose-step" ? loseStep(recovering, result.attribute, log) : recovering;
  if (injured.status.dead) return injured;
  const health = Math.max(1, healing) + (healRoll ?? 0);
  const healed = setHealth(injured, health);
  log.push({
    kind: "healed",
    pool: "health",
    gained: healed.health.value - state.health.value,
    value: healed.health.value,
  });
  return healed;
}

export type StabiliseDownedRefusal = "not-downed";

/**
 * An ally stabilises the character: a Heal test that succeeded (resolved by the test rules), or any
 * healing (`healing` > 0, then the character returns to that much health instead of 1).
 */
export function stabiliseDowned(
  state: ActorState,
  dice: DiceSource,
  healing = 0,
): Outcome<StabiliseDownedRefusal> {
  if (state.downed === null || state.status.dead) return refuse("not-downed");
  const log: Step[] = [{ kind: "stable" }];
  return settle(state, rollS1Injury(state, dice, healing, log), log);
}
