/** The Odds section's buttons in the combat tracker (GM only): the policy, posting, the planner. */
import type { BrinkCombat } from "../../documents/combat";
import { knownOdds } from "./odds-client";
import { openEncounterPlanner } from "./planner";
import { postOdds } from "./post";
import { combatEncounter } from "./snapshot";
import { choosePolicy, oddsPolicy, trackerOddsView, type TrackerOddsView } from "./tracker-odds";

interface TrackerLike {
  readonly viewedCombat: BrinkCombat | null;
  render(options?: { parts?: string[] }): Promise<unknown>;
}

export const ODDS_PART = "odds";

/** The Odds part's context; when the odds arrive, only that part is drawn again. */
export const oddsPartContext = (tracker: TrackerLike): TrackerOddsView =>
  trackerOddsView(tracker.viewedCombat, () => void tracker.render({ parts: [ODDS_PART] }));

export const ODDS_ACTIONS = {
  oddsPolicy: async function (this: TrackerLike, _event: Event, target: HTMLElement): Promise<void> {
    if (!game.user.isGM) return;
    await choosePolicy(target.dataset.side ?? "", target.dataset.value ?? "", this.viewedCombat);
    await this.render({ parts: [ODDS_PART] });
  },
  postOdds: async function (this: TrackerLike): Promise<void> {
    const combat = this.viewedCombat;
    if (!game.user.isGM || !combat) return;
    const encounter = combatEncounter(combat, oddsPolicy(combat));
    const result = knownOdds(encounter);
    if (result && "odds" in result)
      await postOdds({
        source: "tracker",
        odds: result.odds,
        rules: encounter.rules,
        policy: encounter.policy,
        startingSide: encounter.startingSide,
      });
  },
  openEncounterPlanner: async function (): Promise<void> {
    if (game.user.isGM) await openEncounterPlanner();
  },
};
