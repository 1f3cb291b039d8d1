/**
 * The roll and attack dialogs' forms: what they offer, how they read back, and the exact chance
 * they show before anything is rolled.
 */
import { percent } from "../../helpers/numbers";
import {
  attackerFor,
  rollAdjustment,
  testSpecFor,
  type RollingActorData,
  type TestChoice,
} from "../../documents/actor-rolls";
import type { AttackChoice } from "../../documents/actor";
import { ATTRIBUTES, SKILLS, type Attribute, type Skill } from "../../rules/characters";
import {
  attackHitChances,
  multipleAttackPenalty,
  type AttackTarget,
  type AttackWeapon,
} from "../../rules/attacks";
import { successChance } from "../../rules/odds";
import { isTicked, wholeNumber } from "../dialog-form";
import { preference } from "../../settings";
import { ownRollMode, ROLL_MODES, type RollMode } from "../../chat/post";
import { edgesText } from "../../data/chat/damage-steps";
import { messageModeChoices } from "../../foundry/generation";

const ADVANTAGES = [-2, -1, 0, 1, 2] as const;

export function advantageOptions(selected: number) {
  const label = (n: number) =>
    n === 0
      ? game.i18n.localize("BRINK.Roll.none")
      : game.i18n.localize(
          `BRINK.Roll.${Math.abs(n) > 1 ? "double" : "single"}.${n > 0 ? "advantage" : "disadvantage"}`,
        );
  return ADVANTAGES.map((value) => ({ value, label: label(value), selected: value === selected }));
}

/** The modes this Foundry generation offers, the user's own (core's setting) chosen to start with. */
export function rollModeOptions(selected: RollMode = ownRollMode()) {
  return messageModeChoices().map((value) => ({
    value,
    label: game.i18n.localize(`BRINK.Roll.Mode.${value}`),
    selected: value === selected,
  }));
}

const isRollMode = (value: unknown): value is RollMode => (ROLL_MODES as readonly unknown[]).includes(value);

/** The roll mode the dialog's form chose; anything else keeps the fallback. */
export const readRollMode = (form: Record<string, unknown>, fallback: RollMode): RollMode =>
  isRollMode(form.rollMode) ? form.rollMode : fallback;

export function testDialogContext(system: RollingActorData, choice: TestChoice) {
  return {
    attributes: ATTRIBUTES.map((key) => ({
      value: key,
      label: `${game.i18n.localize(`BRINK.Attribute.${key}.label`)} (d${system.attributes[key].value || "—"})`,
      selected: key === choice.attribute,
    })),
    skills: [
      { value: "", label: game.i18n.localize("BRINK.Roll.noSkill"), selected: choice.skill === null },
      ...SKILLS.map((key) => ({
        value: key,
        label: `${game.i18n.localize(`BRINK.Skill.${key}`)}${system.skills[key].value ? ` (d${system.skills[key].value})` : ""}`,
        selected: key === choice.skill,
      })),
    ],
    advantages: advantageOptions(choice.advantage),
    choice,
    // A player who hides exact odds sees no chance at all, so none is computed.
    showOdds: preference("showExactOdds"),
    chance: preference("showExactOdds") ? testChance(system, choice) : "",
    edges: testEdges(system, choice),
  };
}

/** Where the test's advantage and disadvantage come from, as the card will name them ("Darkness: disadvantage"). */
export const testEdges = (system: RollingActorData, choice: TestChoice): string =>
  edgesText(rollAdjustment(system, "test", choice.attribute, choice.skill).edges);

/** The same for an attack with this weapon (light reads its delivery). */
export function attackEdges(system: RollingActorData, weapon: AttackWeapon, choice: AttackChoice): string {
  const kind = choice.killingStrike ? "killing-strike" : "attack";
  return edgesText(rollAdjustment(system, kind, choice.attribute, null, weapon.delivery).edges);
}

/** "Chance of success: 58.3%" — exact, luck die included. */
export function testChance(system: RollingActorData, choice: TestChoice): string {
  const chance = successChance(testSpecFor(system, choice), choice.difficulty);
  return game.i18n.format("BRINK.Roll.chance", { chance: percent(chance.value) });
}

const isAttribute = (value: unknown): value is Attribute =>
  (ATTRIBUTES as readonly unknown[]).includes(value);
const isSkill = (value: unknown): value is Skill => (SKILLS as readonly unknown[]).includes(value);

/** Reads the roll dialog's form; anything malformed falls back to the defaults it started with. */
export function readTestChoice(form: Record<string, unknown>, defaults: TestChoice): TestChoice {
  return {
    attribute: isAttribute(form.attribute) ? form.attribute : defaults.attribute,
    skill: isSkill(form.skill) ? form.skill : form.skill === "" ? null : defaults.skill,
    proficient: isTicked(form.proficient),
    modifier: wholeNumber(form.modifier, 0),
    advantage: Math.max(-2, Math.min(2, wholeNumber(form.advantage, 0))),
    difficulty: Math.max(0, wholeNumber(form.difficulty, defaults.difficulty)),
  };
}

export function readAttackChoice(form: Record<string, unknown>, usable: readonly Attribute[]): AttackChoice {
  const first = usable[0] ?? "str";
  return {
    attribute: isAttribute(form.attribute) && usable.includes(form.attribute) ? form.attribute : first,
    sneak: isTicked(form.sneak),
    flanking: isTicked(form.flanking),
    advantage: Math.max(-2, Math.min(2, wholeNumber(form.advantage, 0))),
    modifier: wholeNumber(form.modifier, 0),
    killingStrike: isTicked(form.killingStrike),
  };
}

export interface TargetSummary {
  id: string;
  name: string;
}

/** "−2 multiple attack penalty" on a row the penalty changes; "" on one it does not. */
function penaltyText(attacksBefore: number): string {
  const penalty = -multipleAttackPenalty(attacksBefore);
  return penalty ? game.i18n.format("BRINK.Attack.penaltyRow", { penalty: String(penalty) }) : "";
}

/** Each target's exact chance to be hit, for the attack dialog. */
export function attackChances(
  system: RollingActorData,
  weapon: AttackWeapon,
  targets: readonly (AttackTarget & TargetSummary)[],
  choice: AttackChoice,
  attacksThisRound: number,
  conditions: { advantages: number; disadvantages: number } = { advantages: 0, disadvantages: 0 },
) {
  // The odds count the attacker's own modifiers, as the GM's client will when it rolls.
  const kind = choice.killingStrike ? "killing-strike" : "attack";
  const own = rollAdjustment(system, kind, choice.attribute, null, weapon.delivery);
  return targets.map((target, index) => {
    const attacksBefore = attacksThisRound + (weapon.blast ? 0 : index);
    const request = {
      attacker: attackerFor(system, attacksBefore),
      weapon,
      attribute: choice.attribute,
      targets: [target],
      sneak: choice.sneak,
      flanking: choice.flanking,
      advantages: Math.max(0, choice.advantage) + conditions.advantages + own.advantages,
      disadvantages: Math.max(0, -choice.advantage) + conditions.disadvantages + own.disadvantages,
      modifiers: [
        ...own.modifiers,
        ...(choice.modifier ? [{ label: "modifier", value: choice.modifier }] : []),
      ],
    };
    const chances = attackHitChances(request);
    const chance = chances.ok ? chances.targets[0] : undefined;
    return {
      name: target.name,
      evasion: chance?.evasion ?? target.evasion,
      chance: chance ? percent(chance.chance.value) : "—",
      penalty: penaltyText(attacksBefore),
    };
  });
}
