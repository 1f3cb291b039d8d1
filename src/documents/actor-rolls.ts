/**
 * From a prepared actor to the plain data the rules engine takes: test specs, attackers, defenders.
 * Everything an injury or setback changes (stepped-down dice, −1 to tests, disadvantage) and
 * exhaustion's penalty are folded in here, so every roll respects them.
 */
import type { RatingState } from "../data/actor";
import type { Attribute, Skill } from "../rules/characters";
import type { Attacker, AttackWeapon, Defender, WeaponDelivery } from "../rules/attacks";
import type { DamageType } from "../rules/damage";
import type { DieRating } from "../rules/dice";
import type { Modifier, TestSpec } from "../rules/tests";

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

/** The slice of a prepared actor's system data these functions read. */
export interface RollingActorData {
  attributes: Record<Attribute, RatingState>;
  skills: Record<Skill, RatingState>;
  proficiencies: Set<string>;
  luck: { bonus: number; deathDifficulty: number };
  testPenalty: number;
  size: number;
  evasion: number;
  defence: { physical: number; elemental: number };
}

const label = (key: string): string => game.i18n.localize(key);

export function effectModifiers(
  system: RollingActorData,
  attribute: Attribute,
  skill: Skill | null,
): Modifier[] {
  const modifiers: Modifier[] = [];
  if (system.testPenalty)
    modifiers.push({ label: label("BRINK.Roll.Step.exhaustion"), value: system.testPenalty });
  const attributeBonus = system.attributes[attribute].bonus;
  if (attributeBonus) {
    const name = label(`BRINK.Attribute.${attribute}.label`);
    modifiers.push({ label: game.i18n.format("BRINK.Roll.Step.injuries", { name }), value: attributeBonus });
  }
  const skillBonus = skill ? system.skills[skill].bonus : 0;
  if (skill && skillBonus) {
    const name = label(`BRINK.Skill.${skill}`);
    modifiers.push({ label: game.i18n.format("BRINK.Roll.Step.injuries", { name }), value: skillBonus });
  }
  return modifiers;
}

/** Disadvantage imposed by effects (disoriented, injuries) on this attribute or skill. */
export function effectDisadvantages(
  system: RollingActorData,
  attribute: Attribute,
  skill: Skill | null,
): number {
  return system.attributes[attribute].disadvantage + (skill ? system.skills[skill].disadvantage : 0);
}

export function testSpecFor(system: RollingActorData, choice: TestChoice): TestSpec {
  const userModifier: Modifier[] = choice.modifier
    ? [{ label: label("BRINK.Roll.Step.modifier"), value: choice.modifier }]
    : [];
  return {
    attribute: system.attributes[choice.attribute].value,
    skill: choice.skill ? system.skills[choice.skill].value : 0,
    proficient: choice.proficient,
    modifiers: [...effectModifiers(system, choice.attribute, choice.skill), ...userModifier],
    advantages: Math.max(0, choice.advantage),
    disadvantages:
      Math.max(0, -choice.advantage) + effectDisadvantages(system, choice.attribute, choice.skill),
    luckBonus: system.luck.bonus,
  };
}

export function attackerFor(system: RollingActorData, attacksThisRound: number): Attacker {
  const attributes = Object.fromEntries(
    Object.entries(system.attributes).map(([key, rating]) => [key, rating.value]),
  ) as Record<Attribute, DieRating>;
  return {
    attributes,
    combat: system.skills.combat.value,
    proficiencies: [...system.proficiencies],
    luckBonus: system.luck.bonus,
    size: system.size,
    attacksThisRound,
  };
}

export function defenderFor(id: string, system: RollingActorData): Defender {
  return {
    id,
    evasion: system.evasion,
    deflection: { physical: system.defence.physical, elemental: system.defence.elemental },
    size: system.size,
  };
}

/** The slice of a prepared weapon's system data an attack reads. */
export interface WeaponSystem {
  attributes: Set<string>;
  proficiencies: Set<string>;
  damage: number;
  criticalDamage: number;
  criticalThreshold: number;
  damageType: string;
  properties: Set<string>;
  condition: { broken: boolean };
}

export function attackWeaponFor(system: WeaponSystem): AttackWeapon {
  const delivery: WeaponDelivery = system.properties.has("thrown")
    ? "thrown"
    : system.properties.has("projectile")
      ? "projectile"
      : "melee";
  return {
    // The schema only admits attribute keys and damage types here (its choices).
    attributes: [...system.attributes] as Attribute[],
    proficiencies: [...system.proficiencies],
    damage: system.damage,
    criticalDamage: system.criticalDamage,
    criticalThreshold: system.criticalThreshold,
    damageType: system.damageType as DamageType,
    delivery,
    blast: system.properties.has("blast"),
    broken: system.condition.broken,
  };
}
