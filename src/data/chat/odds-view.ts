/**
 * Odds as the GM reads them: each figure with its 95% margin ("41% ± 1"), the policy in words, the
 * most dangerous foe, and the history of the party's chance across the fight as a sparkline.
 */
import {
  FOE_POLICIES,
  PARTY_POLICIES,
  shownMean,
  shownPercent,
  type Estimate,
  type Odds,
  type SimulationPolicy,
  type SimulationRules,
} from "../../rules/simulation";

const format = (key: string, data: Record<string, string>): string => game.i18n.format(key, data);

export function percentText(estimate: Estimate): string {
  const shown = shownPercent(estimate);
  return format("BRINK.Odds.percent", { value: String(shown.value), margin: String(shown.margin) });
}

export function meanText(estimate: Estimate): string {
  const shown = shownMean(estimate);
  return format("BRINK.Odds.mean", { value: shown.value.toFixed(1), margin: shown.margin.toFixed(1) });
}

export interface FigureView {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

/** Every figure, in the order the issue names them; the retreat's only when the rule is on. */
export function figureViews(odds: Odds, rules: SimulationRules): FigureView[] {
  const figure = (key: string, value: string): FigureView => ({
    key,
    label: game.i18n.localize(`BRINK.Odds.Figure.${key}`),
    value,
  });
  const threat = odds.threats[0];
  return [
    figure("partyWins", percentText(odds.partyWins)),
    figure("anyDeath", percentText(odds.anyDeath)),
    figure("deaths", meanText(odds.deaths)),
    figure("takenOut", meanText(odds.takenOut)),
    figure("rounds", meanText(odds.rounds)),
    ...(rules.emergencyRetreat ? [figure("retreatBetter", percentText(odds.retreatBetter))] : []),
    ...(odds.retreats.value > 0 ? [figure("retreats", percentText(odds.retreats))] : []),
    figure(
      "threat",
      threat
        ? format("BRINK.Odds.threat", { name: threat.name, takesOut: threat.takesOut.toFixed(2) })
        : game.i18n.localize("BRINK.Odds.noThreat"),
    ),
  ];
}

/** The policy the simulated combatants follow, in words (what is fixed, and what the GM picked). */
export function policyText(policy: SimulationPolicy, rules: SimulationRules): string[] {
  const foes = policy.foes === "break-at-morale" && !rules.morale ? "fight-to-the-end" : policy.foes;
  const party =
    policy.party === "retreat-at-half" && !rules.emergencyRetreat ? "fight-to-the-end" : policy.party;
  return [
    game.i18n.localize("BRINK.Odds.Policy.fixed"),
    game.i18n.localize(`BRINK.Odds.Policy.foes.${foes}`),
    game.i18n.localize(`BRINK.Odds.Policy.party.${party}`),
  ];
}

export interface PolicyChoice {
  readonly side: "foes" | "party";
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
  readonly available: boolean;
}

/** The GM's choices of policy; morale's and the retreat's only make sense with their rule on. */
export function policyChoices(policy: SimulationPolicy, rules: SimulationRules): PolicyChoice[] {
  return [
    ...FOE_POLICIES.map((value) => ({
      side: "foes" as const,
      value,
      label: game.i18n.localize(`BRINK.Odds.Policy.choice.foes.${value}`),
      selected: policy.foes === value,
      available: value !== "break-at-morale" || rules.morale,
    })),
    ...PARTY_POLICIES.map((value) => ({
      side: "party" as const,
      value,
      label: game.i18n.localize(`BRINK.Odds.Policy.choice.party.${value}`),
      selected: policy.party === value,
      available: value !== "retreat-at-half" || rules.emergencyRetreat,
    })),
  ];
}

/** The sparkline: a polyline over 0–100 % in a 100 × 24 box, one point per turn recorded. */
export function sparklinePoints(values: readonly number[]): string {
  if (values.length === 0) return "";
  const step = values.length > 1 ? 100 / (values.length - 1) : 0;
  return values
    .map((value, i) => `${(i * step).toFixed(1)},${(24 - Math.max(0, Math.min(1, value)) * 24).toFixed(1)}`)
    .join(" ");
}

/** "82% → 41%": the swing across the fight recorded so far. */
export function swingText(values: readonly number[]): string {
  if (values.length < 2) return "";
  return values
    .slice(-6)
    .map((value) => `${Math.round(value * 100)}%`)
    .join(" → ");
}
