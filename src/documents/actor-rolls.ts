/**
 * From a prepared actor to the plain data the rules engine takes: test specs, attackers, defenders.
 * Everything an injury or setback changes (stepped-down dice, −1 to tests, disadvantage) and
 * exhaustion's penalty are folded in here, so every roll respects them.
 */
import type { BrinkActorData, WeaponData } from "../data";
import type { Attribute, Skill } from "../rules/characters";
import type { Attacker, AttackWeapon, Defender, WeaponDelivery } from "../rules/attacks";
import { DARKSIGHT, lightLevelOf, type LightLevel } from "../rules/light";
import { optionalRules } from "../settings";
import { STATUS_LABEL } from "../status-effects";
import type { Modifier, TestSpec } from "../rules/tests";
import { effectChangesOf } from "../foundry/generation";
import {
  advantageCounts,
  rollModifiers,
  type Edge,
  type EffectContribution,
  type ModifierState,
  type RollKind,
  type RollModifier,
} from "../rules/modifiers";

/** What the player picks in the roll dialog. */
export interface TestChoice {
  attribute: Attribute;
  skill: Skill | null;
  proficient: boolean;
  modifier: number;
  /** Net advantage chosen in the dialog: −2 (double disadvantage) to +2 (double advantage). */
  advantage: number;
  difficulty: number;
}

/** A prepared actor's data as the rolling code reads it: Brink's actor model itself. */
export type RollingActorData = BrinkActorData;

const label = (key: string): string => game.i18n.localize(key);

const CHANGE_KEY = /^system\.((?:attributes|skills)\.[a-z]+\.(?:bonus|disadvantage))$/;

/** Each active effect's additive change to a test bonus or disadvantage, named by the effect. */
function effectContributions(system: RollingActorData): EffectContribution[] {
  const actor = system.parent;
  if (!actor) return [];
  const found: EffectContribution[] = [];
  for (const effect of actor.allApplicableEffects()) {
    if (!effect.active) continue;
    for (const change of effectChangesOf(effect._source)) {
      const key = CHANGE_KEY.exec(change.key)?.[1];
      const value = Number(change.value);
      if (key && change.type === "add" && Number.isFinite(value))
        found.push({ source: effect.name, key, value });
    }
  }
  return found;
}

/** The actor's state as the modifier rules read it (rules/modifiers). */
export function modifierState(system: RollingActorData): ModifierState {
  const conditions = system.parent?.statuses ?? system.conditions;
  const level = optionalRules().lightLevels ? lightLevelOf(conditions) : null;
  return {
    exhaustion: -system.testPenalty,
    attributes: system.attributes,
    skills: system.skills,
    conditions,
    effects: effectContributions(system),
    light: level ? { level, darksight: system.proficiencies.has(DARKSIGHT) } : null,
  };
}

/** A light level's name on a card: "Darkness", or "Darkness (darksight)" when darksight turned it. */
function lightLabel(level: LightLevel, darksight: boolean): string {
  const name = label(STATUS_LABEL[level]);
  return darksight ? game.i18n.format("BRINK.Light.darksightEdge", { level: name }) : name;
}

/** A modifier's line on a card, in words: "Exhaustion 3", the injury's name, "Guard". */
export function modifierLabel(line: RollModifier): string {
  switch (line.source) {
    case "exhaustion":
      return game.i18n.format("BRINK.Roll.Step.exhaustionLevel", { level: String(line.level ?? 0) });
    case "guard":
      return label("BRINK.Roll.Step.guard");
    case "light":
      return line.light
        ? lightLabel(line.light, line.darksight === true)
        : label("BRINK.Roll.Step.otherEffects");
    case "effect":
      return line.name ?? label("BRINK.Roll.Step.otherEffects");
    default:
      return label("BRINK.Roll.Step.otherEffects");
  }
}

/** What a roll of this kind takes from the actor: its flat modifiers, its advantage counts, its lines. */
export interface RollAdjustment {
  lines: RollModifier[];
  modifiers: Modifier[];
  advantages: number;
  disadvantages: number;
  /** The advantage and disadvantage sources, in words, for the card. */
  edges: Edge[];
}

export function rollAdjustment(
  system: RollingActorData,
  kind: RollKind,
  attribute?: Attribute,
  skill?: Skill | null,
  delivery?: WeaponDelivery,
): RollAdjustment {
  const lines = rollModifiers(modifierState(system), kind, attribute, skill, delivery);
  return {
    lines,
    modifiers: lines.filter((l) => l.value !== 0).map((l) => ({ label: modifierLabel(l), value: l.value })),
    ...advantageCounts(lines),
    edges: lines
      .filter((l) => l.advantage !== 0)
      .map((l) => ({ label: modifierLabel(l), advantage: l.advantage })),
  };
}

/** The modifiers the actor's state puts on a test with this attribute and skill. */
export function effectModifiers(
  system: RollingActorData,
  attribute: Attribute,
  skill: Skill | null,
): Modifier[] {
  return rollAdjustment(system, "test", attribute, skill).modifiers;
}

/** Disadvantage imposed by effects (disoriented, injuries) on this attribute or skill. */
export function effectDisadvantages(
  system: RollingActorData,
  attribute: Attribute,
  skill: Skill | null,
): number {
  return rollAdjustment(system, "test", attribute, skill).disadvantages;
}

/**
 * What a Resist (or any other roll of the reactions and actions) takes from the actor: for a
 * caller that builds its own test spec. Resist counts as a defence test (Guard's +1).
 */
export const resistAdjustment = (system: RollingActorData, attribute: Attribute, skill: Skill | null) =>
  rollAdjustment(system, "resist", attribute, skill);

export function testSpecFor(system: RollingActorData, choice: TestChoice): TestSpec {
  const userModifier: Modifier[] = choice.modifier
    ? [{ label: label("BRINK.Roll.Step.modifier"), value: choice.modifier }]
    : [];
  const adjustment = rollAdjustment(system, "test", choice.attribute, choice.skill);
  return {
    attribute: system.attributes[choice.attribute].value,
    skill: choice.skill ? system.skills[choice.skill].value : 0,
    proficient: choice.proficient,
    modifiers: [...adjustment.modifiers, ...userModifier],
    advantages: Math.max(0, choice.advantage) + adjustment.advantages,
    disadvantages: Math.max(0, -choice.advantage) + adjustment.disadvantages,
    luckBonus: system.luck.bonus,
  };
}

export const attackerFor = (system: RollingActorData, attacksThisRound: number): Attacker =>
  system.attacker(attacksThisRound);

export const defenderFor = (id: string, system: RollingActorData): Defender => system.defender(id);

/** A prepared weapon's data as an attack reads it: Brink's weapon model itself. */
export type WeaponSystem = WeaponData;

export const attackWeaponFor = (system: WeaponSystem): AttackWeapon => system.attackWeapon();
