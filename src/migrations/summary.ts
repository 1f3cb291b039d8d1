/** What the GM is told once a migration has run: a notification and a card whispered to the GMs. */
import { renderMigrationCard, type MigrationReport } from "../data/chat";
import { countOf } from "../helpers/plural";

export type { MigrationReport } from "../data/chat";

function notify(report: MigrationReport): void {
  const failed = report.failures.length;
  const key = failed ? "BRINK.Migration.summary.notifyFailed" : "BRINK.Migration.summary.notify";
  const data = {
    documents: countOf("document", report.migrated),
    failed: String(failed),
    version: String(report.version),
  };
  if (failed) ui.notifications.warn(game.i18n.format(key, data), { permanent: true });
  else ui.notifications.info(game.i18n.format(key, data));
}

export async function postSummary(report: MigrationReport): Promise<void> {
  notify(report);
  await ChatMessage.implementation.create({
    type: "migration",
    system: report,
    content: await renderMigrationCard(report),
    whisper: ChatMessage.implementation.getWhisperRecipients("GM").map((gm) => gm.id),
    speaker: { alias: game.i18n.localize("BRINK.Migration.speaker") },
  });
}
