/**
 * An opposed test's card (RULES §2): both sides' dice, luck and totals, and who won; a tie goes to
 * the defender. Written by the GM's client, which rolled both sides; drawn from `system` on render.
 */
import { renderCard, type CardView } from "./card";
import { testCardView, testDieNames } from "./card-views";
import type { OpposedResult, TestRoll } from "../../rules/tests";
import { recordField } from "../shared/fields";
import type { Edge } from "../../rules/modifiers";

/** One side of the test as the card names it. A type (not an interface) so stored data reads as it. */
export type OpposedSide = {
  actorUuid: string;
  name: string;
  label: string;
  /** The attribute and skill that side rolled ("str", "athletics"); blank on older cards. */
  attribute: string;
  skill: string;
  /** Where its advantage and disadvantage came from, named when rolled; empty on older cards. */
  edges?: Edge[];
};

export interface OpposedRecord {
  attacker: OpposedSide;
  defender: OpposedSide;
  result: OpposedResult;
}

function sideView(side: OpposedSide, roll: TestRoll, against: number, won: boolean) {
  const view = testCardView(
    { ...roll, difficulty: against, success: won, margin: roll.total - against },
    side.label,
    side.edges ?? [],
    testDieNames(side.attribute, side.skill),
  );
  // Who won is the card's own line (a tie goes to the defender), not each side's margin.
  return { ...view, total: { ...view.total, outcome: "" }, name: side.name, won };
}

export function opposedCardView(record: OpposedRecord) {
  const { attacker, defender, result } = record;
  const attackerWon = result.winner === "attacker";
  const winner = attackerWon
    ? game.i18n.format("BRINK.Opposed.Card.wins", { name: attacker.name, margin: String(result.margin) })
    : result.margin === 0
      ? game.i18n.format("BRINK.Opposed.Card.tie", { name: defender.name })
      : game.i18n.format("BRINK.Opposed.Card.wins", { name: defender.name, margin: String(-result.margin) });
  return {
    title: game.i18n.localize("BRINK.Opposed.Card.title"),
    sides: [
      sideView(attacker, result.attacker, result.defender.total, attackerWon),
      sideView(defender, result.defender, result.attacker.total, !attackerWon),
    ],
    winner,
  };
}

const fields = () => foundry.data.fields;

const sideField = () => {
  const f = fields();
  return new f.SchemaField({
    actorUuid: new f.StringField({ required: true, blank: true, initial: "" }),
    name: new f.StringField({ required: true, blank: true, initial: "" }),
    label: new f.StringField({ required: true, blank: true, initial: "" }),
    attribute: new f.StringField({ required: true, blank: true, initial: "" }),
    skill: new f.StringField({ required: true, blank: true, initial: "" }),
    edges: new f.ArrayField(
      new f.SchemaField({
        label: new f.StringField({ required: true, blank: true, initial: "" }),
        advantage: new f.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      }),
    ),
  });
};

const opposedCardSchema = () => ({
  attacker: sideField(),
  defender: sideField(),
  /** The rules engine's OpposedResult, as plain data. */
  result: recordField<OpposedResult>(),
});
type OpposedCardSchema = ReturnType<typeof opposedCardSchema>;

export class OpposedCardData
  extends foundry.abstract.TypeDataModel<OpposedCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.opposed"];

  static override defineSchema(): OpposedCardSchema {
    return opposedCardSchema();
  }

  renderContent(): Promise<string> {
    const record: OpposedRecord = { attacker: this.attacker, defender: this.defender, result: this.result };
    return renderCard("chat/opposed-card.hbs", opposedCardView(record));
  }
}
