/**
 * Words for the damage chain's steps (rules/damage-chain, rules/defences), as an attack card lists
 * them after damage is applied: each step with its numbers.
 */
import type { Step } from "../../rules/damage-chain";
import type { DefenceStep } from "../../rules/defences";
import type { Edge } from "../../rules/modifiers";
import { ATTRIBUTE_ABBR } from "../../helpers/lang-keys/characters";
import { countOf, pluralKey, type CountedNoun } from "../../helpers/plural";
import { luckView, testLuckView, type LuckView } from "./luck-view";

type AnyStep = Step | DefenceStep;

/** Step fields that count something, shown as counted words ("3 turns"), by step kind. */
const COUNTED_FIELDS: Partial<Record<string, Record<string, CountedNoun>>> = {
  "dying-started": { turnsLeft: "turn" },
  "dying-turn": { turnsLeft: "turn" },
  "death-save": { successes: "success", failures: "failure" },
  downed: { roundsLeft: "round" },
  "downed-round": { roundsLeft: "round" },
};

/** Steps whose whole sentence changes with a count ("1 injury becomes", "2 injuries become"). */
const PLURAL_SENTENCES: Partial<Record<string, string>> = { "injuries-permanent": "count" };

/** An attribute's id ("con") as the card prints it ("CON"). */
const attributeAbbr = (value: string): string | null =>
  value in ATTRIBUTE_ABBR ? game.i18n.localize(ATTRIBUTE_ABBR[value as keyof typeof ATTRIBUTE_ABBR]) : null;

function data(step: AnyStep): Record<string, string> {
  const values: Record<string, string> = {};
  const counted = COUNTED_FIELDS[step.kind] ?? {};
  for (const [key, value] of Object.entries(step)) {
    const noun = counted[key];
    const abbr = key === "attribute" && typeof value === "string" ? attributeAbbr(value) : null;
    if (abbr) values[key] = abbr;
    else if (noun && typeof value === "number") values[key] = countOf(noun, value);
    else if (typeof value === "number" || typeof value === "string" || typeof value === "boolean")
      values[key] = String(value);
    else if (value && typeof value === "object" && "total" in value)
      values[key] = String((value as { total: number }).total);
  }
  return values;
}

/** The step's own lang key: a plural sentence takes the form for its count. */
function sentenceKey(step: AnyStep, key: string): string {
  const field = PLURAL_SENTENCES[step.kind];
  const count: unknown = field ? Object.entries(step).find(([name]) => name === field)?.[1] : undefined;
  return typeof count === "number" ? pluralKey(key, count) : key;
}

/**
 * A block's numbers split so its line adds up (RULES §4): of the blow, the block value stops some
 * and the item takes the rest (at least 1); of that, the item's durability absorbs some and the
 * excess gets through. Null for a block recorded before it kept the blow's amount.
 */
function blockParts(step: AnyStep): { stopped: string; absorbed: string } | null {
  if (step.kind !== "block" || step.amount === undefined) return null;
  return { stopped: String(step.amount - step.itemDamage), absorbed: String(step.itemDamage - step.excess) };
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

/**
 * The luck die a step rolled, shown like every other die, its note the step's own sentence and what
 * the die did: the death luck test is the die alone against the death difficulty; a dodge or a
 * fortify is a test whose die adds +4 at 20 or more (RULES §2, §4).
 */
function stepLuck(step: AnyStep, text: string): LuckView | undefined {
  if (step.kind === "death-luck-test") {
    const luck = { face: step.roll, bonus: step.bonus, total: step.total };
    const hint = game.i18n.localize("BRINK.Damage.deathLuckHint");
    return luckView(luck, text, step.success ? "lucky" : "unlucky", hint);
  }
  if (step.kind !== "dodge" && step.kind !== "fortify") return undefined;
  const { roll } = step;
  const luck = { face: roll.luck, bonus: roll.luckBonus, total: roll.luck + roll.luckBonus };
  const view = testLuckView(luck, roll.luckAdded > 0);
  return { ...view, note: `${text} ${view.note}` };
}

/** "Endurance −7 (now 5)". Unknown steps fall back to their kind, so nothing is silently dropped. */
export function describeStep(step: AnyStep): {
  kind: string;
  text: string;
  tone: "neutral" | "bad" | "good";
  /** The luck die the step rolled, its note carrying the step's sentence. */
  luck?: LuckView;
} {
  const base = `BRINK.Damage.Step.${step.kind}`;
  const variant =
    "success" in step
      ? `${base}.${step.success ? "success" : "failure"}`
      : "reason" in step
        ? `${base}.${String(step.reason)}`
        : blockParts(step)
          ? "BRINK.Damage.Step.blockAddsUp"
          : base;
  const known = (key: string) => game.i18n.has(sentenceKey(step, key));
  const found = known(variant) ? variant : known(base) ? base : null;
  const key = found ? sentenceKey(step, found) : null;
  const text = withBonuses(
    key ? game.i18n.format(key, { ...data(step), ...blockParts(step) }) : step.kind,
    step,
  );
  const bad = [
    "dead",
    "unconscious",
    "zero-health",
    "risk-of-death",
    "bloodied",
    "harmed",
    "dying-started",
    "critical-damage",
    "routed",
    "destroyed",
  ].includes(step.kind);
  const good =
    ["cheated-death", "stable", "wakes", "stands"].includes(step.kind) ||
    ("success" in step && step.success === true);
  const luck = stepLuck(step, text);
  return { kind: step.kind, text, tone: good ? "good" : bad ? "bad" : "neutral", ...(luck ? { luck } : {}) };
}
