import { stepDown, type Attribute } from "./characters";
import { CONDITIONS_PREVENTING_TURNS } from "./team-turns";
import {
  ARM_SIDES,
  S2_INJURY_KEYS,
  SAVE_KINDS,
  type ArmSide,
  type DyingTrack,
  type S2Injury,
  type S2InjuryDetail,
  type S2InjuryKey,
  type SaveKind,
} from "./life-tracks";
import type { DiceSource, DieRating } from "./dice";
import {
  fraction,
  markDead,
  refuse,
  settle,
  withStatus,
  type ActorState,
  type Fraction,
  type Outcome,
  type Step,
} from "./death";

/*
 * deathRule "dying" (S2, RULES §6): system strain or a d12 injury at zero health, a countdown of the
 * character's own turns, death saves, stabilising by an ally, and resurrection.
 */

export { ARM_SIDES, S2_INJURY_KEYS, SAVE_KINDS };
export type { ArmSide, DyingTrack, S2Injury, S2InjuryDetail, S2InjuryKey, SaveKind };

export const DYING_TURNS = 10;
/** RULES §6: while dying a character may speak and move this far, nothing else. */
export const DYING_MOVE_METRES = 1.5;
export const DYING = "dying" as const;
/** The options a dying character keeps: a move (at DYING_MOVE_METRES) or a step. */
export const DYING_OPTIONS: readonly string[] = ["move", "step"];

export const isDying = (conditions: Iterable<string>): boolean => new Set(conditions).has(DYING);

/** Who cannot attack: those whose turns are taken away, and the dying. */
export const CONDITIONS_PREVENTING_FIGHTS = [...CONDITIONS_PREVENTING_TURNS, DYING] as const;
export type FightPreventingCondition = (typeof CONDITIONS_PREVENTING_FIGHTS)[number];
export const DEATH_SAVE_TARGET = 10;
export const SAVES_TO_SETTLE = 3;
export const STABILISE_DIFFICULTY_WITH_TOOLS = 8;
export const STABILISE_DIFFICULTY_WITHOUT_TOOLS = 10;

export const freshDyingTrack = (): DyingTrack => ({
  turnsTaken: 0,
  successes: 0,
  failures: 0,
  savedThisTurn: false,
  lastStabiliseRound: null,
});

// ---------------------------------------------------------------------------------------------
// The d12 injury table and its sub-tables (default data; the compendium tables are checked against it)
// ---------------------------------------------------------------------------------------------

/** d6 → which attribute's tests the "impaired skills" injury hampers. */
export const SKILL_ATTRIBUTES = [
  "str",
  "dex",
  "con",
  "wis",
  "int",
  "cha",
] as const satisfies readonly Attribute[];

export type S2SubTable = "saves" | "skills" | "arm";

export type S2EffectTarget =
  | "attack"
  | "weapon-damage"
  | "evasion"
  | "save"
  | "saves-against-own-spells"
  | "attribute-tests"
  | "focus-max"
  | "health-max-hit-die-fraction"
  | "reaction-rolls-percent"
  | "morale-caused-percent"
  | "speed-metres"
  | "arm-attacks"
  | "arm-tests";

export interface S2InjuryRow {
  face: number;
  key: S2InjuryKey;
  subTable: S2SubTable | null;
  effects: readonly { target: S2EffectTarget; amount: number }[];
  /** Spell focus: a character who casts no spells rolls again. */
  rerollIfNoSpells?: true;
}

export const S2_INJURY_TABLE: readonly S2InjuryRow[] = [
  { face: 1, key: "unsteady-aim", subTable: null, effects: [{ target: "attack", amount: -1 }] },
  { face: 2, key: "weakened-blows", subTable: null, effects: [{ target: "weapon-damage", amount: -2 }] },
  { face: 3, key: "ill-fitting-armour", subTable: null, effects: [{ target: "evasion", amount: -2 }] },
  { face: 4, key: "shaken-resolve", subTable: "saves", effects: [{ target: "save", amount: -2 }] },
  {
    face: 5,
    key: "broken-concentration",
    subTable: null,
    effects: [{ target: "saves-against-own-spells", amount: 2 }],
    rerollIfNoSpells: true,
  },
  {
    face: 6,
    key: "impaired-skills",
    subTable: "skills",
    effects: [{ target: "attribute-tests", amount: -2 }],
  },
  { face: 7, key: "drained-focus", subTable: null, effects: [{ target: "focus-max", amount: -1 }] },
  {
    face: 8,
    key: "lost-vitality",
    subTable: null,
    effects: [{ target: "health-max-hit-die-fraction", amount: -0.5 }],
  },
  {
    face: 9,
    key: "off-putting",
    subTable: null,
    effects: [{ target: "reaction-rolls-percent", amount: -15 }],
  },
  {
    face: 10,
    key: "shows-weakness",
    subTable: null,
    effects: [{ target: "morale-caused-percent", amount: -15 }],
  },
  {
    face: 11,
    key: "hobbled",
    subTable: null,
    effects: [{ target: "speed-metres", amount: -3 }],
  },
  {
    face: 12,
    key: "useless-arm",
    subTable: "arm",
    effects: [
      { target: "arm-attacks", amount: -6 },
      { target: "arm-tests", amount: -4 },
    ],
  },
];

export const S2_SUB_TABLES = {
  saves: SAVE_KINDS,
  skills: SKILL_ATTRIBUTES,
  arm: ARM_SIDES,
} as const satisfies Record<S2SubTable, readonly string[]>;

export interface S2InjuryRoll {
  face: number;
  row: S2InjuryRow;
  subRoll: number | null;
  detail: S2InjuryDetail;
}

export function s2InjuryRow(face: number): S2InjuryRow {
  const row = S2_INJURY_TABLE.find((candidate) => candidate.face === face);
  if (!row) throw new Error(`S2 injury table has no face ${face}`);
  return row;
}

function pick<T>(options: readonly T[], roll: number): T {
  const option = options[roll - 1];
  if (option === undefined) throw new Error(`no option ${roll} of ${options.length}`);
  return option;
}

/** d12, then the row's sub-table (d6 for saves and skills, d2 for the arm). */
export function rollS2Injury(dice: DiceSource): S2InjuryRoll {
  const face = dice.roll(12);
  const row = s2InjuryRow(face);
  if (row.subTable === null) return { face, row, subRoll: null, detail: null };
  const options = S2_SUB_TABLES[row.subTable];
  const subRoll = dice.roll(options.length);
  return { face, row, subRoll, detail: pick(options, subRoll) };
}

/** Rolling an injury already held makes it permanent (a permanent one stacks another copy). */
function receiveInjury(state: ActorState, dice: DiceSource, log: Step[]): ActorState {
  const rolled = rollS2Injury(dice);
  const heldIndex = state.injuries.findIndex(
    (injury) => injury.key === rolled.row.key && injury.detail === rolled.detail,
  );
  const held = state.injuries[heldIndex];
  const repeated = held !== undefined;
  const injuries =
    held !== undefined && !held.permanent
      ? state.injuries.map((injury, index) => (index === heldIndex ? { ...injury, permanent: true } : injury))
      : [...state.injuries, { key: rolled.row.key, detail: rolled.detail, permanent: repeated }];
  log.push({
    kind: "injury",
    face: rolled.face,
    key: rolled.row.key,
    subRoll: rolled.subRoll,
    detail: rolled.detail,
    permanent: repeated,
    repeated,
  });
  return { ...state, injuries };
}

// ---------------------------------------------------------------------------------------------
// Falling to zero: strain or injury
// ---------------------------------------------------------------------------------------------

export const strainMax = (state: ActorState): number => state.attributes.con;
export const strainAtMax = (state: ActorState): boolean => state.strain.value >= strainMax(state);

/** Zero health under S2: dying (it keeps its turns, to save and crawl) and owing the choice. */
export function startDying(state: ActorState, resumed: boolean, log: Step[]): ActorState {
  log.push({ kind: "dying-started", turnsLeft: DYING_TURNS, resumed });
  return {
    ...withStatus(state, { dying: true, unconscious: false, stable: false }),
    dying: freshDyingTrack(),
    pending: resumed ? state.pending : "strain-or-injury",
  };
}

export type StrainOrInjury = "strain" | "injury";
export type StrainChoiceRefusal = "no-choice-pending";

export function takeStrainOrInjury(state: ActorState, choice: StrainOrInjury, dice: DiceSource, log: Step[]) {
  const cleared: ActorState = { ...state, pending: null };
  if (choice === "injury") return receiveInjury(cleared, dice, log);
  const rolled = dice.roll(6);
  const max = strainMax(state);
  const capped = state.strain.value + rolled > max;
  const value = Math.min(max, state.strain.value + rolled);
  log.push({ kind: "strain", rolled, value, max, capped });
  const strained: ActorState = { ...cleared, strain: { value, max } };
  return capped ? receiveInjury(strained, dice, log) : strained;
}

/** Answers the choice owed at zero health. */
export function resolveStrainOrInjury(
  state: ActorState,
  choice: StrainOrInjury,
  dice: DiceSource,
): Outcome<StrainChoiceRefusal> {
  if (state.pending !== "strain-or-injury") return refuse("no-choice-pending");
  const log: Step[] = [];
  return settle(state, takeStrainOrInjury(state, choice, dice, log), log);
}

// ---------------------------------------------------------------------------------------------
// Death saves, the countdown, damage while dying, stabilising
// ---------------------------------------------------------------------------------------------

export type DeathSaveRefusal = "not-dying" | "already-saved";

function countSave(state: ActorState, track: DyingTrack, success: boolean, roll: number | null, log: Step[]) {
  const next: DyingTrack = {
    ...track,
    successes: track.successes + (success ? 1 : 0),
    failures: track.failures + (success ? 0 : 1),
  };
  log.push({
    kind: "death-save",
    roll,
    automatic: roll === null,
    success,
    successes: next.successes,
    failures: next.failures,
  });
  if (next.failures >= SAVES_TO_SETTLE) return markDead(state, "death-saves", log);
  if (next.successes >= SAVES_TO_SETTLE) return stabilise(state, log);
  return { ...state, dying: next };
}

function stabilise(state: ActorState, log: Step[]): ActorState {
  log.push({ kind: "stable" });
  return { ...withStatus(state, { dying: false, stable: true, unconscious: true }), dying: null };
}

function standUp(state: ActorState, log: Step[]): ActorState {
  log.push({ kind: "stands" });
  return {
    ...withStatus(state, { dying: false, stable: false, unconscious: false }),
    dying: null,
  };
}

/** A plain d20, never modified: 10+ succeeds, a natural 20 brings 1 health and the character up. */
export function rollDeathSave(state: ActorState, dice: DiceSource): Outcome<DeathSaveRefusal> {
  const track = state.dying;
  if (!state.status.dying || track === null) return refuse("not-dying");
  if (track.savedThisTurn) return refuse("already-saved");
  const log: Step[] = [];
  const roll = dice.roll(20);
  const marked: ActorState = { ...state, dying: { ...track, savedThisTurn: true } };
  if (roll === 20) {
    log.push({
      kind: "death-save",
      roll,
      automatic: false,
      success: true,
      successes: track.successes,
      failures: track.failures,
    });
    const healed: ActorState = {
      ...marked,
      health: { ...state.health, value: Math.min(1, state.health.max) },
    };
    log.push({ kind: "healed", pool: "health", gained: healed.health.value, value: healed.health.value });
    return settle(state, standUp(healed, log), log);
  }
  const after = countSave(marked, { ...track, savedThisTurn: true }, roll >= DEATH_SAVE_TARGET, roll, log);
  return settle(state, after, log);
}

/** Damage while dying counts as a failed save. */
export function failDeathSaveFromDamage(state: ActorState, log: Step[]): ActorState {
  const track = state.dying ?? freshDyingTrack();
  return countSave(state, track, false, null, log);
}

export type DyingTurnRefusal = "not-dying";

/** The end of one of the dying character's own turns: death at the end of the 10th. */
export function endDyingTurn(state: ActorState): Outcome<DyingTurnRefusal> {
  const track = state.dying;
  if (!state.status.dying || track === null) return refuse("not-dying");
  const log: Step[] = [];
  const turnsTaken = track.turnsTaken + 1;
  log.push({ kind: "dying-turn", turnsTaken, turnsLeft: Math.max(0, DYING_TURNS - turnsTaken) });
  const counted: ActorState = { ...state, dying: { ...track, turnsTaken, savedThisTurn: false } };
  const after = turnsTaken >= DYING_TURNS ? markDead(counted, "dying-countdown", log) : counted;
  return settle(state, after, log);
}

export const stabiliseDifficulty = (hasHealingTools: boolean): number =>
  hasHealingTools ? STABILISE_DIFFICULTY_WITH_TOOLS : STABILISE_DIFFICULTY_WITHOUT_TOOLS;

export type StabiliseDyingRefusal = "not-dying" | "already-attempted-this-round";

export interface StabiliseAttempt {
  /** The ally's Heal test total, resolved by the test rules. */
  healTotal: number;
  hasHealingTools: boolean;
  round: number;
}

/** An ally's Heal test as an action; only one ally may try per round. */
export function stabiliseDying(state: ActorState, attempt: StabiliseAttempt): Outcome<StabiliseDyingRefusal> {
  const track = state.dying;
  if (!state.status.dying || track === null) return refuse("not-dying");
  if (track.lastStabiliseRound === attempt.round) return refuse("already-attempted-this-round");
  const difficulty = stabiliseDifficulty(attempt.hasHealingTools);
  const success = attempt.healTotal >= difficulty;
  const log: Step[] = [{ kind: "stabilise-attempt", total: attempt.healTotal, difficulty, success }];
  const attempted: ActorState = { ...state, dying: { ...track, lastStabiliseRound: attempt.round } };
  return settle(state, success ? stabilise(attempted, log) : attempted, log);
}

/** Healing while dying: the character stands and may act. */
export const standFromHealing = standUp;

// ---------------------------------------------------------------------------------------------
// System strain costs, rest, resurrection
// ---------------------------------------------------------------------------------------------

/** easy: first aid and the like (costs 1 strain); natural: rest; free: divine and other healing. */
export type HealingKind = "easy" | "natural" | "free";
export type StrainRefusal = "strain-at-max";

/** S2: easy healing costs 1 strain and is refused at max; natural healing stops at max. */
export function payStrainForHealing(
  state: ActorState,
  kind: HealingKind,
  log: Step[],
): ActorState | StrainRefusal {
  if (kind === "free") return state;
  if (strainAtMax(state)) return "strain-at-max";
  if (kind === "natural") return state;
  const strain = { value: state.strain.value + 1, max: strainMax(state) };
  log.push({ kind: "strain-cost", value: strain.value, max: strain.max });
  return { ...state, strain };
}

/** A good night's rest clears every temporary injury. */
export function healTemporaryInjuries(state: ActorState): ActorState {
  return { ...state, injuries: state.injuries.filter((injury) => injury.permanent) };
}

export type ResurrectionRefusal = "not-dead" | "con-exhausted" | "con-lost-to-injuries";

/**
 * S2: back to life at 1 health, the character's own CON die (`ownCon`, before injuries) one size
 * smaller for good; impossible once that die is d4. [decision] Also refused while the injuries
 * stepping CON down would leave it at 0, which is death again (RULES §1): heal them first.
 * `state.attributes.con` is the effective CON, injuries counted; both step down together.
 */
export function resurrect(state: ActorState, ownCon: DieRating): Outcome<ResurrectionRefusal> {
  if (!state.status.dead) return refuse("not-dead");
  if (stepDown(ownCon) === 0) return refuse("con-exhausted");
  const con = stepDown(state.attributes.con);
  if (con === 0) return refuse("con-lost-to-injuries");
  const log: Step[] = [{ kind: "attribute-step", attribute: "con", from: state.attributes.con, to: con }];
  const health = { ...state.health, value: Math.min(1, state.health.max) };
  log.push({ kind: "resurrected", con, health: health.value });
  const after: ActorState = {
    ...withStatus(state, { dead: false, dying: false, stable: false, unconscious: false }),
    attributes: { ...state.attributes, con },
    health,
    strain: { value: Math.min(state.strain.value, con), max: con },
  };
  return settle(state, after, log);
}

// ---------------------------------------------------------------------------------------------
// Exact odds for a character who only makes death saves
// ---------------------------------------------------------------------------------------------

export interface DyingOdds {
  stands: Fraction;
  stable: Fraction;
  dies: Fraction;
}

export interface DyingPosition {
  turnsLeft: number;
  successes: number;
  failures: number;
}

const NATURAL_TWENTY_FACES = 1;
const SUCCESS_FACES = 20 - DEATH_SAVE_TARGET; // 10..19
const FAILURE_FACES = DEATH_SAVE_TARGET - 1; // 1..9

interface Counts {
  stands: number;
  stable: number;
  dies: number;
}

/**
 * Outcome counts out of 20^turnsLeft equally likely sequences of d20s (one save per turn), so the
 * arithmetic stays in exact integers: 20^10 is far below 2^53.
 */
function countOutcomes(turnsLeft: number, successes: number, failures: number): Counts {
  if (turnsLeft <= 0) return { stands: 0, stable: 0, dies: 1 };
  const rest = 20 ** (turnsLeft - 1);
  const afterSuccess: Counts =
    successes + 1 >= SAVES_TO_SETTLE
      ? { stands: 0, stable: rest, dies: 0 }
      : countOutcomes(turnsLeft - 1, successes + 1, failures);
  const afterFailure: Counts =
    failures + 1 >= SAVES_TO_SETTLE
      ? { stands: 0, stable: 0, dies: rest }
      : countOutcomes(turnsLeft - 1, successes, failures + 1);
  return {
    stands:
      NATURAL_TWENTY_FACES * rest + SUCCESS_FACES * afterSuccess.stands + FAILURE_FACES * afterFailure.stands,
    stable: SUCCESS_FACES * afterSuccess.stable + FAILURE_FACES * afterFailure.stable,
    dies: SUCCESS_FACES * afterSuccess.dies + FAILURE_FACES * afterFailure.dies,
  };
}

/** Exact chances of standing up, stabilising and dying from a position (default: just fallen). */
export function dyingOdds(
  position: DyingPosition = { turnsLeft: DYING_TURNS, successes: 0, failures: 0 },
): DyingOdds {
  const total = 20 ** Math.max(0, position.turnsLeft);
  const counts = countOutcomes(position.turnsLeft, position.successes, position.failures);
  return {
    stands: fraction(counts.stands, total),
    stable: fraction(counts.stable, total),
    dies: fraction(counts.dies, total),
  };
}
