import type { DiceSource, DieRating, DieSize } from "./dice";

/** RULES §2: holding a relevant proficiency adds this to a test. */
export const PROFICIENCY_BONUS = 1;
/** RULES §2 [decision]: at most double advantage or double disadvantage (three rolls of the test dice). */
export const MAX_ADVANTAGE = 2;
/** RULES §2: an ordinary test whose luck total reaches this gains {@link LUCK_TEST_BONUS}. */
export const LUCK_BONUS_THRESHOLD = 20;
export const LUCK_TEST_BONUS = 4;
export const LUCK_DIE = 20;

/**
 * Labels of the steps the rules add themselves. Modifiers supplied by callers keep their own label;
 * a chat card localises the built-in ones.
 */
export const STEP_LABELS = {
  proficiency: "proficiency",
  luck: "luck",
  multipleAttack: "multiple-attack",
} as const;

/** A named number added to a test, so a chat card can explain where the total came from. */
export interface Modifier {
  readonly label: string;
  readonly value: number;
}

export interface TestSpec {
  readonly attribute: DieRating;
  /** 0 = untrained: no die. */
  readonly skill: DieRating;
  readonly proficient: boolean;
  readonly modifiers?: readonly Modifier[];
  /** How many sources of advantage apply (sneak, flanking, prone target …). */
  readonly advantages?: number;
  readonly disadvantages?: number;
  readonly luckBonus?: number;
}

/** Which of the test's ratings a die was rolled for. */
export type DieSource = "attribute" | "skill";

export interface RolledDie {
  readonly size: DieSize;
  readonly face: number;
  /** Absent on dice rolled before cards named them. */
  readonly source?: DieSource;
}

/** One roll of the test dice (attribute die and skill die). */
export interface DicePool {
  readonly dice: readonly RolledDie[];
  readonly sum: number;
}

export interface TestDice {
  /** Net advantage, from −MAX_ADVANTAGE to +MAX_ADVANTAGE; the number of pools is |advantage| + 1. */
  readonly advantage: number;
  readonly pools: readonly DicePool[];
  /** Index of the pool that counts: the highest with advantage, the lowest with disadvantage. */
  readonly keptPool: number;
  readonly diceTotal: number;
}

export interface LuckRoll {
  readonly face: number;
  readonly bonus: number;
  readonly total: number;
}

export type LuckEffect = "none" | "bonus";

export interface TestRoll {
  readonly dice: TestDice;
  /** Every flat contribution after the dice, in order: proficiency, modifiers, luck bonus. */
  readonly steps: readonly Modifier[];
  readonly luck: LuckRoll;
  readonly luckEffect: LuckEffect;
  readonly total: number;
}

export interface TestResult extends TestRoll {
  readonly difficulty: number;
  readonly success: boolean;
  /** total − difficulty: 0 is a bare success. */
  readonly margin: number;
}

const sourceCount = (count: number | undefined): number => Math.max(0, Math.floor(count ?? 0));

/** Advantages cancel disadvantages one for one; the rest is capped at double either way. */
export function netAdvantage(advantages: number, disadvantages: number): number {
  const net = sourceCount(advantages) - sourceCount(disadvantages);
  return Math.max(-MAX_ADVANTAGE, Math.min(MAX_ADVANTAGE, net));
}

export const specAdvantage = (spec: TestSpec): number =>
  netAdvantage(spec.advantages ?? 0, spec.disadvantages ?? 0);

/** The dice a test rolls once: the attribute die and the skill die, skipping ratings of 0. */
export function testDiceSizes(spec: Pick<TestSpec, "attribute" | "skill">): DieSize[] {
  return testDice(spec).map((die) => die.size);
}

/** The test's dice with the rating each stands for, so a card can name them. */
function testDice(spec: Pick<TestSpec, "attribute" | "skill">): { size: DieSize; source: DieSource }[] {
  const rated: { size: DieRating; source: DieSource }[] = [
    { size: spec.attribute, source: "attribute" },
    { size: spec.skill, source: "skill" },
  ];
  return rated.filter((die): die is { size: DieSize; source: DieSource } => die.size !== 0);
}

/** Proficiency and caller modifiers, as the steps a card lists. */
export function flatSteps(spec: TestSpec): Modifier[] {
  const proficiency: Modifier[] = spec.proficient
    ? [{ label: STEP_LABELS.proficiency, value: PROFICIENCY_BONUS }]
    : [];
  return [...proficiency, ...(spec.modifiers ?? [])];
}

export const sumOf = (steps: readonly Modifier[]): number => steps.reduce((sum, step) => sum + step.value, 0);

function rollPool(sizes: readonly { size: DieSize; source: DieSource }[], dice: DiceSource): DicePool {
  const rolled: RolledDie[] = [];
  let sum = 0;
  for (const { size, source } of sizes) {
    const face = dice.roll(size);
    rolled.push({ size, face, source });
    sum += face;
  }
  return { dice: rolled, sum };
}

/** The first pool with the highest sum (advantage) or the lowest (disadvantage). */
function keptPoolIndex(pools: readonly DicePool[], advantage: number): number {
  let kept = 0;
  for (let i = 1; i < pools.length; i += 1) {
    const sum = pools[i]?.sum ?? 0;
    const best = pools[kept]?.sum ?? 0;
    if (advantage >= 0 ? sum > best : sum < best) kept = i;
  }
  return kept;
}

/** Rolls the test dice |advantage| + 1 times, pool after pool, and keeps the best (or worst) pool. */
export function rollTestDice(spec: TestSpec, dice: DiceSource): TestDice {
  const advantage = specAdvantage(spec);
  const sizes = testDice(spec);
  const pools: DicePool[] = [];
  for (let i = Math.abs(advantage); i >= 0; i -= 1) pools.push(rollPool(sizes, dice));
  const keptPool = keptPoolIndex(pools, advantage);
  return { advantage, pools, keptPool, diceTotal: pools[keptPool]?.sum ?? 0 };
}

/** The luck die: 1d20 + luck bonus, rolled once per test whatever the advantage. */
export function rollLuck(luckBonus: number, dice: DiceSource): LuckRoll {
  const face = dice.roll(LUCK_DIE);
  return { face, bonus: luckBonus, total: face + luckBonus };
}

export const luckGivesTestBonus = (luck: LuckRoll): boolean => luck.total >= LUCK_BONUS_THRESHOLD;

/** An ordinary test without a difficulty (opposed tests, or a total another test is compared to). */
export function rollTest(spec: TestSpec, dice: DiceSource): TestRoll {
  const testDice = rollTestDice(spec, dice);
  const luck = rollLuck(spec.luckBonus ?? 0, dice);
  const luckEffect: LuckEffect = luckGivesTestBonus(luck) ? "bonus" : "none";
  const luckSteps: Modifier[] =
    luckEffect === "bonus" ? [{ label: STEP_LABELS.luck, value: LUCK_TEST_BONUS }] : [];
  const steps = [...flatSteps(spec), ...luckSteps];
  return { dice: testDice, steps, luck, luckEffect, total: testDice.diceTotal + sumOf(steps) };
}

export function judge<T extends { readonly total: number }>(
  roll: T,
  difficulty: number,
): T & { difficulty: number; success: boolean; margin: number } {
  return { ...roll, difficulty, success: roll.total >= difficulty, margin: roll.total - difficulty };
}

/** RULES §2: an ordinary test succeeds when its total (luck bonus included) reaches the difficulty. */
export function resolveTest(spec: TestSpec, difficulty: number, dice: DiceSource): TestResult {
  return judge(rollTest(spec, dice), difficulty);
}

export interface OpposedResult {
  readonly attacker: TestRoll;
  readonly defender: TestRoll;
  readonly winner: "attacker" | "defender";
  /** attacker total − defender total. */
  readonly margin: number;
}

/** RULES §2: both sides roll (the attacker first); the higher total wins and a tie goes to the defender. */
export function resolveOpposedTest(attacker: TestSpec, defender: TestSpec, dice: DiceSource): OpposedResult {
  const attackerRoll = rollTest(attacker, dice);
  const defenderRoll = rollTest(defender, dice);
  const margin = attackerRoll.total - defenderRoll.total;
  return {
    attacker: attackerRoll,
    defender: defenderRoll,
    winner: margin > 0 ? "attacker" : "defender",
    margin,
  };
}

/** A plain d20 check of the optional rules (morale, death saves): no luck die, no skill dice. */
export interface CheckSpec {
  readonly modifier: number;
  readonly advantages?: number;
  readonly disadvantages?: number;
}

export interface CheckResult {
  readonly advantage: number;
  /** Every d20 rolled, in order. */
  readonly faces: readonly number[];
  /** The face that counts (a natural 20 matters to S2 death saves). */
  readonly natural: number;
  readonly modifier: number;
  readonly total: number;
  readonly difficulty: number;
  readonly success: boolean;
  readonly margin: number;
}

export function resolveCheck(spec: CheckSpec, difficulty: number, dice: DiceSource): CheckResult {
  const advantage = netAdvantage(spec.advantages ?? 0, spec.disadvantages ?? 0);
  const faces = Array.from({ length: Math.abs(advantage) + 1 }, () => dice.roll(20));
  const natural = advantage >= 0 ? Math.max(...faces) : Math.min(...faces);
  const total = natural + spec.modifier;
  return judge({ advantage, faces, natural, modifier: spec.modifier, total }, difficulty);
}
