/**
 * A weapon's damage as the sheet shows it under the world's damage rule: the core rule's flat
 * damage ("4 Piercing"), or under direct damage (RULES §7.3) the die it rolls ("d8 Piercing"), or
 * that it has none and so cannot attack.
 */
import type { WeaponData } from "../../data";

export function weaponDamageText(weapon: WeaponData, direct: boolean): string {
  const type = game.i18n.localize(`BRINK.DamageType.${weapon.damageType}`);
  if (!direct) return `${weapon.damage} ${type}`;
  const die = weapon.attackWeapon().damageDie;
  return die ? `d${die} ${type}` : game.i18n.localize("BRINK.Sheet.Combat.noDie");
}
