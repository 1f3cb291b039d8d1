import { isBloodied, isHarmed } from "./characters";
import {
  absorbDamage,
  damageAfterDeflection,
  deflectionFor,
  type DamageType,
  type Deflection,
} from "./damage";
import type { DiceSource, DieRating } from "./dice";
import type { Edge } from "./modifiers";
import { MAX_ADVANTAGE, type Modifier } from "./tests";
import {
  copyActorState,
  DEFAULT_DEATH_RULE,
  refuse,
  rollDeathLuckTest,
  settle,
  withStatus,
  type ActorState,
  type DeathRule,
  type Decision,
  type NoDeathRiskReason,
  type Outcome,
  type RuleResult,
  type Step,
  type TestRoll,
  type UnconsciousReason,
} from "./death";
import {
  failDeathSaveFromDamage,
  payStrainForHealing,
  standFromHealing,
  startDying,
  takeStrainOrInjury,
  type HealingKind,
  type StrainOrInjury,
} from "./dying";
import { rollS1Injury, startDowned } from "./stabilise";
import { directDamage } from "./direct-damage";
import { sufferCriticalDamage } from "./critical-damage";
import { detachmentAftermath } from "./detachments";

export type {
  ActorState,
  DeathRule,
  Decision,
  LifeStatus,
  Outcome,
  PendingChoice,
  Refused,
  RuleResult,
  Step,
  TestRoll,
} from "./death";
export { applyPatch, createActorState } from "./death";

/*
 * RULES §4: the damage chain. Deflection, endurance then health, harmed and bloodied, staying
 * conscious, zero health, and what the active death rule does with it. Pure: returns the new state,
 * the changed fields and their prior values, and every step for the chat card.
 */

export interface Hit {
  /** Damage before deflection: the test total plus the weapon's damage. */
  amount: number;
  type: DamageType;
  /** A nonlethal source never risks death by bringing a character to zero. */
  lethal: boolean;
  source?: string;
  /** Added to the deflection for this hit: size difference (negative), a parry bonus. */
  deflectionModifier?: number;
  /** Damage already reduced elsewhere, such as what overflows a block. */
  ignoreDeflection?: boolean;
  /** RULES §7.3 direct damage: armour may stop the whole blow, and what passes zero health is critical. */
  direct?: boolean;
  /** The attack's luck die reached the weapon's critical threshold (a detachment is routed, §7.4). */
  critical?: boolean;
}

export interface DamageChoices {
  /** Answer to "fortify or fall unconscious"; left out, the result asks for it. */
  fortify?: boolean;
  /** S2 answer at zero health; left out, the result asks for it. */
  strainOrInjury?: StrainOrInjury;
}

export interface DamageOptions {
  rule?: DeathRule;
  /** Retreat attrition: a character brought to zero is stable and nothing here can kill. */
  withoutDeathRisk?: boolean;
  choices?: DamageChoices;
  /** S1: a character who falls outside a fight has only the 10-round clock. */
  inCombat?: boolean;
  /** Labelled bonuses to the fortify test (exhaustion, injuries, Guard's +1 to defence tests). */
  defenceBonuses?: readonly Modifier[];
  /** Advantage and disadvantage sources of the fortify test (injuries, setbacks). */
  defenceEdges?: readonly Edge[];
  /** RULES §7.4: the target is a detachment (routed or destroyed, never unconscious or dying). */
  detachment?: boolean;
}

interface Context {
  rule: DeathRule;
  dice: DiceSource;
  options: DamageOptions;
  log: Step[];
}

/** The deflection a hit meets; typeless damage is never reduced. */
export function appliedDeflection(hit: Hit, deflection: Deflection): number {
  if (hit.ignoreDeflection === true) return 0;
  const modifier = hit.deflectionModifier ?? 0;
  const adjusted = { physical: deflection.physical + modifier, elemental: deflection.elemental + modifier };
  return Math.max(0, deflectionFor(hit.type, adjusted));
}

/**
 * A test for the few rolls this chain and the defences make themselves (fortify, dodge): the dice
 * of the given ratings (a rating of 0 rolls nothing) plus a modifier, and the luck die, which adds
 * +4 when it reaches 20 (RULES §2). With advantage (or disadvantage) the dice are rolled once more
 * per step, before the luck die, and the best (or worst) roll counts.
 */
export function rollPlainTest(
  dice: DiceSource,
  ratings: readonly DieRating[],
  modifier: number,
  luckBonus: number,
  advantage = 0,
): TestRoll {
  const net = Math.max(-MAX_ADVANTAGE, Math.min(MAX_ADVANTAGE, Math.trunc(advantage)));
  const pools = Array.from({ length: Math.abs(net) + 1 }, () =>
    ratings.filter((rating) => rating > 0).map((faces) => ({ faces, result: dice.roll(faces) })),
  );
  const sums = pools.map((pool) => pool.reduce((sum, die) => sum + die.result, 0));
  const kept = sums.indexOf(net >= 0 ? Math.max(...sums) : Math.min(...sums));
  const rolled = pools[kept] ?? [];
  const luck = dice.roll(20);
  const luckAdded = luck + luckBonus >= 20 ? 4 : 0;
  const total = (sums[kept] ?? 0) + modifier + luckAdded;
  return { dice: rolled, modifier, luck, luckBonus, luckAdded, total, ...(net ? { advantage: net } : {}) };
}

export const missingHealth = (state: ActorState): number => state.health.max - state.health.value;

function describePending(state: ActorState): Decision | null {
  switch (state.pending) {
    case "fortify":
      return {
        kind: "fortify",
        difficulty: missingHealth(state),
        missing: missingHealth(state),
        con: state.attributes.con,
        stamina: state.stamina.value,
      };
    case "strain-or-injury":
      return { kind: "strain-or-injury", strain: state.strain };
    default:
      return null;
  }
}

function fallUnconscious(state: ActorState, reason: UnconsciousReason, log: Step[]): ActorState {
  if (!state.status.unconscious) log.push({ kind: "unconscious", reason });
  return {
    ...withStatus(state, { unconscious: true }),
    pending: state.pending === "fortify" ? null : state.pending,
  };
}

function fortifyOrFall(state: ActorState, fortify: boolean, context: Context): ActorState {
  const cleared = copyActorState(state);
  cleared.pending = null;
  if (!fortify) return fallUnconscious(cleared, "declined-fortify", context.log);
  const difficulty = missingHealth(state);
  const bonuses = context.options.defenceBonuses ?? [];
  const edges = context.options.defenceEdges ?? [];
  const modifier = state.fortitude + bonuses.reduce((sum, bonus) => sum + bonus.value, 0);
  const roll = rollPlainTest(
    context.dice,
    [state.attributes.str, state.athletics],
    modifier,
    state.luckBonus,
    edges.reduce((sum, edge) => sum + edge.advantage, 0),
  );
  const stamina = { ...state.stamina, value: state.stamina.value - 1 };
  const success = roll.total >= difficulty;
  context.log.push({
    kind: "fortify",
    roll,
    difficulty,
    success,
    stamina: stamina.value,
    ...(bonuses.length ? { bonuses: [...bonuses] } : {}),
    ...(edges.length ? { edges: [...edges] } : {}),
  });
  const spent: ActorState = { ...cleared, stamina, reactionAvailable: false };
  return success ? spent : fallUnconscious(spent, "failed-fortify", context.log);
}

/** Missing health above the CON value: fortify (reaction, 1 stamina) or fall unconscious. */
function checkConsciousness(state: ActorState, context: Context): ActorState {
  if (state.status.unconscious) return state;
  const missing = missingHealth(state);
  const con = state.attributes.con;
  if (missing <= con) return state;
  context.log.push({ kind: "conscious-check", missing, con });
  if (!state.reactionAvailable) return fallUnconscious(state, "no-reaction", context.log);
  if (state.stamina.value < 1) return fallUnconscious(state, "no-stamina", context.log);
  const choice = context.options.choices?.fortify;
  if (choice === undefined) return { ...state, pending: "fortify" };
  return fortifyOrFall(state, choice, context);
}

function stableAtZero(state: ActorState, log: Step[]): ActorState {
  log.push({ kind: "no-death-risk", reason: "without-death-risk" }, { kind: "stable" });
  return withStatus(state, { unconscious: true, stable: true, dying: false });
}

function answerStrainOrInjury(state: ActorState, context: Context): ActorState {
  const choice = context.options.choices?.strainOrInjury;
  if (state.pending !== "strain-or-injury" || choice === undefined) return state;
  return takeStrainOrInjury(state, choice, context.dice, context.log);
}

/** Health brought from above zero to zero by this blow. */
function reachZero(state: ActorState, hit: Hit, overflow: number, context: Context): ActorState {
  const { log, options } = context;
  log.push({ kind: "zero-health" });
  const cleared = copyActorState(state);
  cleared.pending = null;
  if (context.rule === "dying") {
    if (options.withoutDeathRisk === true) return stableAtZero(cleared, log);
    return answerStrainOrInjury(startDying(cleared, false, log), context);
  }
  const fallen = fallUnconscious(cleared, "zero-health", log);
  if (options.withoutDeathRisk === true) return stableAtZero(fallen, log);
  if (context.rule === "stabilise") return startDowned(fallen, options.inCombat === false, log);
  // RULES §7.3: under direct damage what passes zero is critical damage, not a death luck test.
  if (hit.direct === true) return fallen;
  const spared: NoDeathRiskReason | null = overflow <= 0 ? "not-exceeded" : hit.lethal ? null : "nonlethal";
  if (spared !== null) {
    log.push({ kind: "no-death-risk", reason: spared });
    return fallen;
  }
  log.push({ kind: "risk-of-death", overflow });
  return rollDeathLuckTest(fallen, context.dice, log);
}

/** Any damage to a character already at zero. */
function damageAtZero(state: ActorState, hit: Hit, damage: number, context: Context): ActorState {
  const { log } = context;
  if (context.options.withoutDeathRisk === true) {
    log.push({ kind: "no-death-risk", reason: "without-death-risk" });
    return state;
  }
  switch (context.rule) {
    case "luck":
      if (hit.direct === true) return state;
      log.push({ kind: "risk-of-death", overflow: damage });
      return rollDeathLuckTest(state, context.dice, log);
    case "dying":
      if (state.status.dying) return failDeathSaveFromDamage(state, log);
      return failDeathSaveFromDamage(startDying(state, true, log), log);
    case "stabilise":
      if (state.downed !== null) {
        log.push({ kind: "no-effect", reason: "already-downed" });
        return state;
      }
      return startDowned(state, context.options.inCombat === false, log);
  }
}

/**
 * Applies one hit. With the choices given, the whole chain runs; without, it stops at the first
 * choice the player owes and `decision` says what to ask (answer with `resolveFortify` or
 * `resolveStrainOrInjury`).
 */
export function applyDamage(
  before: ActorState,
  hit: Hit,
  dice: DiceSource,
  options: DamageOptions = {},
): RuleResult {
  const context: Context = { rule: options.rule ?? DEFAULT_DEATH_RULE, dice, options, log: [] };
  const { log } = context;
  if (before.status.dead) {
    log.push({ kind: "no-effect", reason: "dead" });
    return settle(before, before, log);
  }
  const deflection = appliedDeflection(hit, before.deflection);
  const damage =
    hit.direct === true
      ? directDamage(hit.amount, deflection)
      : damageAfterDeflection(hit.amount, deflection);
  log.push({ kind: "deflection", type: hit.type, raw: hit.amount, deflection, damage });

  const wasAtZero = before.health.value === 0;
  const loss = absorbDamage(before.endurance, before.health, damage);
  let state = copyActorState(before);
  state.endurance = loss.endurance;
  state.health = loss.health;
  if (loss.enduranceLost > 0)
    log.push({ kind: "endurance", lost: loss.enduranceLost, value: loss.endurance.value });
  if (isHarmed(state.endurance) && !isHarmed(before.endurance)) log.push({ kind: "harmed" });
  if (loss.healthLost > 0) log.push({ kind: "health", lost: loss.healthLost, value: loss.health.value });
  if (isBloodied(state.health) && !isBloodied(before.health)) log.push({ kind: "bloodied" });

  const remainder = wasAtZero ? damage : loss.overflow;
  if (options.detachment === true && options.withoutDeathRisk !== true) {
    const blow = {
      direct: hit.direct === true,
      lethal: hit.lethal,
      critical: hit.critical === true,
      atZero: state.health.value === 0,
      remainder,
    };
    return settle(before, detachmentAftermath(state, blow, log), log);
  }
  if (wasAtZero) state = damageAtZero(state, hit, damage, context);
  else if (state.health.value === 0) state = reachZero(state, hit, loss.overflow, context);
  else if (loss.healthLost > 0) state = checkConsciousness(state, context);
  if (hit.direct === true && remainder > 0 && options.withoutDeathRisk !== true && !state.status.dead)
    state = sufferCriticalDamage(state, remainder, dice, log);
  return settle(before, state, log, describePending(state));
}

export type FortifyRefusal = "no-decision-pending";

/** The player's answer to "fortify or fall unconscious". */
export function resolveFortify(
  state: ActorState,
  fortify: boolean,
  dice: DiceSource,
  options: DamageOptions = {},
): Outcome<FortifyRefusal> {
  if (state.pending !== "fortify") return refuse("no-decision-pending");
  const context: Context = { rule: options.rule ?? DEFAULT_DEATH_RULE, dice, options, log: [] };
  const { log } = context;
  let after: ActorState;
  if (!state.reactionAvailable) after = fallUnconscious(state, "no-reaction", log);
  else if (state.stamina.value < 1) after = fallUnconscious(state, "no-stamina", log);
  else after = fortifyOrFall(state, fortify, context);
  return settle(state, after, log);
}

// ---------------------------------------------------------------------------------------------
// Healing
// ---------------------------------------------------------------------------------------------

export interface Healing {
  amount: number;
  pool: "health" | "endurance";
  kind: HealingKind;
}

export type HealingRefusal = "dead" | "nothing-to-heal" | "strain-at-max";

function restore(state: ActorState, healing: Healing, log: Step[]): ActorState {
  const pool = state[healing.pool];
  const value = Math.min(pool.max, pool.value + healing.amount);
  log.push({ kind: "healed", pool: healing.pool, gained: value - pool.value, value });
  return { ...state, [healing.pool]: { ...pool, value } };
}

function wake(state: ActorState, log: Step[]): ActorState {
  if (!state.status.unconscious && !state.status.stable) return state;
  log.push({ kind: "wakes" });
  // A downed track (S1) ends with waking, whatever the rule now: the GM may have switched rules
  // while the character was down, and its clocks must not run on an awake character if switched back.
  return { ...withStatus(state, { unconscious: false, stable: false }), pending: null, downed: null };
}

/**
 * Restores health or endurance. Healing health follows the death rule: S2 dying → stands; S1 downed →
 * stabilised, with the injury roll; otherwise a character left above zero health wakes.
 * Under S2, easy healing costs 1 strain and natural healing stops at max strain.
 */
export function applyHealing(
  state: ActorState,
  healing: Healing,
  dice: DiceSource,
  rule: DeathRule = DEFAULT_DEATH_RULE,
): Outcome<HealingRefusal> {
  if (state.status.dead) return refuse("dead");
  if (healing.amount <= 0) return refuse("nothing-to-heal");
  const log: Step[] = [];
  const paid = rule === "dying" ? payStrainForHealing(state, healing.kind, log) : state;
  if (paid === "strain-at-max") return refuse(paid);
  const healsHealth = healing.pool === "health";
  if (rule === "stabilise" && healsHealth && paid.downed !== null) {
    log.push({ kind: "stable" });
    return settle(state, rollS1Injury(paid, dice, healing.amount, log), log);
  }
  const restored = restore(paid, healing, log);
  if (!healsHealth || restored.health.value === 0) return settle(state, restored, log);
  const after = restored.status.dying ? standFromHealing(restored, log) : wake(restored, log);
  return settle(state, after, log);
}
