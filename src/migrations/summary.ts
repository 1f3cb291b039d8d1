/** What the GM is told once a migration has run: a notification and a card whispered to the GMs. */
import { templatePath } from "../constants";

export interface MigrationReport {
  version: number;
  migrated: number;
  failures: { name: string; reason: string }[];
}

function notify(report: MigrationReport): void {
  const failed = report.failures.length;
  const key = failed ? "BRINK.Migration.summary.notifyFailed" : "BRINK.Migration.summary.notify";
  const data = { count: String(report.migrated), failed: String(failed), version: String(report.version) };
  if (failed) ui.notifications.warn(game.i18n.format(key, data), { permanent: true });
  else ui.notifications.info(game.i18n.format(key, data));
}

export async function postSummary(report: MigrationReport): Promise<void> {
  notify(report);
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("migration/summary-card.hbs"),
    {
      title: game.i18n.format("BRINK.Migration.summary.title", { version: String(report.version) }),
      migrated: game.i18n.format("BRINK.Migration.summary.migrated", { count: String(report.migrated) }),
      failures: report.failures,
    },
  );
  await ChatMessage.implementation.create({
    content,
    whisper: ChatMessage.implementation.getWhisperRecipients("GM").map((gm) => gm.id),
    speaker: { alias: game.i18n.localize("BRINK.Migration.speaker") },
  });
}
