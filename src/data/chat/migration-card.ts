/**
 * What a world migration did (the migration runner's report): the schema version, how many
 * documents it migrated and each failure with its reason. Whispered to the GMs by the GM's client;
 * drawn from `system` each time the chat log shows it. It has no buttons.
 */
import { renderCard, type CardView } from "./card";

export interface MigrationReport {
  version: number;
  migrated: number;
  failures: { name: string; reason: string }[];
}

export const renderMigrationCard = (report: MigrationReport): Promise<string> =>
  renderCard("migration/summary-card.hbs", {
    title: game.i18n.format("BRINK.Migration.summary.title", { version: String(report.version) }),
    migrated: game.i18n.format("BRINK.Migration.summary.migrated", { count: String(report.migrated) }),
    failures: report.failures,
  });

const migrationCardSchema = () => {
  const f = foundry.data.fields;
  const count = () =>
    new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 });
  const text = () => new f.StringField({ required: true, blank: true, initial: "" });
  return {
    version: count(),
    migrated: count(),
    failures: new f.ArrayField(new f.SchemaField({ name: text(), reason: text() })),
  };
};
type MigrationCardSchema = ReturnType<typeof migrationCardSchema>;

export class MigrationCardData
  extends foundry.abstract.TypeDataModel<MigrationCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.migration"];

  static override defineSchema(): MigrationCardSchema {
    return migrationCardSchema();
  }

  get record(): MigrationReport {
    return {
      version: this.version,
      migrated: this.migrated,
      failures: this.failures.map(({ name, reason }) => ({ name, reason })),
    };
  }

  renderContent(): Promise<string> {
    return renderMigrationCard(this.record);
  }
}
