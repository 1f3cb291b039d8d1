import type { Edge } from "./modifiers";
import type { Attribute, Pool, ZeroAttributeOutcome } from "./characters";
import type { Deflection, DamageType } from "./damage";
import type { DiceSource, DieRating } from "./dice";
import type { Modifier } from "./tests";
import type {
  CriticalTrack,
  DownedTrack,
  DyingTrack,
  S1InjuryResult,
  S2Injury,
  S2InjuryDetail,
  S2InjuryKey,
} from "./life-tracks";

/*
 * The life state every death rule and the damage chain read and write, the steps they report and the
 * result they return. It lives here, at the bottom of the death modules, so that the rule modules can
 * share the plumbing without importing each other at run time. `damage-chain` re-exports it.
 */

/** RULES §6 setting `deathRule`. */
export type DeathRule = "luck" | "dying" | "stabilise";
export const DEFAULT_DEATH_RULE: DeathRule = "luck";

export const STARTING_DEATH_DIFFICULTY = 10;
export const CHEATED_DEATH_INCREASE = 5;

export interface LifeStatus {
  unconscious: boolean;
  /** S2 only: at zero health, counting down its own turns. */
  dying: boolean;
  /** At zero health but no longer at risk (stabilised, or brought down by attrition). */
  stable: boolean;
  dead: boolean;
  /** Fled the fight and no longer acts (morale, RULES §7.2; a detachment's critical damage, §7.4). */
  routed: boolean;
}

/** The conditions a LifeStatus stands for, in the order a character's conditions list them. */
export const LIFE_CONDITIONS = [
  "unconscious",
  "dying",
  "stable",
  "dead",
  "routed",
] as const satisfies readonly (keyof LifeStatus)[];

/** A choice the player owes before the chain can go on; stored so it is answered exactly once. */
export type PendingChoice = "fortify" | "strain-or-injury";

export interface ActorState {
  endurance: Pool;
  health: Pool;
  stamina: Pool;
  focus: Pool;
  attributes: Record<Attribute, DieRating>;
  athletics: DieRating;
  /** Bonus to fortify tests. */
  fortitude: number;
  deflection: Deflection;
  luckBonus: number;
  deathDifficulty: number;
  reactionAvailable: boolean;
  status: LifeStatus;
  pending: PendingChoice | null;
  /** S2 system strain; its max is the CON value. */
  strain: Pool;
  /** S2 injuries held. */
  injuries: readonly S2Injury[];
  /** S2 countdown, present while dying. */
  dying: DyingTrack | null;
  /** S1 deadline, present while incapacitated and not yet stabilised. */
  downed: DownedTrack | null;
  /** RULES §7.3: the hour a critically wounded character has left unless aided. */
  critical: CriticalTrack | null;
}

export interface TestRoll {
  dice: { faces: number; result: number }[];
  modifier: number;
  luck: number;
  luckBonus: number;
  /** +4 when the luck die reached 20 (RULES §2). */
  luckAdded: number;
  total: number;
  /** Net advantage the dice were rolled with (absent: none). */
  advantage?: number;
}

export type UnconsciousReason =
  "zero-health" | "declined-fortify" | "failed-fortify" | "no-reaction" | "no-stamina";
export type DeathCause =
  | "death-luck-test"
  | "killing-strike"
  | "death-saves"
  | "dying-countdown"
  | "deadline"
  | "injury-table"
  | "attribute-zero"
  | "critical-damage"
  | "destroyed";
export type NoDeathRiskReason = "nonlethal" | "not-exceeded" | "without-death-risk";

/** What happened, in order, with the numbers a chat card needs. The UI localises `kind`. */
export type Step =
  | { kind: "no-effect"; reason: "dead" | "already-downed" }
  | { kind: "deflection"; type: DamageType; raw: number; deflection: number; damage: number }
  | { kind: "endurance"; lost: number; value: number }
  | { kind: "health"; lost: number; value: number }
  | { kind: "harmed" }
  | { kind: "bloodied" }
  | { kind: "conscious-check"; missing: number; con: number }
  | {
      kind: "fortify";
      roll: TestRoll;
      difficulty: number;
      success: boolean;
      stamina: number;
      /** Labelled bonuses in the roll's modifier, named on the card (Guard +1). */
      bonuses?: Modifier[];
      /** Advantage and disadvantage sources, named on the card. */
      edges?: Edge[];
    }
  | { kind: "unconscious"; reason: UnconsciousReason }
  | { kind: "zero-health" }
  | { kind: "risk-of-death"; overflow: number }
  | { kind: "no-death-risk"; reason: NoDeathRiskReason }
  | {
      kind: "death-luck-test";
      roll: number;
      bonus: number;
      total: number;
      difficulty: number;
      success: boolean;
    }
  | { kind: "cheated-death"; difficulty: number }
  | { kind: "dead"; cause: DeathCause }
  | { kind: "stable" }
  | { kind: "routed"; reason: "critical-damage" | "critical-hit" | "nonlethal" }
  | { kind: "destroyed"; reason: "zero-health" | "zero-strength" }
  | { kind: "killing-strike"; success: boolean; difficulty: number }
  | { kind: "dying-started"; turnsLeft: number; resumed: boolean }
  | {
      kind: "death-save";
      roll: number | null;
      automatic: boolean;
      success: boolean;
      successes: number;
      failures: number;
    }
  | { kind: "dying-turn"; turnsTaken: number; turnsLeft: number }
  | { kind: "stabilise-attempt"; total: number; difficulty: number; success: boolean }
  | { kind: "strain"; rolled: number; value: number; max: number; capped: boolean }
  | { kind: "strain-cost"; value: number; max: number }
  | {
      kind: "injury";
      face: number;
      key: S2InjuryKey;
      subRoll: number | null;
      detail: S2InjuryDetail;
      permanent: boolean;
      repeated: boolean;
    }
  | { kind: "injuries-permanent"; count: number }
  | { kind: "downed"; roundsLeft: number; fightOver: boolean }
  | { kind: "downed-round"; roundsElapsed: number; roundsLeft: number; fightOver: boolean }
  | { kind: "s1-injury"; face: number; result: S1InjuryResult; healRoll: number | null }
  | { kind: "attribute-step"; attribute: Attribute; from: DieRating; to: DieRating }
  | { kind: "attribute-zero"; attribute: Attribute; outcome: ZeroAttributeOutcome }
  | { kind: "critical-damage"; remainder: number; from: DieRating; to: DieRating; steps: number }
  | { kind: "critical-test"; roll: number; strength: number; success: boolean; roundsLeft: number }
  | { kind: "critical-round"; roundsElapsed: number; roundsLeft: number }
  | { kind: "healed"; pool: "health" | "endurance"; gained: number; value: number }
  | { kind: "stands" }
  | { kind: "wakes" }
  | { kind: "resurrected"; con: DieRating; health: number };

export type Decision =
  | { kind: "fortify"; difficulty: number; missing: number; con: number; stamina: number }
  | { kind: "strain-or-injury"; strain: Pool };

/** The new state, the fields that changed (update) and their prior values (revert), and the story. */
export interface RuleResult {
  ok: true;
  state: ActorState;
  update: Partial<ActorState>;
  revert: Partial<ActorState>;
  steps: Step[];
  decision: Decision | null;
}

export interface Refused<Reason extends string> {
  ok: false;
  reason: Reason;
}

export type Outcome<Reason extends string> = RuleResult | Refused<Reason>;

export const refuse = <Reason extends string>(reason: Reason): Refused<Reason> => ({ ok: false, reason });

const STATE_KEYS = [
  "endurance",
  "health",
  "stamina",
  "focus",
  "attributes",
  "athletics",
  "fortitude",
  "deflection",
  "luckBonus",
  "deathDifficulty",
  "reactionAvailable",
  "status",
  "pending",
  "strain",
  "injuries",
  "dying",
  "downed",
  "critical",
] as const satisfies readonly (keyof ActorState)[];

/** Structural equality of plain JSON values (loops, not closures: the damage chain calls it for every field of every hit). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  let keys = 0;
  for (const key of Object.keys(a)) {
    if (!Object.hasOwn(b, key) || !sameValue(Reflect.get(a, key), Reflect.get(b, key))) return false;
    keys += 1;
  }
  return keys === Object.keys(b).length;
}

function copyField<K extends keyof ActorState>(
  target: Partial<ActorState>,
  source: ActorState,
  key: K,
): void {
  target[key] = source[key];
}

/** Builds the result: only the top-level fields that differ go into `update` and `revert`. */
export function settle(
  before: ActorState,
  after: ActorState,
  steps: Step[],
  decision: Decision | null = null,
): RuleResult {
  const update: Partial<ActorState> = {};
  const revert: Partial<ActorState> = {};
  for (const key of STATE_KEYS) {
    if (sameValue(before[key], after[key])) continue;
    copyField(update, after, key);
    copyField(revert, before, key);
  }
  return { ok: true, state: after, update, revert, steps, decision };
}

/** Applies an `update` or a `revert` to a state. */
export const applyPatch = (state: ActorState, patch: Partial<ActorState>): ActorState => ({
  ...state,
  ...patch,
});

/** A living, unhurt character with the RULES §1 defaults; `overrides` replaces whole fields. */
export function createActorState(overrides: Partial<ActorState> = {}): ActorState {
  const attributes = overrides.attributes ?? { str: 6, dex: 6, con: 6, int: 6, wis: 6, cha: 6 };
  return {
    endurance: { value: 10, max: 10 },
    health: { value: 10, max: 10 },
    stamina: { value: 3, max: 3 },
    focus: { value: 3, max: 3 },
    attributes,
    athletics: 0,
    fortitude: 0,
    deflection: { physical: 0, elemental: 0 },
    luckBonus: 0,
    deathDifficulty: STARTING_DEATH_DIFFICULTY,
    reactionAvailable: true,
    status: { unconscious: false, dying: false, stable: false, dead: false, routed: false },
    pending: null,
    strain: { value: 0, max: attributes.con },
    injuries: [],
    dying: null,
    downed: null,
    critical: null,
    ...overrides,
  };
}

/**
 * A copy with every field written out: one object shape for every state, which V8 copies far faster
 * than a spread (the encounter simulator applies thousands of hits a second).
 */
export function copyActorState(state: ActorState): ActorState {
  return {
    endurance: state.endurance,
    health: state.health,
    stamina: state.stamina,
    focus: state.focus,
    attributes: state.attributes,
    athletics: state.athletics,
    fortitude: state.fortitude,
    deflection: state.deflection,
    luckBonus: state.luckBonus,
    deathDifficulty: state.deathDifficulty,
    reactionAvailable: state.reactionAvailable,
    status: state.status,
    pending: state.pending,
    strain: state.strain,
    injuries: state.injuries,
    dying: state.dying,
    downed: state.downed,
    critical: state.critical,
  };
}

export function withStatus(state: ActorState, status: Partial<LifeStatus>): ActorState {
  const next = copyActorState(state);
  next.status = { ...state.status, ...status };
  return next;
}

/**
 * Death under any rule. S2: injuries held at death become permanent (harmless under the other
 * rules, which never give S2 injuries).
 */
export function markDead(state: ActorState, cause: DeathCause, log: Step[]): ActorState {
  log.push({ kind: "dead", cause });
  const temporary = state.injuries.filter((injury) => !injury.permanent).length;
  if (temporary > 0) log.push({ kind: "injuries-permanent", count: temporary });
  return {
    ...withStatus(state, { dead: true, dying: false, stable: false }),
    pending: null,
    dying: null,
    downed: null,
    critical: null,
    injuries: state.injuries.map((injury) => ({ ...injury, permanent: true })),
  };
}

// ---------------------------------------------------------------------------------------------
// deathRule "luck" (S4, RULES §4)
// ---------------------------------------------------------------------------------------------

/** The death luck test: d20 + luck bonus against the death difficulty. Success raises it for good. */
export function rollDeathLuckTest(state: ActorState, dice: DiceSource, log: Step[]): ActorState {
  const roll = dice.roll(20);
  const total = roll + state.luckBonus;
  const success = total >= state.deathDifficulty;
  log.push({
    kind: "death-luck-test",
    roll,
    bonus: state.luckBonus,
    total,
    difficulty: state.deathDifficulty,
    success,
  });
  if (!success) return markDead(state, "death-luck-test", log);
  const deathDifficulty = state.deathDifficulty + CHEATED_DEATH_INCREASE;
  log.push({ kind: "cheated-death", difficulty: deathDifficulty });
  return { ...state, deathDifficulty };
}

export interface Fraction {
  numerator: number;
  denominator: number;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : greatestCommonDivisor(b, a % b);
}

export function fraction(numerator: number, denominator: number): Fraction {
  const divisor = greatestCommonDivisor(numerator, denominator) || 1;
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

export const fractionValue = (f: Fraction): number => f.numerator / f.denominator;

/** Exact chance that d20 + luck bonus reaches the death difficulty. */
export function chanceToCheatDeath(deathDifficulty: number, luckBonus: number): Fraction {
  const lowestFace = deathDifficulty - luckBonus;
  const faces = Math.min(20, Math.max(0, 21 - lowestFace));
  return fraction(faces, 20);
}

export type KillingStrikeRefusal = "already-dead" | "not-helpless";

/** RULES §4: the strike is a Combat test with advantage against the target's CON value. */
export const killingStrikeDifficulty = (state: ActorState): number => state.attributes.con;

/**
 * Applies the result of a killing strike test. A failed strike changes nothing here: the caller
 * resolves it as an ordinary sneak attack.
 */
export function applyKillingStrike(state: ActorState, succeeded: boolean): Outcome<KillingStrikeRefusal> {
  if (state.status.dead) return refuse("already-dead");
  if (!state.status.unconscious && !state.status.dying) return refuse("not-helpless");
  const log: Step[] = [
    { kind: "killing-strike", success: succeeded, difficulty: killingStrikeDifficulty(state) },
  ];
  const after = succeeded ? markDead(state, "killing-strike", log) : state;
  return settle(state, after, log);
}
