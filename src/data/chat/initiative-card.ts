/**
 * The initiative order the DEX modes rolled (RULES §3): the mode, and per place the combatants'
 * names. Written by the GM's client as the combat begins, with its rolls; drawn from `system` each
 * time the chat log shows it. It has no buttons.
 */
import type { Edge } from "../../rules/modifiers";
import type { Modifier } from "../../rules/tests";
import { renderCard, type CardView } from "./card";
import { recordField } from "../shared/fields";
import { stepView } from "./card-views";
import { edgesText } from "./damage-steps";

/** S3: one character's DEX test, with each modifier its state put on it, as it was rolled. */
export interface InitiativeTest {
  name: string;
  total: number;
  difficulty: number;
  /** Proficiency, exhaustion, injuries, the luck bonus: each step of the total. */
  modifiers: Modifier[];
  /** Where its advantage and disadvantage came from. */
  edges: Edge[];
}

export interface InitiativeRecord {
  /** The initiative mode that rolled the order (a Brink setting choice). */
  mode: string;
  places: { place: number; names: string }[];
  /** The DEX tests of the dexterity-test mode (absent in the other modes and on older cards). */
  tests?: InitiativeTest[];
}

/** "Roland: 3 vs 6 (Exhaustion 3 −3; Reeling: disadvantage)". */
function testLine(test: InitiativeTest): string {
  const steps = test.modifiers.map(stepView).map((step) => `${step.label} ${step.value}`);
  const sources = [steps.join(", "), edgesText(test.edges)].filter(Boolean).join("; ");
  const line = `${test.name}: ${test.total} ${game.i18n.localize("BRINK.Roll.versus")} ${test.difficulty}`;
  return sources ? `${line} (${sources})` : line;
}

/** The card's own title for the mode that ordered the fight, never the settings menu's label. */
function initiativeTitle(mode: string): string {
  const key = `BRINK.Combat.Initiative.title.${mode}`;
  return game.i18n.localize(game.i18n.has(key) ? key : "BRINK.Combat.Initiative.title.other");
}

export const renderInitiativeCard = (record: InitiativeRecord): Promise<string> =>
  renderCard("chat/initiative-card.hbs", {
    title: initiativeTitle(record.mode),
    places: record.places,
    tests: (record.tests ?? []).map(testLine),
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
    /** The DEX tests as rolled: plain data only the GM's client writes. */
    tests: new f.ArrayField(recordField<InitiativeTest>()),
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
    return {
      mode: this.mode,
      places: this.places.map(({ place, names }) => ({ place, names })),
      tests: this.tests,
    };
  }

  renderContent(): Promise<string> {
    return renderInitiativeCard(this.record);
  }
}
