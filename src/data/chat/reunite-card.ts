/**
 * The reunion's card (RULES §5): per actor, the conditions it cleared and the sources of the setback
 * items it deleted, so the GM's Revert restores exactly that. Written by the GM's client; drawn from
 * `system` with Revert for a GM only, on a card a GM's client wrote.
 */
import { isRecordCard, renderCard, type CardView } from "./card";
import { format, localize, type ReuniteActorRecord, type ReuniteRecord } from "./retreat-record";

const reuniteCardSchema = () => {
  const f = foundry.data.fields;
  return {
    status: new f.StringField({ required: true, choices: ["applied", "reverted"], initial: "applied" }),
    appliedBy: new f.StringField({ required: true, blank: true, initial: "" }),
    /** Per actor: its prior and cleared conditions and the deleted items' sources. */
    actors: new f.ArrayField(new f.ObjectField({ required: true })),
  };
};
type ReuniteCardSchema = ReturnType<typeof reuniteCardSchema>;

export class ReuniteCardData
  extends foundry.abstract.TypeDataModel<ReuniteCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.reunite"];

  static override defineSchema(): ReuniteCardSchema {
    return reuniteCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold plain data written by the GM's client. */
  get record(): ReuniteRecord {
    return {
      status: this.status === "reverted" ? "reverted" : "applied",
      appliedBy: this.appliedBy,
      actors: this.actors as ReuniteActorRecord[],
    };
  }

  renderContent(): Promise<string> {
    return renderReuniteCard(this.record, game.user.isGM && isRecordCard(this.parent));
  }
}

/** The reunion card's HTML; without Revert unless `withButtons` (the copy kept in `content`). */
export function renderReuniteCard(record: ReuniteRecord, withButtons = false): Promise<string> {
  const reverted = record.status === "reverted";
  return renderCard("chat/reunite-card.hbs", {
    title: localize("BRINK.Retreat.Reunite.title"),
    text: format("BRINK.Retreat.Reunite.text", {
      names: record.actors.map((entry) => entry.name).join(", "),
    }),
    reverted,
    mayRevert: !reverted && withButtons,
  });
}
