/**
 * The GM shares the odds: an odds card (data/chat/odds-card) whose record holds the figures, their
 * margins, the rules and the policy behind them. Until this is posted, players see no odds at all.
 */
import { renderOddsCard, type OddsRecord } from "../../data/chat";

export async function postOdds(record: OddsRecord): Promise<void> {
  if (!game.user.isGM) return;
  await ChatMessage.implementation.create({
    type: "odds",
    system: record,
    content: await renderOddsCard(record),
    speaker: { alias: game.i18n.localize("BRINK.Odds.title") },
  });
}
