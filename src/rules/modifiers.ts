import type { WeaponDelivery } from "./attacks";
import type { Attribute, Skill } from "./characters";
import { lightAdvantage, type LightLevel } from "./light";

/*
 * Issue 11, RULES §1, §2, §4, §6, §9: what the roller's own state does to each kind of roll, one
 * line per source, so every roll and every card read the same list.
 * - Exhaustion: −1 per level to every test (attribute and skill tests, attacks, killing strikes,
 *   dodge, fortify, resist, the DEX-test initiative).
 * - Effects (minor and serious injuries, the S1 and S2 wounds, setbacks such as disoriented): their
 *   flat bonus and their disadvantage on the attribute and the skill the roll uses.
 * - Guard: +1 to defence tests (dodge, fortify, resist) while guarding.
 * - Light (S1, when the GM has it on): the light level's advantage or disadvantage (rules/light).
 * - Death saves (S2) and death luck tests are a plain d20 (+ luck bonus for the latter): nothing.
 */

export const ROLL_KINDS = [
  "test",
  "attack",
  "killing-strike",
  "dodge",
  "fortify",
  "resist",
  "initiative",
  "death-save",
] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

/** What a roll of each kind tests: its attribute and skill, when the kind fixes them. */
const FIXED_PARTS: Partial<Record<RollKind, { attribute: Attribute; skill: Skill | null }>> = {
  dodge: { attribute: "dex", skill: "athletics" },
  fortify: { attribute: "str", skill: "athletics" },
  initiative: { attribute: "dex", skill: null },
};
const DEFENCE_TESTS: readonly RollKind[] = ["dodge", "fortify", "resist"];

/** A rating's totals after effects: the flat bonus and the count of disadvantages. */
export interface RatingTotals {
  readonly bonus: number;
  readonly disadvantage: number;
}

/** One effect's change to a number a roll reads, keyed as `attributes.str.bonus`, `skills.sneak.disadvantage`. */
export interface EffectContribution {
  /** The effect's name (an injury, a setback). */
  readonly source: string;
  readonly key: string;
  readonly value: number;
}

export interface ModifierState {
  readonly exhaustion: number;
  readonly attributes: Partial<Record<Attribute, RatingTotals>>;
  readonly skills: Partial<Record<Skill, RatingTotals>>;
  readonly conditions: ReadonlySet<string>;
  /** Each effect's additive changes; whatever the totals hold beyond them is listed as "other". */
  readonly effects: readonly EffectContribution[];
  /** The light the roller stands in and whether it has darksight; null when light levels are off or it is well lit. */
  readonly light: { readonly level: LightLevel; readonly darksight: boolean } | null;
}

export type ModifierSource = "exhaustion" | "effect" | "other" | "guard" | "light";

export interface RollModifier {
  readonly source: ModifierSource;
  /** The effect's name, for an effect. */
  readonly name?: string;
  /** The light level, for light; `darksight` when darksight turned its disadvantage around. */
  readonly light?: LightLevel;
  readonly darksight?: boolean;
  /** The exhaustion level, for exhaustion. */
  readonly level?: number;
  /** The attribute or skill key an effect or "other" line changes. */
  readonly part?: string;
  /** Added to the total. */
  readonly value: number;
  /** +n advantage, −n disadvantage. */
  readonly advantage: number;
}

function ratingLines(
  state: ModifierState,
  group: "attributes" | "skills",
  key: string,
  totals: RatingTotals | undefined,
): RollModifier[] {
  const lines: RollModifier[] = [];
  for (const field of ["bonus", "disadvantage"] as const) {
    const path = `${group}.${key}.${field}`;
    const own = state.effects.filter((effect) => effect.key === path && effect.value !== 0);
    const line = (source: ModifierSource, value: number, name?: string): RollModifier => ({
      source,
      ...(name === undefined ? {} : { name }),
      part: key,
      value: field === "bonus" ? value : 0,
      advantage: field === "disadvantage" ? -value : 0,
    });
    for (const effect of own) lines.push(line("effect", effect.value, effect.source));
    const rest = (totals?.[field] ?? 0) - own.reduce((sum, effect) => sum + effect.value, 0);
    if (rest !== 0) lines.push(line("other", rest));
  }
  return lines;
}

/**
 * Every modifier the roller's state puts on a roll of this kind. `attribute` and `skill` name what
 * a test, an attack, a killing strike (the weapon's attribute and Combat) or a resist tests; dodge,
 * fortify and the initiative test fix their own. `delivery` is the weapon's for an attack, or the
 * dodged attack's for a dodge (light reads it).
 */
export function rollModifiers(
  state: ModifierState,
  kind: RollKind,
  attribute?: Attribute,
  skill?: Skill | null,
  delivery?: WeaponDelivery,
): RollModifier[] {
  if (kind === "death-save") return [];
  const fixed = FIXED_PARTS[kind];
  const testedAttribute = fixed?.attribute ?? attribute;
  const testedSkill =
    fixed?.skill ?? (kind === "attack" || kind === "killing-strike" ? "combat" : (skill ?? null));
  const lines: RollModifier[] = [];
  if (state.exhaustion > 0)
    lines.push({ source: "exhaustion", level: state.exhaustion, value: -state.exhaustion, advantage: 0 });
  if (testedAttribute)
    lines.push(...ratingLines(state, "attributes", testedAttribute, state.attributes[testedAttribute]));
  if (testedSkill) lines.push(...ratingLines(state, "skills", testedSkill, state.skills[testedSkill]));
  if (DEFENCE_TESTS.includes(kind) && state.conditions.has("guarding"))
    lines.push({ source: "guard", value: 1, advantage: 0 });
  const light = lightLine(state, kind, testedSkill, delivery);
  if (light) lines.push(light);
  return lines;
}

function lightLine(
  state: ModifierState,
  kind: RollKind,
  skill: Skill | null,
  delivery: WeaponDelivery | undefined,
): RollModifier | null {
  if (!state.light) return null;
  const { level, darksight } = state.light;
  const attack = kind === "attack" || kind === "killing-strike";
  const roll = {
    attack,
    defence: kind === "dodge" || kind === "fortify",
    // An attack's Combat skill is not a sight or stealth test.
    skill: attack ? null : skill,
    ...(delivery === undefined ? {} : { delivery }),
  };
  const advantage = lightAdvantage(level, roll, darksight);
  if (advantage === 0) return null;
  const turned = darksight && advantage > 0 && lightAdvantage(level, roll, false) < 0;
  return { source: "light", light: level, ...(turned ? { darksight: true } : {}), value: 0, advantage };
}

/** A source of advantage (+n) or disadvantage (−n) as a card names it. */
export interface Edge {
  readonly label: string;
  readonly advantage: number;
}

/** The flat part of a list: what it adds to the total. */
export const modifierTotal = (lines: readonly RollModifier[]): number =>
  lines.reduce((sum, line) => sum + line.value, 0);

/** How many sources of advantage and of disadvantage a list holds. */
export function advantageCounts(lines: readonly RollModifier[]): {
  advantages: number;
  disadvantages: number;
} {
  return {
    advantages: lines.reduce((sum, line) => sum + Math.max(0, line.advantage), 0),
    disadvantages: lines.reduce((sum, line) => sum + Math.max(0, -line.advantage), 0),
  };
}
