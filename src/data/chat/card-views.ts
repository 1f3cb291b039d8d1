/**
 * View models for chat cards: every step of a roll, in words and numbers, ready for a template.
 * Built from the rules engine's plain results, so a card explains exactly what the rules did.
 */
import type { AttackResult, TargetOutcome } from "../../rules/attacks";
import type { Hit, Step } from "../../rules/damage-chain";
import { damageAfterDeflection } from "../../rules/damage";
import type { DefenceStep } from "../../rules/defences";
import { describeStep } from "./damage-steps";
import { itemLinks } from "./item-links";
import type { DieSource, Modifier, RolledDie, TestDice, TestResult } from "../../rules/tests";
import type { Edge } from "../../rules/modifiers";
import { edgesText } from "./damage-steps";
import { luckView, testLuckView, type LuckView } from "./luck-view";
import { signed } from "../../helpers/numbers";
import type { Attribute, Skill } from "../../rules/characters";
import { ATTRIBUTE_LABEL, SKILL_LABEL } from "../../helpers/lang-keys";

export interface DieView {
  size: number;
  face: number;
  max: boolean;
  min: boolean;
  /** "Strength d6": what the die was rolled for. */
  label: string;
}

export interface PoolView {
  dice: DieView[];
  sum: number;
  kept: boolean;
  /** "Kept" or "Not kept" when advantage rolled several pools; empty for a single pool. */
  keptLabel: string;
}

/** What each kind of test die stands for on a card: "Strength", "Combat". */
export type DieNames = Record<DieSource, string>;

const GENERIC_DIE_NAMES = (): DieNames => ({
  attribute: game.i18n.localize("BRINK.Card.Die.attribute"),
  skill: game.i18n.localize("BRINK.Card.Die.skill"),
});

const isAttribute = (key: string): key is Attribute => key in ATTRIBUTE_LABEL;
const isSkill = (key: string): key is Skill => key in SKILL_LABEL;

/**
 * "Strength", "Sneak": what a test card's dice were rolled for, by the keys it recorded. A card
 * from before it recorded them (blank keys) names them generically ("Attribute", "Skill").
 */
export function testDieNames(attribute: string, skill: string): DieNames {
  const generic = GENERIC_DIE_NAMES();
  return {
    attribute: isAttribute(attribute) ? game.i18n.localize(ATTRIBUTE_LABEL[attribute]) : generic.attribute,
    skill: isSkill(skill) ? game.i18n.localize(SKILL_LABEL[skill]) : generic.skill,
  };
}

export interface StepView {
  label: string;
  value: string;
}

const BUILT_IN_STEPS: Record<string, string> = {
  proficiency: "BRINK.Roll.Step.proficiency",
  luck: "BRINK.Roll.Step.luck",
  "multiple-attack": "BRINK.Roll.Step.multipleAttack",
};

export function stepView(step: Modifier): StepView {
  const key = BUILT_IN_STEPS[step.label];
  return { label: key ? game.i18n.localize(key) : step.label, value: signed(step.value) };
}

/**
 * The die's source: recorded since cards named their dice; on older cards two dice are the
 * attribute's then the skill's (the rules roll them in that order), and a lone die is unnamed.
 */
function sourceOf(die: RolledDie, index: number, count: number): DieSource | null {
  if (die.source) return die.source;
  if (count !== 2) return null;
  return index === 0 ? "attribute" : "skill";
}

function dieLabel(die: RolledDie, source: DieSource | null, names: DieNames): string {
  return source ? `${names[source]} d${die.size}` : `d${die.size}`;
}

export function poolViews(dice: TestDice, names: DieNames = GENERIC_DIE_NAMES()): PoolView[] {
  const several = dice.pools.length > 1;
  return dice.pools.map((pool, index) => ({
    dice: pool.dice.map((die, at) => ({
      size: die.size,
      face: die.face,
      max: die.face === die.size,
      min: die.face === 1,
      label: dieLabel(die, sourceOf(die, at, pool.dice.length), names),
    })),
    sum: pool.sum,
    kept: index === dice.keptPool,
    keptLabel: several
      ? game.i18n.localize(`BRINK.Card.${index === dice.keptPool ? "kept" : "notKept"}`)
      : "",
  }));
}

/** "Strength d6 + Combat d6": the dice one roll of the test throws, named. */
export function diceFormula(dice: TestDice, names: DieNames = GENERIC_DIE_NAMES()): string {
  const pool = dice.pools[0];
  if (!pool) return "";
  return pool.dice.map((die, at) => dieLabel(die, sourceOf(die, at, pool.dice.length), names)).join(" + ");
}

export function advantageLabel(advantage: number): string {
  if (advantage === 0) return "";
  const key = advantage > 0 ? "advantage" : "disadvantage";
  return game.i18n.localize(`BRINK.Roll.${Math.abs(advantage) > 1 ? "double" : "single"}.${key}`);
}

export function testCardView(
  result: TestResult,
  label: string,
  edges: readonly Edge[] = [],
  names: DieNames = GENERIC_DIE_NAMES(),
) {
  const outcome = game.i18n.format(result.success ? "BRINK.Roll.successBy" : "BRINK.Roll.failureBy", {
    margin: String(Math.abs(result.margin)),
  });
  return {
    label,
    advantage: advantageLabel(result.dice.advantage),
    edges: edgesText(edges),
    formula: diceFormula(result.dice, names),
    pools: poolViews(result.dice, names),
    steps: result.steps.map(stepView),
    luck: testLuckView(result.luck, result.luckEffect === "bonus"),
    total: {
      label: game.i18n.localize("BRINK.Card.total"),
      value: result.total,
      versus: String(result.difficulty),
      outcome,
    },
    success: result.success,
  };
}

export interface TargetInfo {
  uuid: string;
  name: string;
  img: string;
  /** A target with no token: its evasion and deflection were typed in the attack dialog. */
  manual?: boolean;
}

/** The part of a damage application the card shows (workflows/damage AppliedEntry). */
export interface AppliedView {
  status: "reacted" | "awaiting-fortify" | "awaiting-strain" | "applied" | "reverted" | "applying";
  reaction: { kind: string; step: DefenceStep; itemName: string | null } | null;
  /** The hit still to apply after a reaction (null: the reaction stopped it). */
  pendingHit?: Hit | null;
  steps: Step[];
  /** The target's actor, and the injury items applying created on it. */
  actorUuid?: string;
  injuryItems?: { created: string[] };
  /** The block or parry item the GM's revert could not give durability back to (it was gone). */
  itemNotRestored?: string | null;
}

/**
 * The damage this target takes, as far as the card knows: what applying wrote, else what gets
 * through the reaction (a block's overflow skips deflection, a parry adds to it), else the roll's.
 */
function damageNow(outcome: TargetOutcome, entry: AppliedView | undefined): number {
  if (!entry || entry.status === "reverted") return outcome.damage;
  const dealt = entry.steps.find((step) => step.kind === "deflection");
  if (dealt) return dealt.damage;
  if (!entry.reaction) return outcome.damage;
  const hit = entry.pendingHit;
  if (!hit) return 0;
  const parry = entry.reaction.step.kind === "parry" ? entry.reaction.step.bonus : 0;
  return damageAfterDeflection(hit.amount, hit.ignoreDeflection ? 0 : outcome.deflection + parry);
}

/** An applied entry's key (data/chat/attack-card entryKey): token uuids' dots would split a flattened update. */
const keyOf = (attack: number, target: string): string => `${attack}:${target.replaceAll(".", "_")}`;

/** "Reverted, except the Round shield…": what the GM's revert could not give back. */
const notRestored = (entry: AppliedView, name: string): string | null =>
  entry.itemNotRestored
    ? game.i18n.format("BRINK.Damage.Revert.itemGone", { item: entry.itemNotRestored, name })
    : null;

/** What applying the blow did to the target's life, for the row's headline; "" when nothing (or reverted). */
function lifeHeadline(entry: AppliedView, name: string): string {
  if (entry.status === "reverted") return "";
  const has = (kind: string) => entry.steps.some((step) => step.kind === kind);
  const outcome = has("dead")
    ? "dead"
    : has("cheated-death")
      ? "cheated"
      : has("unconscious")
        ? "down"
        : null;
  return outcome ? game.i18n.format(`BRINK.Damage.Headline.${outcome}`, { name }) : "";
}

/**
 * The row's headline and the steps under it. When the blow put a death luck test in the headline
 * ("Roland cheated death"), its die stands beside the headline; the step below keeps its sentence.
 */
function headlineAndSteps(entry: AppliedView, name: string) {
  const headline = lifeHeadline(entry, name);
  const steps = entry.steps.map(describeStep);
  const rolled = headline ? steps.find((step) => step.kind === "death-luck-test") : undefined;
  return {
    headline,
    headlineLuck: rolled?.luck ?? null,
    steps: steps.map((step) => (step === rolled ? { ...step, luck: undefined } : step)),
  };
}

function applicationView(entry: AppliedView | undefined, name: string) {
  if (!entry)
    return { status: "open", open: true, steps: [], reaction: null, headline: "", headlineLuck: null };
  const reaction = entry.reaction
    ? {
        label: game.i18n.localize(`BRINK.Damage.Reaction.${entry.reaction.kind}`),
        item: entry.reaction.itemName,
        step: describeStep(entry.reaction.step),
      }
    : null;
  return {
    status: entry.status,
    statusLabel: game.i18n.localize(`BRINK.Damage.Status.${entry.status}`),
    open: entry.status === "reacted" || entry.status === "reverted",
    reacted: entry.status === "reacted",
    awaitingFortify: entry.status === "awaiting-fortify",
    awaitingStrain: entry.status === "awaiting-strain",
    applied:
      entry.status === "applied" ||
      entry.status === "awaiting-fortify" ||
      entry.status === "awaiting-strain" ||
      entry.status === "applying",
    reverted: entry.status === "reverted",
    notRestored: entry.status === "reverted" ? notRestored(entry, name) : null,
    ...headlineAndSteps(entry, name),
    reaction,
    injuries:
      entry.status === "reverted" ? [] : itemLinks(entry.actorUuid ?? "", entry.injuryItems?.created ?? []),
  };
}

/**
 * Where an attack's damage came from: a test's total and its weapon, a direct blow's die, or the
 * number the GM typed.
 */
export type DamageSource =
  { kind: "test"; total: number; weaponName: string; critical: boolean } | { kind: "direct" | "typed" };

/**
 * "9 attack total + 5 Longsword − 2 deflection" (RULES §4): each number of the damage named, the
 * weapon's share being the rest of the raw damage; "7 on the die − 1 deflection" for direct damage.
 * Damage held at its minimum of 1 says so, so the line still adds up.
 */
function damageFrom(outcome: TargetOutcome, source: DamageSource): string {
  const deflection = String(outcome.deflection);
  const held = outcome.rawDamage - outcome.deflection < outcome.damage;
  const atLeast = held ? ` ${game.i18n.localize("BRINK.Attack.atLeastOne")}` : "";
  if (source.kind !== "test")
    return `${game.i18n.format(`BRINK.Attack.DamageFrom.${source.kind}`, { raw: String(outcome.rawDamage), deflection })}${atLeast}`;
  const text = game.i18n.format(`BRINK.Attack.DamageFrom.${source.critical ? "critical" : "test"}`, {
    total: String(source.total),
    weapon: String(outcome.rawDamage - source.total),
    name: source.weaponName,
    deflection,
  });
  return `${text}${atLeast}`;
}

function targetView(
  outcome: TargetOutcome,
  targets: readonly TargetInfo[],
  damageType: string,
  attackIndex: number,
  applied: Record<string, AppliedView>,
  source: DamageSource,
) {
  const target = targets.find((t) => t.uuid === outcome.targetId);
  const intended = targets.find((t) => t.uuid === outcome.intendedId);
  const size = outcome.defences.sizeDifference;
  const entry = applied[keyOf(attackIndex, outcome.targetId)];
  const now = outcome.hit ? damageNow(outcome, entry) : 0;
  return {
    name: target?.name ?? "?",
    img: target?.img ?? "icons/svg/mystery-man.svg",
    strayedFrom: outcome.strayed ? (intended?.name ?? "?") : null,
    evasion: outcome.defences.evasion,
    sizeNote: size === 0 ? "" : game.i18n.format("BRINK.Attack.sizeNote", { difference: signed(size) }),
    hit: outcome.hit,
    damageFrom: outcome.hit ? damageFrom(outcome, source) : "",
    damage: outcome.damage,
    damageNow: now,
    damageChanged: now !== outcome.damage,
    damageType: game.i18n.localize(`BRINK.DamageType.${damageType}`),
    targetId: outcome.targetId,
    manual: target?.manual === true,
    application: applicationView(entry, target?.name ?? "?"),
  };
}

/** An attack's luck die (RULES §2): a critical, a possible stray, or nothing. */
function attackLuckView(result: AttackResult): LuckView {
  const hint = game.i18n.localize("BRINK.Attack.luckHint");
  if (result.critical)
    return luckView(result.luck, game.i18n.localize("BRINK.Attack.critical"), "lucky", hint);
  if (result.mishap) return luckView(result.luck, game.i18n.localize("BRINK.Attack.mishap"), "unlucky", hint);
  const none = game.i18n.format("BRINK.Attack.luckNone", { total: String(result.luck.total) });
  return luckView(result.luck, none, "", hint);
}

export function attackView(
  result: AttackResult,
  targets: readonly TargetInfo[],
  attackIndex = 0,
  applied: Record<string, AppliedView> = {},
  source: DamageSource = { kind: "typed" },
) {
  // An attack tests the weapon's attribute with the Combat skill (RULES §3).
  const names = testDieNames(result.attribute, "combat");
  const { attribute } = names;
  return {
    advantage: advantageLabel(result.dice.advantage),
    attribute,
    formula: diceFormula(result.dice, names),
    pools: poolViews(result.dice, names),
    steps: result.steps.map(stepView),
    luck: attackLuckView(result),
    critical: result.critical,
    total: { label: game.i18n.localize("BRINK.Attack.total"), value: result.total, versus: "", outcome: "" },
    targets: result.targets.map((outcome) =>
      targetView(outcome, targets, result.damageType, attackIndex, applied, source),
    ),
  };
}
