/**
 * View models for chat cards: every step of a roll, in words and numbers, ready for a template.
 * Built from the rules engine's plain results, so a card explains exactly what the rules did.
 */
import type { AttackResult, TargetOutcome } from "../../rules/attacks";
import type { Step } from "../../rules/damage-chain";
import type { DefenceStep } from "../../rules/defences";
import { describeStep } from "./damage-steps";
import type { Modifier, TestDice, TestResult } from "../../rules/tests";
import type { Edge } from "../../rules/modifiers";
import { edgesText } from "./damage-steps";

export interface DieView {
  size: number;
  face: number;
  max: boolean;
  min: boolean;
}

export interface PoolView {
  dice: DieView[];
  sum: number;
  kept: boolean;
}

export interface StepView {
  label: string;
  value: string;
}

const signed = (value: number): string => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : "0");

const BUILT_IN_STEPS: Record<string, string> = {
  proficiency: "BRINK.Roll.Step.proficiency",
  luck: "BRINK.Roll.Step.luck",
  "multiple-attack": "BRINK.Roll.Step.multipleAttack",
};

export function stepView(step: Modifier): StepView {
  const key = BUILT_IN_STEPS[step.label];
  return { label: key ? game.i18n.localize(key) : step.label, value: signed(step.value) };
}

export function poolViews(dice: TestDice): PoolView[] {
  return dice.pools.map((pool, index) => ({
    dice: pool.dice.map((die) => ({
      size: die.size,
      face: die.face,
      max: die.face === die.size,
      min: die.face === 1,
    })),
    sum: pool.sum,
    kept: index === dice.keptPool,
  }));
}

export function advantageLabel(advantage: number): string {
  if (advantage === 0) return "";
  const key = advantage > 0 ? "advantage" : "disadvantage";
  return game.i18n.localize(`BRINK.Roll.${Math.abs(advantage) > 1 ? "double" : "single"}.${key}`);
}

/** The luck die as a card shows it; a bonus of 0 is left out rather than shown as "+0". */
function luckView(luck: { face: number; bonus: number; total: number }) {
  return { face: luck.face, bonus: luck.bonus ? signed(luck.bonus) : "", total: luck.total };
}

export function testCardView(result: TestResult, label: string, edges: readonly Edge[] = []) {
  const luckNote =
    result.luckEffect === "bonus"
      ? game.i18n.localize("BRINK.Roll.luckBonus")
      : game.i18n.format("BRINK.Roll.luckNone", { total: String(result.luck.total) });
  return {
    label,
    advantage: advantageLabel(result.dice.advantage),
    edges: edgesText(edges),
    pools: poolViews(result.dice),
    steps: result.steps.map(stepView),
    luck: { ...luckView(result.luck), note: luckNote, lucky: result.luckEffect === "bonus" },
    total: result.total,
    difficulty: result.difficulty,
    success: result.success,
    outcome: game.i18n.format(result.success ? "BRINK.Roll.successBy" : "BRINK.Roll.failureBy", {
      margin: String(Math.abs(result.margin)),
    }),
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
  steps: Step[];
}

/** An applied entry's key (data/chat/attack-card entryKey): token uuids' dots would split a flattened update. */
const keyOf = (attack: number, target: string): string => `${attack}:${target.replaceAll(".", "_")}`;

function applicationView(entry: AppliedView | undefined) {
  if (!entry) return { status: "open", open: true, steps: [], reaction: null };
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
    reaction,
    steps: entry.steps.map(describeStep),
  };
}

function targetView(
  outcome: TargetOutcome,
  targets: readonly TargetInfo[],
  damageType: string,
  attackIndex: number,
  applied: Record<string, AppliedView>,
) {
  const target = targets.find((t) => t.uuid === outcome.targetId);
  const intended = targets.find((t) => t.uuid === outcome.intendedId);
  const size = outcome.defences.sizeDifference;
  return {
    name: target?.name ?? "?",
    img: target?.img ?? "icons/svg/mystery-man.svg",
    strayedFrom: outcome.strayed ? (intended?.name ?? "?") : null,
    evasion: outcome.defences.evasion,
    sizeNote: size === 0 ? "" : game.i18n.format("BRINK.Attack.sizeNote", { difference: signed(size) }),
    hit: outcome.hit,
    rawDamage: outcome.rawDamage,
    deflection: outcome.deflection,
    damage: outcome.damage,
    damageType: game.i18n.localize(`BRINK.DamageType.${damageType}`),
    targetId: outcome.targetId,
    manual: target?.manual === true,
    application: applicationView(applied[keyOf(attackIndex, outcome.targetId)]),
  };
}

export function attackView(
  result: AttackResult,
  targets: readonly TargetInfo[],
  attackIndex = 0,
  applied: Record<string, AppliedView> = {},
) {
  return {
    advantage: advantageLabel(result.dice.advantage),
    attribute: game.i18n.localize(`BRINK.Attribute.${result.attribute}.label`),
    pools: poolViews(result.dice),
    steps: result.steps.map(stepView),
    luck: luckView(result.luck),
    critical: result.critical,
    mishap: result.mishap,
    total: result.total,
    targets: result.targets.map((outcome) =>
      targetView(outcome, targets, result.damageType, attackIndex, applied),
    ),
  };
}
