/**
 * The GM shares the odds: a chat card with the figures, their margins and the policy behind them.
 * Until this is posted, players see no odds at all.
 */
import { templatePath } from "../../constants";
import type { Odds, SimulationPolicy, SimulationRules } from "../../rules/simulation";
import { figureViews, policyText } from "./odds-view";

export async function postOdds(
  title: string,
  odds: Odds,
  rules: SimulationRules,
  policy: SimulationPolicy,
): Promise<void> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("chat/odds-card.hbs"), {
    title,
    figures: figureViews(odds, rules),
    policy: policyText(policy, rules),
    fights: odds.fights,
  });
  await ChatMessage.implementation.create({
    content,
    speaker: { alias: game.i18n.localize("BRINK.Odds.title") },
  });
}
