/**
 * The initiative order the DEX modes rolled (RULES §3): the mode, and per place the combatants'
 * names. Written by the GM's client as the combat begins, with its rolls; drawn from `system` each
 * time the chat log shows it. It has no buttons.
 */
import type { Edge } from "../../rules/modifiers";
import {
  judge,
  type LuckEffect,
  type LuckRoll,
  type Modifier,
  type TestDice,
  type TestResult,
} from "../../rules/tests";
import { renderCard, type CardView } from "./card";
import { recordField } from "../shared/fields";
import { stepView, testCardView } from "./card-views";
import { edgesText } from "./damage-steps";
import { ATTRIBUTE_LABEL } from "../../helpers/lang-keys";

/** S3: one character's DEX test, with each modifier its state put on it, as it was rolled. */
export interface InitiativeTest {
  name: string;
  total: number;
  difficulty: number;
  /** Proficiency, exhaustion, injuries, the luck bonus: each step of the total. */
  modifiers: Modifier[];
  /** Where its advantage and disadvantage came from. */
  edges: Edge[];
  /** The dice and the luck die as rolled (absent on cards from before the card showed them). */
  dice?: TestDice;
  luck?: LuckRoll;
  luckEffect?: LuckEffect;
}

export interface InitiativeRecord {
  /** The initiative mode that rolled the order (a Brink setting choice). */
  mode: string;
  places: { place: number; names: string }[];
  /** The DEX tests of the dexterity-test mode (absent in the other modes and on older cards). */
  tests?: InitiativeTest[];
}

/** "Roland: 3 vs 6 (Exhaustion 3 −3; Reeling: disadvantage)": a test recorded without its dice. */
function testLine(test: InitiativeTest): string {
  const steps = test.modifiers.map(stepView).map((step) => `${step.label} ${step.value}`);
  const sources = [steps.join(", "), edgesText(test.edges)].filter(Boolean).join("; ");
  const line = `${test.name}: ${test.total} ${game.i18n.localize("BRINK.Roll.versus")} ${test.difficulty}`;
  return sources ? `${line} (${sources})` : line;
}

/**
 * A DEX test in the layout every rolled test shares (chat/parts/test-roll): its die, its steps,
 * the luck die saying what it did, the total against 6 with its outcome. A test from an older card
 * (no dice recorded) keeps its one line.
 */
function testView(test: InitiativeTest) {
  const { dice, luck, luckEffect } = test;
  if (!dice || !luck) return { name: test.name, line: testLine(test) };
  const roll = { dice, steps: test.modifiers, luck, luckEffect: luckEffect ?? "none", total: test.total };
  const result: TestResult = judge(roll, test.difficulty);
  const dexterity = game.i18n.localize(ATTRIBUTE_LABEL.dex);
  const view = testCardView(result, test.name, test.edges, { attribute: dexterity, skill: "" });
  // "6 vs 6" beside the name needs no "Total" label: a party's tests stay one short line each.
  return { name: test.name, ...view, total: { ...view.total, label: "" } };
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
    tests: (record.tests ?? []).map(testView),
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
