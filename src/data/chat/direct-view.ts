/**
 * RULES §7.3 on the attack card: every die a direct-damage blow rolled, whose it was and why it was
 * that size, and which one was kept.
 */
import type { Position, RolledDie } from "../../rules/direct-damage";

/** A die rolled under direct damage, with who rolled it and with what. */
export interface DirectDieRecord extends RolledDie {
  attackerName: string;
  weaponName: string;
}

/** RULES §7.3: the dice a direct-damage blow rolled, the one kept and its face. */
export interface DirectRecord {
  position: Position;
  dice: DirectDieRecord[];
  kept: number;
  value: number;
}

export function directView(record: DirectRecord | undefined) {
  if (!record) return null;
  const several = record.dice.length > 1;
  return {
    title: game.i18n.localize("BRINK.Direct.title"),
    position:
      record.position === "normal" ? "" : game.i18n.localize(`BRINK.Direct.Position.${record.position}.card`),
    keptLabel: game.i18n.localize(several ? "BRINK.Direct.keptHighest" : "BRINK.Direct.kept"),
    dice: record.dice.map((die, index) => ({
      size: die.size,
      face: die.face,
      max: die.face === die.size,
      min: die.face === 1,
      kept: index === record.kept,
      source: game.i18n.format(`BRINK.Direct.Reason.${die.reason}`, {
        name: die.attackerName,
        weapon: die.weaponName,
        size: String(die.size),
      }),
    })),
  };
}
