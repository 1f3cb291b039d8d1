/**
 * What a tracker row says about a combatant's conditions (RULES §3, §9): each timed condition with
 * the time it has left in Brink's team order, the Guarding marker read from the actor's condition
 * (the cards read the same), and why a combatant cannot act.
 */
import type { BrinkCombatant } from "../../documents/combatant";
import type { ConditionTimer } from "../../rules/condition-durations";
import { untilLabel } from "../../helpers/condition-timer-label";
import { CONDITIONS_PREVENTING_TURNS } from "../../rules/team-turns";
import { statusLabelKey } from "../../status-effects";
import { timedConditions } from "../../workflows/durations";

const GUARDING = "guarding";

/** A tag's text, and its tooltip naming whose turns it counts ("Boudica: In cover until next turn"). */
export interface TimedTag {
  label: string;
  tooltip: string;
}

export interface ConditionTags {
  guarding: boolean;
  /** "Guarding +1", with the time left when Guard set it. */
  guardTag: TimedTag;
  /** Every other timed condition: "In cover until next turn". */
  timed: TimedTag[];
}

const localize = (key: string): string => game.i18n.localize(key);
const format = (key: string, data: Record<string, string>): string => game.i18n.format(key, data);

export function conditionTags(
  combatant: BrinkCombatant,
  clock: { acting: boolean; round: number },
): ConditionTags {
  const actor = combatant.actor;
  const name = combatant.name ?? "";
  const tag = (label: string, timer?: ConditionTimer): TimedTag => {
    const text = timer
      ? format("BRINK.Combat.Tracker.timed", { condition: label, until: untilLabel(timer, clock) })
      : label;
    return { label: text, tooltip: format("BRINK.Combat.Tracker.timedTooltip", { name, tag: text }) };
  };
  const timers = actor ? timedConditions(actor) : [];
  return {
    guarding: actor?.statuses.has(GUARDING) ?? false,
    guardTag: tag(
      localize("BRINK.Combat.Tracker.guarding"),
      timers.find((timer) => timer.status === GUARDING),
    ),
    timed: timers
      .filter((timer) => timer.status !== GUARDING)
      .map((timer) => tag(localize(statusLabelKey(timer.status)), timer)),
  };
}

/** Why the combatant has no turns: the conditions that take them away, or the GM's defeated mark. */
export function unableReason(combatant: BrinkCombatant): string | null {
  if (combatant.ableToAct) return null;
  const statuses = combatant.actor?.statuses ?? new Set<string>();
  const reasons = CONDITIONS_PREVENTING_TURNS.filter((status) => statuses.has(status)).map((status) =>
    localize(statusLabelKey(status)),
  );
  if (combatant.defeated) reasons.push(localize("BRINK.Combat.Tracker.defeated"));
  return reasons.length > 0 ? reasons.join(", ") : null;
}
