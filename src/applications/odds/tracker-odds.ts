/**
 * The GM's Odds section of the combat tracker (its own part, below the header): before Begin and
 * after every change the fight's odds from its current state, a sparkline of the party's chance
 * across the turns, the policy, and buttons to post the odds or open the planner. Players get an
 * empty section: the odds are the GM's until posted.
 */
import type { BrinkCombat } from "../../documents/combat";
import type { Odds, SimulationPolicy } from "../../rules/simulation";
import { knownOdds, requestOdds, stateKey, type OddsResult } from "./odds-client";
import { figureViews, policyChoices, policyText, sparklinePoints, swingText } from "./odds-view";
import { combatEncounter } from "./snapshot";

/** The policy the GM picked (this session); the planner and the tracker share it. */
let chosenPolicy: SimulationPolicy = { foes: "fight-to-the-end", party: "fight-to-the-end" };

export const oddsPolicy = (): SimulationPolicy => chosenPolicy;

export function choosePolicy(side: string, value: string): void {
  if (side === "foes" && (value === "fight-to-the-end" || value === "break-at-morale"))
    chosenPolicy = { ...chosenPolicy, foes: value };
  if (side === "party" && (value === "fight-to-the-end" || value === "retreat-at-half"))
    chosenPolicy = { ...chosenPolicy, party: value };
}

/** The party's chance after each state the tracker showed, by combat (this session, GM only). */
const histories = new Map<string, { keys: string[]; values: number[] }>();

function record(combatId: string, key: string, odds: Odds): void {
  const history = histories.get(combatId) ?? { keys: [], values: [] };
  if (history.keys.at(-1) === key) return;
  history.keys.push(key);
  history.values.push(odds.partyWins.value);
  histories.set(combatId, history);
}

export const oddsHistory = (combatId: string): readonly number[] => histories.get(combatId)?.values ?? [];

export interface TrackerOddsView {
  show: boolean;
  computing?: boolean;
  firstEstimate?: boolean;
  problem?: string;
  figures?: ReturnType<typeof figureViews>;
  /** The closed section's one line: the party's chance and the chance of a death. */
  headline?: string;
  policy?: string[];
  choices?: ReturnType<typeof policyChoices>;
  sparkline?: string;
  swing?: string;
  fights?: number;
}

const hasFinal = (result: OddsResult | undefined): boolean =>
  result !== undefined && (!("final" in result) || result.final);

/**
 * The section's context. When the state's odds are not known yet, they are asked for and
 * `rerender` is called when they (or a first estimate) arrive.
 */
export function trackerOddsView(combat: BrinkCombat | null, rerender: () => void): TrackerOddsView {
  if (!game.user.isGM || !combat || combat.combatants.size === 0 || combat.turnState.phase === "ended")
    return { show: false };
  const encounter = combatEncounter(combat, chosenPolicy);
  const result = knownOdds(encounter);
  if (!hasFinal(result)) void requestOdds(encounter, rerender).then(rerender);
  const base = {
    show: true,
    policy: policyText(chosenPolicy, encounter.rules),
    choices: policyChoices(chosenPolicy, encounter.rules),
  };
  if (result === undefined) return { ...base, computing: true };
  if ("problem" in result)
    return { ...base, problem: game.i18n.localize(`BRINK.Odds.Problem.${result.problem}`) };
  if (result.final) record(combat.id ?? "", stateKey(encounter), result.odds);
  const history = oddsHistory(combat.id ?? "");
  const figures = figureViews(result.odds, encounter.rules);
  const value = (key: string) => figures.find((figure) => figure.key === key)?.value ?? "";
  return {
    ...base,
    firstEstimate: !result.final,
    figures,
    headline: game.i18n.format("BRINK.Odds.headline", { wins: value("partyWins"), death: value("anyDeath") }),
    sparkline: sparklinePoints(history),
    swing: swingText(history),
    fights: result.odds.fights,
  };
}
