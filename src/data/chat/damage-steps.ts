/**
 * Words for the damage chain's steps (rules/damage-chain, rules/defences), as an attack card lists
 * them after damage is applied: each step with its numbers.
 */
import type { Step } from "../../rules/damage-chain";
import type { DefenceStep } from "../../rules/defences";
import type { Edge } from "../../rules/modifiers";

type AnyStep = Step | DefenceStep;

function data(step: AnyStep): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(step)) {
    if (typeof value === "number" || typeof value === "string" || typeof value === "boolean")
      values[key] = String(value);
    else if (value && typeof value === "object" && "total" in value)
      values[key] = String((value as { total: number }).total);
  }
  return values;
}

/** Where a roll's advantage and disadvantage came from: "Reeling: disadvantage". */
export function edgesText(edges: readonly Edge[] | undefined): string {
  return (edges ?? [])
    .map((edge) =>
      game.i18n.format(`BRINK.Roll.Edge.${edge.advantage > 0 ? "advantage" : "disadvantage"}`, {
        source: edge.label,
      }),
    )
    .join(", ");
}

/**
 * A test's labelled bonuses and advantage sources after its line: "Dodges: 9 vs 8 (Exhaustion 3
 * −3, Guard +1; Reeling: disadvantage)". Labels were put in words when the test was rolled; the
 * older cards' built-in keys ("guard") are still put in words here.
 */
function withBonuses(text: string, step: AnyStep): string {
  const bonuses = "bonuses" in step ? (step.bonuses ?? []) : [];
  const edges = "edges" in step ? (step.edges ?? []) : [];
  if (!bonuses.length && !edges.length) return text;
  const list = bonuses.map((bonus) => {
    const key = `BRINK.Roll.Step.${bonus.label}`;
    const label = game.i18n.has(key) ? game.i18n.localize(key) : bonus.label;
    return `${label} ${bonus.value >= 0 ? "+" : "−"}${Math.abs(bonus.value)}`;
  });
  const sources = edgesText(edges);
  return `${text} (${[list.join(", "), sources].filter(Boolean).join("; ")})`;
}

/** "Endurance −7 (now 5)". Unknown steps fall back to their kind, so nothing is silently dropped. */
export function describeStep(step: AnyStep): {
  kind: string;
  text: string;
  tone: "neutral" | "bad" | "good";
} {
  const base = `BRINK.Damage.Step.${step.kind}`;
  const variant =
    "success" in step
      ? `${base}.${step.success ? "success" : "failure"}`
      : "reason" in step
        ? `${base}.${String(step.reason)}`
        : base;
  const key = game.i18n.has(variant) ? variant : game.i18n.has(base) ? base : null;
  const text = withBonuses(key ? game.i18n.format(key, data(step)) : step.kind, step);
  const bad = [
    "dead",
    "unconscious",
    "zero-health",
    "risk-of-death",
    "bloodied",
    "harmed",
    "dying-started",
    "critical-damage",
  ].includes(step.kind);
  const good =
    ["cheated-death", "stable", "wakes", "stands"].includes(step.kind) ||
    ("success" in step && step.success === true);
  return { kind: step.kind, text, tone: good ? "good" : bad ? "bad" : "neutral" };
}
