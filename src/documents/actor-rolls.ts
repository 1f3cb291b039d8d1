/**
 * From a prepared actor to the plain data the rules engine takes: test specs, attackers, defenders.
 * Everything an injury or setback changes (stepped-down dice, −1 to tests, disadvantage) and
 * exhaustion's penalty are folded in here, so every roll respects them.
 */
import type { BrinkActorData, WeaponData } from "../data";
import type { Attribute, Skill } from "../rules/characters";
import type { Attacker, AttackWeapon, Defender } from "../rules/attacks";
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

/** A prepared actor's data as the rolling code reads it: Brink's actor model itself. */
export type RollingActorData = BrinkActorData;

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

export const attackerFor = (system: RollingActorData, attacksThisRound: number): Attacker =>
  system.attacker(attacksThisRound);

export const defenderFor = (id: string, system: RollingActorData): Defender => system.defender(id);

/** A prepared weapon's data as an attack reads it: Brink's weapon model itself. */
export type WeaponSystem = WeaponData;

export const attackWeaponFor = (system: WeaponSystem): AttackWeapon => system.attackWeapon();
