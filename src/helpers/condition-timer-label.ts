/**
 * How long a timed condition lasts, in the words the combat tracker and the Effects tab share:
 * "until next turn" (the character's own), "until round 3 ends", "until the next rest"…
 */
import { remainingOf, type ConditionTimer } from "../rules/condition-durations";

const localize = (key: string): string => game.i18n.localize(key);
const format = (key: string, data: Record<string, string>): string => game.i18n.format(key, data);

export function untilLabel(
  timer: ConditionTimer,
  { acting, round }: { acting: boolean; round: number },
): string {
  const key = "BRINK.Combat.Tracker.Until";
  const left = remainingOf(timer, { acting });
  switch (left.moment) {
    case "turnStart":
      return left.turns <= 1
        ? localize(`${key}.turnStart`)
        : format(`${key}.turnStartLater`, { count: String(left.turns) });
    case "turnEnd":
      if (left.turns <= 0) return localize(`${key}.thisTurnEnd`);
      return left.turns === 1
        ? localize(`${key}.turnEnd`)
        : format(`${key}.turnEndLater`, { count: String(left.turns) });
    case "roundEnd":
      return left.rounds <= 1
        ? localize(`${key}.roundEnd`)
        : format(`${key}.roundEndLater`, { round: String(round + left.rounds - 1) });
    case "rest":
      return localize(`${key}.rest`);
  }
}
