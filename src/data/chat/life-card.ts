/**
 * A life card (RULES §4, §6): a heal, a death save, a stabilising, a dying or downed clock. It
 * lists the steps the rules took and keeps what the GM's Revert needs: the actor's values before
 * and after, the injury items it made, and whether it was reverted. The GM's client writes it.
 */
import type { ActorState, Step } from "../../rules/damage-chain";
import { describeStep } from "./damage-steps";
import { isRecordCard, renderCard, type CardView } from "./card";
import { itemLinks } from "./item-links";
import { recordField } from "../shared/fields";

/** Injury items a change created or made permanent (undone on revert). */
export interface InjuryItemRecord {
  created: string[];
  madePermanent: string[];
}

/** What a life card keeps so the GM can undo it. */
export interface LifeRecord {
  actorUuid: string;
  /** The lang key of the card's title; `name` fills it. */
  title: string;
  name: string;
  steps: Step[];
  revert: Partial<ActorState>;
  /** The values the card wrote. */
  applied: Partial<ActorState>;
  /** True from the card's creation until its actor write has landed. */
  applying: boolean;
  injuryItems: InjuryItemRecord;
  /** A resurrection's own CON die before and after (0 and 0 when the card changed none). */
  conDie: { before: number; after: number };
  reverted: boolean;
}

const lifeCardSchema = () => {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, blank: true, initial: "" });
  return {
    actorUuid: text(),
    title: text(),
    name: text(),
    /** The damage chain's steps, as the rules engine gave them. */
    steps: new f.ArrayField(recordField<Step>()),
    revert: recordField<Partial<ActorState>>(),
    applied: recordField<Partial<ActorState>>(),
    applying: new f.BooleanField({ required: true, initial: false }),
    injuryItems: new f.SchemaField({
      created: new f.ArrayField(new f.StringField({ required: true, blank: false })),
      madePermanent: new f.ArrayField(new f.StringField({ required: true, blank: false })),
    }),
    conDie: new f.SchemaField({
      before: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      after: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    }),
    reverted: new f.BooleanField({ required: true, initial: false }),
  };
};
type LifeCardSchema = ReturnType<typeof lifeCardSchema>;

export class LifeCardData
  extends foundry.abstract.TypeDataModel<LifeCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.life"];

  static override defineSchema(): LifeCardSchema {
    return lifeCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold the rules' plain data, written by the GM's client. */
  get record(): LifeRecord {
    return this;
  }

  renderContent(): Promise<string> {
    return renderCard("chat/life-card.hbs", lifeCardContext(this.record, this.parent));
  }
}

/** The card for this client's user: its steps, struck through once reverted; Revert for the GM. */
export function lifeCardContext(record: LifeRecord, message: ChatMessage.Implementation | null) {
  return {
    title: game.i18n.format(record.title, { name: record.name }),
    steps: record.steps.map(describeStep),
    injuries: record.reverted ? [] : itemLinks(record.actorUuid, record.injuryItems.created),
    reverted: record.reverted,
    mayRevert: !record.reverted && game.user.isGM && isRecordCard(message),
  };
}
