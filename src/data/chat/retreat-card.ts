/**
 * The Emergency Retreat's cards (RULES §5). The summary card keeps what the GM's drop choices and
 * Revert act on; the request card is a player's call, whispered to the GMs, who confirm it from
 * there. Both are written by the GM's client and drawn from `system` for the user looking at them:
 * only a GM sees their buttons, and only on a card a GM's client wrote.
 */
import { isRecordCard, renderCard, type CardView } from "./card";
import {
  format,
  localize,
  type RetreatCharacterRecord,
  type RetreatRecord,
  type RetreatRequestRecord,
} from "./retreat-record";
import { retreatCardView } from "./retreat-view";

const text = () => new foundry.data.fields.StringField({ required: true, blank: true, initial: "" });
const texts = () =>
  new foundry.data.fields.ArrayField(new foundry.data.fields.StringField({ required: true, blank: false }));

const retreatCardSchema = () => {
  const f = foundry.data.fields;
  return {
    combatId: text(),
    resolutionId: text(),
    status: new f.StringField({
      required: true,
      choices: ["applying", "applied", "reverted"],
      initial: "applied",
    }),
    appliedBy: text(),
    /** Per character: the rules' result, the items made, the drop choices and what Revert restores. */
    characters: new f.ArrayField(new f.ObjectField({ required: true })),
    fallbacks: texts(),
    /** The combat's own source as it stood, for Revert. */
    combat: new f.ObjectField({ required: false, nullable: true, initial: null }),
  };
};
type RetreatCardSchema = ReturnType<typeof retreatCardSchema>;

/** Whether this client's user may use a recovery card's buttons: a GM, on a card a GM's client wrote. */
const mayAct = (message: ChatMessage.Implementation | null): boolean =>
  game.user.isGM && isRecordCard(message);

export class RetreatCardData
  extends foundry.abstract.TypeDataModel<RetreatCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.retreat"];

  static override defineSchema(): RetreatCardSchema {
    return retreatCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold the rules' plain data, written by the GM's client. */
  get record(): RetreatRecord {
    return {
      combatId: this.combatId,
      resolutionId: this.resolutionId,
      status: this.status === "reverted" || this.status === "applying" ? this.status : "applied",
      appliedBy: this.appliedBy,
      characters: this.characters as RetreatCharacterRecord[],
      fallbacks: [...this.fallbacks],
      combat: this.combat,
    };
  }

  renderContent(): Promise<string> {
    return renderRetreatCard(this.record, mayAct(this.parent));
  }
}

/** The summary card's HTML; without buttons unless `withButtons` (the copy kept in `content`). */
export function renderRetreatCard(record: RetreatRecord, withButtons = false): Promise<string> {
  return renderCard("chat/retreat-card.hbs", retreatCardView(record, withButtons));
}

const retreatRequestSchema = () => ({
  combatId: text(),
  actorUuids: texts(),
  userId: text(),
  userName: text(),
  names: texts(),
});
type RetreatRequestSchema = ReturnType<typeof retreatRequestSchema>;

export class RetreatRequestCardData
  extends foundry.abstract.TypeDataModel<RetreatRequestSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.retreatRequest"];

  static override defineSchema(): RetreatRequestSchema {
    return retreatRequestSchema();
  }

  get record(): RetreatRequestRecord {
    return {
      combatId: this.combatId,
      actorUuids: [...this.actorUuids],
      userId: this.userId,
      userName: this.userName,
      names: [...this.names],
    };
  }

  renderContent(): Promise<string> {
    return renderRetreatRequest(this.record, mayAct(this.parent));
  }
}

export function renderRetreatRequest(record: RetreatRequestRecord, withButtons = false): Promise<string> {
  return renderCard("chat/retreat-request.hbs", {
    title: localize("BRINK.Retreat.title"),
    text: format("BRINK.Retreat.Request.text", { user: record.userName, names: record.names.join(", ") }),
    mayConfirm: withButtons,
  });
}
