/**
 * The luck die as every Brink card shows it (RULES §2): the d20's face, the luck bonus and total,
 * and what the die did on this roll, in words ("Luck 20: +4 to the total", "Critical!", "Death luck
 * test 14 vs 10: death cheated"). Drawn by templates/chat/parts/luck.hbs.
 */
import { signed } from "../../helpers/numbers";

export interface LuckView {
  face: number;
  /** "+2", or "" when the bonus is 0 (no "+0"). */
  bonus: string;
  total: number;
  /** What the die did, in words. */
  note: string;
  /** "lucky" when it helped, "unlucky" when it harmed, "" when it did nothing. */
  tone: "lucky" | "unlucky" | "";
  max: boolean;
  min: boolean;
  /** What the luck die does on this kind of roll, for its tooltip. */
  hint: string;
}

export function luckView(
  luck: { face: number; bonus: number; total: number },
  note: string,
  tone: LuckView["tone"] = "",
  hint = game.i18n.localize("BRINK.Roll.luckHint"),
): LuckView {
  return {
    face: luck.face,
    bonus: luck.bonus ? signed(luck.bonus) : "",
    total: luck.total,
    note,
    tone,
    max: luck.face === 20,
    min: luck.face === 1,
    hint,
  };
}

/** An ordinary test's luck die: 20 or more adds +4 to the total, anything less does nothing. */
export function testLuckView(luck: { face: number; bonus: number; total: number }, added: boolean): LuckView {
  return added
    ? luckView(luck, game.i18n.localize("BRINK.Roll.luckBonus"), "lucky")
    : luckView(luck, game.i18n.format("BRINK.Roll.luckNone", { total: String(luck.total) }));
}
