/**
 * The long-term recovery card (RULES §6, S2): a month of downtime, a level's heal, a retirement,
 * a retired character's session and its return. It records what the GM's client changed (the
 * healed injury's item and rule entries, the counters) so the GM's Revert restores exactly that.
 * Written by the GM's client; drawn from `system`, with Revert for a GM only, on a GM's card.
 */
import { isRecordCard, renderCard, type CardView } from "./card";
import { countOf } from "../../helpers/plural";

export const RECOVERY_KINDS = ["downtime", "level", "retire", "session", "return"] as const;
export type RecoveryKind = (typeof RECOVERY_KINDS)[number];

export interface RecoveryTestRecord {
  face: number;
  con: number;
  success: boolean;
}

/** A healed permanent injury: its name, its item's source and the death rule's entries removed with it. */
export interface HealedRecord {
  name: string;
  item: Record<string, unknown> | null;
  entries: { index: number; entry: Record<string, unknown> }[];
}

export interface RecoveryRecord {
  kind: RecoveryKind;
  status: "applied" | "reverted";
  actorUuid: string;
  name: string;
  test: RecoveryTestRecord | null;
  healed: HealedRecord | null;
  /** Retirement sessions counted once this card applied. */
  sessions: number;
  successorUuid: string;
  successorName: string;
  /** XP the new character of a retirement starts with. */
  successorXp: number;
  /** A downtime's world time, and the character's one before it (what a revert puts back). */
  downtimeAt: number | null;
  previousDowntimeAt: number | null;
}

const recoveryCardSchema = () => {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, blank: true, initial: "" });
  const count = () =>
    new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 });
  return {
    kind: new f.StringField({ required: true, choices: [...RECOVERY_KINDS], initial: "downtime" }),
    status: new f.StringField({ required: true, choices: ["applied", "reverted"], initial: "applied" }),
    actorUuid: text(),
    name: text(),
    test: new f.ObjectField({ required: true, nullable: true, initial: null }),
    healed: new f.ObjectField({ required: true, nullable: true, initial: null }),
    sessions: count(),
    successorUuid: text(),
    successorName: text(),
    successorXp: count(),
    downtimeAt: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
    previousDowntimeAt: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
  };
};
type RecoveryCardSchema = ReturnType<typeof recoveryCardSchema>;

export class RecoveryCardData
  extends foundry.abstract.TypeDataModel<RecoveryCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Recovery.Card"];

  static override defineSchema(): RecoveryCardSchema {
    return recoveryCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold plain data the GM's client wrote. */
  get record(): RecoveryRecord {
    return {
      kind: RECOVERY_KINDS.find((kind) => kind === this.kind) ?? "downtime",
      status: this.status === "reverted" ? "reverted" : "applied",
      actorUuid: this.actorUuid,
      name: this.name,
      test: this.test as RecoveryTestRecord | null,
      healed: this.healed as HealedRecord | null,
      sessions: this.sessions,
      successorUuid: this.successorUuid,
      successorName: this.successorName,
      successorXp: this.successorXp,
      downtimeAt: this.downtimeAt,
      previousDowntimeAt: this.previousDowntimeAt,
    };
  }

  renderContent(): Promise<string> {
    return renderRecoveryCard(this.record, game.user.isGM && isRecordCard(this.parent));
  }
}

const line = (key: string, data: Record<string, string | number> = {}): string =>
  game.i18n.format(
    `BRINK.Recovery.Card.${key}`,
    Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  );

/** What the card says, line by line, in the order it happened. */
export function recoveryLines(record: RecoveryRecord): string[] {
  const { name, test, healed } = record;
  const lines: string[] = [];
  if (record.kind === "downtime") lines.push(line("downtime", { name }));
  if (record.kind === "level") lines.push(line("level", { name }));
  if (record.kind === "retire")
    lines.push(line("retire", { name, successor: record.successorName, xp: record.successorXp }));
  if (record.kind === "session")
    lines.push(line(test ? "sessionTest" : "sessionWait", { name, count: record.sessions }));
  if (record.kind === "return")
    lines.push(line("return", { name, sessions: countOf("session", record.sessions) }));
  if (test)
    lines.push(line(test.success ? "testSuccess" : "testFailure", { face: test.face, con: test.con }));
  if (healed) lines.push(line("healed", { injury: healed.name }));
  else if (test) lines.push(line("nothingHealed"));
  return lines;
}

/** The card's HTML; without Revert unless `withButtons` (the copy kept in `content`). */
export function renderRecoveryCard(record: RecoveryRecord, withButtons = false): Promise<string> {
  const reverted = record.status === "reverted";
  return renderCard("chat/recovery-card.hbs", {
    kind: record.kind,
    title: game.i18n.localize(`BRINK.Recovery.Card.title.${record.kind}`),
    lines: recoveryLines(record),
    success: record.test?.success ?? null,
    successorUuid: record.successorUuid,
    successorName: record.successorName,
    reverted,
    mayRevert: !reverted && withButtons,
  });
}
