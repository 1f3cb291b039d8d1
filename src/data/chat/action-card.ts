/**
 * A small action's card (S4: Ready, taking a readied action, Brandish, Interact, Short Task, Stand
 * Up, Drop Prone, Drop Item): who did which action and what came of it. Written by the GM's client
 * once the action is paid; drawn from `system` each time the chat log shows it. It has no buttons.
 */
import { renderCard, type CardView } from "./card";

export const ACTION_CARD_KINDS = [
  "ready",
  "trigger",
  "brandish",
  "interact",
  "shortTask",
  "standUp",
  "dropProne",
  "dropItem",
] as const;
export type ActionCardKind = (typeof ACTION_CARD_KINDS)[number];

export interface ActionCardRecord {
  /** The acting combatant's name when the card was written. */
  name: string;
  action: ActionCardKind;
  /** The declared reaction, what was used, or the task's name. */
  text: string;
  /** Ready's trigger. */
  trigger: string;
  /** Item names: what is now held (Brandish) or what was dropped (Drop Item). */
  items: string[];
}

/** "Spear and Shield", in the client's language. */
const listed = (names: readonly string[]): string =>
  new Intl.ListFormat(game.i18n.lang, { type: "conjunction" }).format(names);

export function actionCardLine(record: ActionCardRecord): string {
  const empty = record.action === "brandish" && record.items.length === 0;
  return game.i18n.format(`BRINK.Chat.action.line.${empty ? "emptyHands" : record.action}`, {
    name: record.name,
    text: record.text,
    trigger: record.trigger,
    items: listed(record.items),
  });
}

export const renderActionCard = (record: ActionCardRecord): Promise<string> =>
  renderCard("chat/action-card.hbs", { kind: record.action, line: actionCardLine(record) });

const actionCardSchema = () => {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, blank: true, initial: "" });
  return {
    name: text(),
    action: new f.StringField({ required: true, choices: [...ACTION_CARD_KINDS], initial: "interact" }),
    text: text(),
    trigger: text(),
    items: new f.ArrayField(new f.StringField({ required: true, blank: false })),
  };
};
type ActionCardSchema = ReturnType<typeof actionCardSchema>;

export class ActionCardData
  extends foundry.abstract.TypeDataModel<ActionCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.action"];

  static override defineSchema(): ActionCardSchema {
    return actionCardSchema();
  }

  get record(): ActionCardRecord {
    const action = ACTION_CARD_KINDS.find((kind) => kind === this.action) ?? "interact";
    return { name: this.name, action, text: this.text, trigger: this.trigger, items: [...this.items] };
  }

  renderContent(): Promise<string> {
    return renderActionCard(this.record);
  }
}
