/**
 * The combat section at the top of the character tab: each weapon with what it rolls to hit, its
 * damage and durability, and each worn armour and shield with its deflection or block. Under
 * direct damage (RULES §7.3) no attack test is rolled, so a weapon shows only the die it rolls.
 */
import { PROFICIENCY_BONUS } from "../../rules/tests";
import { ArmourData, ShieldData, WeaponData, type BrinkActorData } from "../../data";
import { weaponDamageText } from "./weapon-damage";

export interface WeaponRowView {
  id: string;
  name: string;
  img: string;
  /** "STR d6 + Combat d6 +1": the dice the attack rolls, per attribute the weapon allows ("" under direct damage). */
  toHit: string;
  /** "4 Piercing", or under direct damage "d8 Piercing". */
  damage: string;
  /** "Critical 8 on 19+" ("" under direct damage). */
  critical: string;
  durability: string;
  broken: boolean;
  equipped: boolean;
  dropped: boolean;
  attackLabel: string;
}

export interface ProtectionRowView {
  id: string;
  name: string;
  /** "Physical 5 · Elemental 0" for armour, "Block 3" for a shield. */
  protection: string;
  durability: string;
  broken: boolean;
  equipped: boolean;
}

const die = (value: number): string => (value > 0 ? `d${value}` : "—");

/** "Combat d8": the skill every attack rolls, the same for each weapon row. */
const combatDice = (system: BrinkActorData): string =>
  `${game.i18n.localize("BRINK.Skill.combat")} ${die(system.skills.combat.value)}`;

function toHit(system: BrinkActorData, weapon: WeaponData, combat: string): string {
  const i18n = game.i18n;
  const attributes = [...weapon.attributes]
    .map(
      (key) =>
        `${i18n.localize(`BRINK.Attribute.${key}.abbr`)} ${die(system.attributes[key as keyof typeof system.attributes]?.value ?? 0)}`,
    )
    .join(" / ");
  const proficient = [...weapon.proficiencies].some((p) => system.proficiencies.has(p));
  return [attributes, combat].join(" + ") + (proficient ? ` +${PROFICIENCY_BONUS}` : "");
}

function durabilityText(condition: { value: number; max: number; broken: boolean }): string {
  return condition.broken ? game.i18n.localize("BRINK.Sheet.broken") : `${condition.value}/${condition.max}`;
}

function weaponRow(
  system: BrinkActorData,
  item: Item.Implementation,
  weapon: WeaponData,
  combat: string,
  direct: boolean,
): WeaponRowView {
  const i18n = game.i18n;
  return {
    id: item.id ?? "",
    name: item.name,
    img: item.img ?? "icons/svg/sword.svg",
    toHit: direct ? "" : toHit(system, weapon, combat),
    damage: weaponDamageText(weapon, direct),
    critical: direct
      ? ""
      : i18n.format("BRINK.Sheet.Combat.critical", {
          damage: String(weapon.criticalDamage),
          threshold: String(weapon.criticalThreshold),
        }),
    durability: durabilityText(weapon.condition),
    broken: weapon.condition.broken,
    equipped: weapon.equipped,
    dropped: weapon.dropped,
    attackLabel: i18n.format("BRINK.Sheet.Combat.attackWith", { weapon: item.name }),
  };
}

function protectionRow(item: Item.Implementation, data: ArmourData | ShieldData): ProtectionRowView {
  const i18n = game.i18n;
  const protection =
    data instanceof ArmourData
      ? i18n.format("BRINK.Sheet.Combat.deflectionValues", {
          physical: String(data.deflection.physical),
          elemental: String(data.deflection.elemental),
        })
      : i18n.format("BRINK.Sheet.blockValue", { value: String(data.block) });
  return {
    id: item.id ?? "",
    name: item.name,
    protection,
    durability: durabilityText(data.condition),
    broken: data.condition.broken,
    equipped: data.equipped,
  };
}

/**
 * Weapons first (equipped before the rest), then the armour and shields the character carries.
 * `direct`: the world plays direct damage, so the to-hit column and the critical go.
 */
export function combatView(system: BrinkActorData, items: Iterable<Item.Implementation>, direct: boolean) {
  const weapons: WeaponRowView[] = [];
  const protection: ProtectionRowView[] = [];
  const combat = combatDice(system);
  for (const item of items) {
    const data = item.system;
    if (data instanceof WeaponData && !data.dropped)
      weapons.push(weaponRow(system, item, data, combat, direct));
    else if ((data instanceof ArmourData || data instanceof ShieldData) && !data.dropped)
      protection.push(protectionRow(item, data));
  }
  weapons.sort((a, b) => Number(b.equipped) - Number(a.equipped));
  return { weapons, protection, direct };
}
export type CombatView = ReturnType<typeof combatView>;
