/**
 * A healing roll's card (RULES §4, §6): the GM's client rolled the dice, so the amount is its
 * own. *Apply healing* heals the actors the user picks (their targets, or their own character);
 * each actor is healed from one card at most once, and the card keeps who it healed.
 */
import { isRecordCard, renderCard, type CardView } from "./card";

export const HEALING_POOLS = ["health", "endurance"] as const;
export const HEALING_KINDS = ["easy", "natural", "free"] as const;

const healingCardSchema = () => {
  const f = foundry.data.fields;
  return {
    label: new f.StringField({ required: true, blank: true, initial: "" }),
    formula: new f.StringField({ required: true, blank: false, initial: "1d4" }),
    amount: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    pool: new f.StringField({ required: true, choices: [...HEALING_POOLS], initial: "health" }),
    kind: new f.StringField({ required: true, choices: [...HEALING_KINDS], initial: "natural" }),
    /** The actors this card has healed, by uuid. */
    healed: new f.ArrayField(new f.StringField({ required: true, blank: false })),
  };
};
type HealingCardSchema = ReturnType<typeof healingCardSchema>;

export class HealingCardData
  extends foundry.abstract.TypeDataModel<HealingCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.healing"];

  static override defineSchema(): HealingCardSchema {
    return healingCardSchema();
  }

  renderContent(): Promise<string> {
    return renderCard("chat/healing-card.hbs", {
      label: this.label || game.i18n.localize("BRINK.Life.HealingRoll.title"),
      formula: this.formula,
      amount: this.amount,
      pool: game.i18n.localize(`BRINK.Actor.base.FIELDS.${this.pool}.label`),
      healed: this.healed.length,
      mayApply: isRecordCard(this.parent),
    });
  }
}
