/** A test's card: the rules engine's result beside its real Rolls, drawn from `system` on render. */
import { renderCard, type CardView } from "./card";
import { testCardView, testDieNames } from "./card-views";
import type { TestResult } from "../../rules/tests";
import { recordField } from "../shared/fields";

const fields = () => foundry.data.fields;

const uuidField = () => new (fields().StringField)({ required: true, blank: true, initial: "" });

const testCardSchema = () => {
  const f = fields();
  return {
    actorUuid: uuidField(),
    label: new f.StringField({ required: true, blank: true, initial: "" }),
    /** The attribute and skill the dice were rolled for ("str", "sneak"); blank on older cards. */
    attribute: new f.StringField({ required: true, blank: true, initial: "" }),
    skill: new f.StringField({ required: true, blank: true, initial: "" }),
    /** The rules engine's TestResult, as plain data. */
    result: recordField<TestResult>(),
    /** Where the test's advantage and disadvantage came from, named when it was rolled. */
    edges: new f.ArrayField(
      new f.SchemaField({
        label: new f.StringField({ required: true, blank: true, initial: "" }),
        /** The attribute and skill the dice were rolled for ("str", "sneak"); blank on older cards. */
        attribute: new f.StringField({ required: true, blank: true, initial: "" }),
        skill: new f.StringField({ required: true, blank: true, initial: "" }),
        advantage: new f.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      }),
    ),
  };
};
type TestCardSchema = ReturnType<typeof testCardSchema>;

export class TestCardData
  extends foundry.abstract.TypeDataModel<TestCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.test"];

  static override defineSchema(): TestCardSchema {
    return testCardSchema();
  }

  /** The rules' TestResult, stored as plain data (an ObjectField) by the client that rolled it. */
  get testResult(): TestResult {
    return this.result;
  }

  renderContent(): Promise<string> {
    const names = testDieNames(this.attribute, this.skill);
    return renderCard("chat/test-card.hbs", testCardView(this.testResult, this.label, this.edges, names));
  }
}
