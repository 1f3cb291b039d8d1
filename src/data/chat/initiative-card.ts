/**
 * The initiative order the DEX modes rolled (RULES §3): the mode, and per place the combatants'
 * names. Written by the GM's client as the combat begins, with its rolls; drawn from `system` each
 * time the chat log shows it. It has no buttons.
 */
import { renderCard, type CardView } from "./card";

export interface InitiativeRecord {
  /** The initiative mode that rolled the order (a Brink setting choice). */
  mode: string;
  places: { place: number; names: string }[];
}

export const renderInitiativeCard = (record: InitiativeRecord): Promise<string> =>
  renderCard("chat/initiative-card.hbs", {
    title: game.i18n.localize(`BRINK.Setting.initiativeMode.choices.${record.mode}`),
    places: record.places,
  });

const initiativeCardSchema = () => {
  const f = foundry.data.fields;
  return {
    mode: new f.StringField({ required: true, blank: false, initial: "dex" }),
    places: new f.ArrayField(
      new f.SchemaField({
        place: new f.NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 1 }),
        names: new f.StringField({ required: true, blank: true, initial: "" }),
      }),
    ),
  };
};
type InitiativeCardSchema = ReturnType<typeof initiativeCardSchema>;

export class InitiativeCardData
  extends foundry.abstract.TypeDataModel<InitiativeCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.initiative"];

  static override defineSchema(): InitiativeCardSchema {
    return initiativeCardSchema();
  }

  get record(): InitiativeRecord {
    return { mode: this.mode, places: this.places.map(({ place, names }) => ({ place, names })) };
  }

  renderContent(): Promise<string> {
    return renderInitiativeCard(this.record);
  }
}
