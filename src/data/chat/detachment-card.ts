/**
 * The card of a detachment formed from tokens (RULES §7.4, S3): who formed what from whom, and
 * what the GM's client wrote (the detachment's actor and token, the members it hid), so Disband
 * undoes exactly that. Written by the GM's client; drawn from `system`; Disband only for a GM, on
 * a GM's card.
 */
import { isRecordCard, renderCard, type CardView } from "./card";

/** A member token the formation hid, and whether the GM had hidden it already. */
export interface DetachmentMember {
  tokenId: string;
  name: string;
  wasHidden: boolean;
}

export interface DetachmentRecord {
  status: "applied" | "reverted";
  formedBy: string;
  kindName: string;
  name: string;
  actorUuid: string;
  sceneId: string;
  tokenId: string;
  members: DetachmentMember[];
  /** Members whose tokens were gone when it was disbanded, so they could not stand again. */
  missing: string[];
}

const detachmentCardSchema = () => {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, blank: true, initial: "" });
  return {
    status: new f.StringField({ required: true, choices: ["applied", "reverted"], initial: "applied" }),
    formedBy: text(),
    kindName: text(),
    name: text(),
    actorUuid: text(),
    sceneId: text(),
    tokenId: text(),
    members: new f.ArrayField(
      new f.SchemaField({
        tokenId: text(),
        name: text(),
        wasHidden: new f.BooleanField({ required: true, initial: false }),
      }),
    ),
    missing: new f.ArrayField(new f.StringField({ required: true, blank: false })),
  };
};
type DetachmentCardSchema = ReturnType<typeof detachmentCardSchema>;

export class DetachmentCardData
  extends foundry.abstract.TypeDataModel<DetachmentCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Formation.Card"];

  static override defineSchema(): DetachmentCardSchema {
    return detachmentCardSchema();
  }

  get record(): DetachmentRecord {
    return {
      status: this.status === "reverted" ? "reverted" : "applied",
      formedBy: this.formedBy,
      kindName: this.kindName,
      name: this.name,
      actorUuid: this.actorUuid,
      sceneId: this.sceneId,
      tokenId: this.tokenId,
      members: this.members.map((member) => ({ ...member })),
      missing: [...this.missing],
    };
  }

  renderContent(): Promise<string> {
    return renderDetachmentCard(this.record, game.user.isGM && isRecordCard(this.parent));
  }
}

/** The detachment card's HTML; without Disband unless `withButtons` (the copy kept in `content`). */
export function renderDetachmentCard(record: DetachmentRecord, withButtons = false): Promise<string> {
  const i18n = game.i18n;
  const reverted = record.status === "reverted";
  return renderCard("chat/detachment-card.hbs", {
    title: i18n.localize(reverted ? "BRINK.Formation.Card.titleDisbanded" : "BRINK.Formation.Card.title"),
    text: i18n.format("BRINK.Formation.Card.text", {
      user: record.formedBy,
      name: record.name,
      count: String(record.members.length),
      kind: record.kindName,
    }),
    members: record.members.map((member) => member.name),
    reverted,
    missing: record.missing.length
      ? i18n.format("BRINK.Formation.Card.missing", { names: record.missing.join(", ") })
      : "",
    mayRevert: !reverted && withButtons,
  });
}
