/**
 * The GM's Odds section of the combat tracker (its own part, below the header): before Begin and
 * after every change the fight's odds from its current state, a sparkline of the party's chance
 * across the turns, the policy, and buttons to post the odds or open the planner. Players get an
 * empty section: the odds are the GM's until posted.
 */
import type { BrinkCombat } from "../../documents/combat";
import { DEFAULT_POLICY, FOE_POLICIES, PARTY_POLICIES, type SimulationPolicy } from "../../rules/simulation";
import { knownOdds, requestOdds, stateKey, type OddsResult } from "./odds-client";
import {
  figureViews,
  policyChoices,
  policyText,
  sparklinePoints,
  swingText,
} from "../../data/chat/odds-view";
import { isOneOf } from "../../rules/choices";
import { rememberChance, rememberPolicy, storedPolicy, storedSwing } from "./odds-memory";
import { combatEncounter } from "./snapshot";

/** The policy the GM picked last (this session): the planner's, and a combat's until one is stored on it. */
let chosenPolicy: SimulationPolicy = DEFAULT_POLICY;

/** The combat's own policy when the GM picked one for it, else the session's. */
export const oddsPolicy = (combat?: BrinkCombat | null): SimulationPolicy =>
  (combat ? storedPolicy(combat) : null) ?? chosenPolicy;

/** The GM's pick: the session's policy from now on, and stored on the combat when there is one. */
export async function choosePolicy(side: string, value: string, combat?: BrinkCombat | null): Promise<void> {
  const current = oddsPolicy(combat);
  let next = current;
  if (side === "foes" && isOneOf(FOE_POLICIES, value)) next = { ...current, foes: value };
  if (side === "party" && isOneOf(PARTY_POLICIES, value)) next = { ...current, party: value };
  if (next === current) return;
  chosenPolicy = next;
  if (combat) await rememberPolicy(combat, next);
}

/** For tests, as a reload does: the session's pick is forgotten (what is stored on a combat stays). */
export function forgetSessionPolicy(): void {
  chosenPolicy = DEFAULT_POLICY;
}

/** The party's chance after each state the tracker showed for this combat (stored on it). */
export const oddsHistory = (combatId: string): readonly number[] => {
  const combat = game.combats?.get(combatId);
  return combat ? storedSwing(combat).values : [];
};

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
  const policy = oddsPolicy(combat);
  const encounter = combatEncounter(combat, policy);
  const result = knownOdds(encounter);
  if (!hasFinal(result)) void requestOdds(encounter, rerender).then(rerender);
  const base = {
    show: true,
    policy: policyText(policy, encounter.rules),
    choices: policyChoices(policy, encounter.rules),
  };
  if (result === undefined) return { ...base, computing: true };
  if ("problem" in result)
    return { ...base, problem: game.i18n.localize(`BRINK.Odds.Problem.${result.problem}`) };
  if (result.final) rememberChance(combat, stateKey(encounter), result.odds.partyWins.value);
  const history = storedSwing(combat).values;
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
