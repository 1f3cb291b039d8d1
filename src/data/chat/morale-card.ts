/**
 * A morale card (RULES §7.2), or a combatant's retreat action with its followers' morale (§7.1):
 * the rules engine's check and test as they came out, with the names of the combatants they name.
 * Written by the GM's client, which rolled them; drawn from `system` each time the chat log shows
 * it. It has no buttons.
 */
import type { MoraleCheck } from "../../rules/morale";
import {
  RETREAT_ACTION_OUTCOMES,
  type RetreatActionOutcome,
  type RetreatTest,
} from "../../rules/retreat-action";
import { renderCard, type CardView } from "./card";
import { luckView, testLuckView, type LuckView } from "./luck-view";
import { signed as signedStep } from "../../helpers/numbers";
import { ATTRIBUTE_LABEL } from "../../helpers/lang-keys";
import { LUCK_TEST_BONUS } from "../../rules/tests";

/** A retreat action's attempt, as its card shows it. */
export type RetreatActionRecord = {
  name: string;
  /** The DEX test, or null when the enemies attacked instead. */
  test: RetreatTest | null;
  attacksInstead: boolean;
  hit: boolean;
  outcome: RetreatActionOutcome;
};

export interface MoraleRecord {
  /** The team a morale check was called for (empty for a retreat action). */
  team: string;
  action: RetreatActionRecord | null;
  /** The morale check: the team's, or the followers' after a retreat; null when nobody checked. */
  check: MoraleCheck | null;
  /** Combatant names by id, as they were when the card was written. */
  names: Record<string, string>;
}

const signed = (value: number): string => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "");

function moraleRollsView(check: MoraleCheck, nameOf: (id: string) => string) {
  return check.rolls.map(({ subjectIds, roll }) => ({
    names: subjectIds.map(nameOf).join(", "),
    dice: roll.faces.map((face, index) => ({ face, kept: index === roll.faces.indexOf(roll.kept) })),
    mode: roll.mode === "normal" ? "" : game.i18n.localize(`BRINK.Morale.Mode.${roll.mode}`),
    modifier: signed(roll.modifier),
    total: roll.total,
    difficulty: roll.difficulty,
    success: roll.success,
    verdict: game.i18n.localize(roll.success ? "BRINK.Morale.holds" : "BRINK.Morale.routed"),
  }));
}

/** The retreat test's luck die, saying what it did; a card from before it kept the bonus shows the face alone. */
function retreatLuck(test: RetreatTest): LuckView | null {
  if (test.luck === undefined) return null;
  if (test.luckBonus === undefined) return luckView({ face: test.luck, bonus: 0, total: test.luck }, "");
  const bonus = test.luckBonus;
  return testLuckView({ face: test.luck, bonus, total: test.luck + bonus }, test.lucky === true);
}

/**
 * The retreat action's DEX test in the layout every rolled test shares (chat/parts/test-roll): its
 * kept dice, its modifiers and a lucky 20's +4 as steps, the luck die, the total against the GM's
 * difficulty. The card's own line below says what came of it.
 */
function retreatRollView(test: RetreatTest) {
  const dexterity = game.i18n.localize(ATTRIBUTE_LABEL.dex);
  const dice = test.faces.map((face) => ({
    size: test.die,
    face,
    max: face === test.die,
    min: face === 1,
    label: `${dexterity} d${test.die}`,
  }));
  const luckAdded = test.lucky === true ? LUCK_TEST_BONUS : 0;
  const steps = [
    { label: "BRINK.Roll.Step.modifier", value: test.modifier - luckAdded },
    { label: "BRINK.Roll.Step.luck", value: luckAdded },
  ]
    .filter((step) => step.value !== 0)
    .map((step) => ({ label: game.i18n.localize(step.label), value: signedStep(step.value) }));
  const sum = test.faces.reduce((total, face) => total + face, 0);
  return {
    formula: test.faces.length ? `${dexterity} d${test.die}` : "",
    pools: [{ dice, sum, kept: true, keptLabel: "" }],
    steps,
    luck: retreatLuck(test),
    total: {
      label: game.i18n.localize("BRINK.Card.total"),
      value: test.total,
      versus: String(test.difficulty),
      outcome: "",
    },
  };
}

function actionView(action: RetreatActionRecord) {
  const { test } = action;
  // A record a player's client wrote may name any outcome: the card is then not drawn (chat-message.ts).
  if (!RETREAT_ACTION_OUTCOMES.includes(action.outcome)) throw new Error("unknown retreat outcome");
  return {
    test: test ? retreatRollView(test) : null,
    attacksInstead: action.attacksInstead,
    hit: action.hit,
    outcome: game.i18n.format(`BRINK.Retreat.Action.Outcome.${action.outcome}`, { name: action.name }),
    retreated: action.outcome === "retreated",
  };
}

export function moraleCardView(record: MoraleRecord) {
  const { action, check } = record;
  const nameOf = (id: string) => record.names[id] ?? id;
  return {
    title: action
      ? game.i18n.format("BRINK.Retreat.Action.cardTitle", { name: action.name })
      : game.i18n.format("BRINK.Morale.cardTitle", { team: record.team }),
    action: action ? actionView(action) : null,
    rolls: check ? moraleRollsView(check, nameOf) : [],
    routed:
      check && check.routedIds.length > 0
        ? game.i18n.format("BRINK.Morale.routedList", { names: check.routedIds.map(nameOf).join(", ") })
        : "",
  };
}

export const renderMoraleCard = (record: MoraleRecord): Promise<string> =>
  renderCard("chat/morale-card.hbs", moraleCardView(record));

const moraleCardSchema = () => {
  const f = foundry.data.fields;
  const plain = () => new f.ObjectField({ required: false, nullable: true, initial: null });
  return {
    team: new f.StringField({ required: true, blank: true, initial: "" }),
    /** The retreat action's attempt (its name, test, outcome), if the card is one. */
    action: plain(),
    /** The rules engine's MoraleCheck, as plain data. */
    check: plain(),
    names: new f.ObjectField({ required: true }),
  };
};
type MoraleCardSchema = ReturnType<typeof moraleCardSchema>;

/** A type (not an interface) so the stored ObjectField data can be read as it. */
type StoredCheck = { [K in keyof MoraleCheck]: MoraleCheck[K] };

export class MoraleCardData
  extends foundry.abstract.TypeDataModel<MoraleCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.morale"];

  static override defineSchema(): MoraleCardSchema {
    return moraleCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold the rules' plain data, written by the GM's client. */
  get record(): MoraleRecord {
    const names = Object.fromEntries(
      Object.entries(this.names).flatMap(([id, name]) => (typeof name === "string" ? [[id, name]] : [])),
    );
    return {
      team: this.team,
      action: this.action as RetreatActionRecord | null,
      check: this.check as StoredCheck | null,
      names,
    };
  }

  renderContent(): Promise<string> {
    return renderMoraleCard(this.record);
  }
}
