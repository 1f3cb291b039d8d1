/**
 * Encounter odds the GM posted (issue 28): the simulated figures with their margins, the world's
 * rules and the policy they were simulated under, and which side acted first. Written by the GM's
 * client when the GM posts them from the tracker or the planner; drawn from `system` each time the
 * chat log shows it. It has no buttons.
 */
import {
  FOE_POLICIES,
  PARTY_POLICIES,
  SIDES,
  type Odds,
  type Side,
  type SimulationPolicy,
  type SimulationRules,
} from "../../rules/simulation";
import { recordField } from "../shared/fields";
import { renderCard, type CardView } from "./card";
import { figureViews, policyText } from "./odds-view";

/** Where the GM posted the odds from: a combat's tracker, or the encounter planner. */
export const ODDS_SOURCES = ["tracker", "planner"] as const;
export type OddsSource = (typeof ODDS_SOURCES)[number];

export interface OddsRecord {
  source: OddsSource;
  odds: Odds;
  rules: SimulationRules;
  policy: SimulationPolicy;
  startingSide: Side;
}

const TITLES: Record<OddsSource, string> = {
  tracker: "BRINK.Odds.title",
  planner: "BRINK.Odds.Planner.title",
};

export function oddsCardView(record: OddsRecord) {
  return {
    title: game.i18n.localize(TITLES[record.source]),
    figures: figureViews(record.odds, record.rules),
    policy: policyText(record.policy, record.rules),
    first: game.i18n.localize(`BRINK.Odds.Planner.first.${record.startingSide}`),
    fights: record.odds.fights,
  };
}

export const renderOddsCard = (record: OddsRecord): Promise<string> =>
  renderCard("chat/odds-card.hbs", oddsCardView(record));

const oddsCardSchema = () => {
  const f = foundry.data.fields;
  const choice = (choices: readonly string[]) =>
    new f.StringField({ required: true, blank: false, initial: choices[0], choices: [...choices] });
  return {
    source: choice(ODDS_SOURCES),
    /** The simulator's summary (rules/simulation Odds), plain data only the GM's client writes. */
    odds: recordField<Odds>(),
    rules: recordField<SimulationRules>(),
    policy: new f.SchemaField({ foes: choice(FOE_POLICIES), party: choice(PARTY_POLICIES) }),
    startingSide: choice(SIDES),
  };
};
type OddsCardSchema = ReturnType<typeof oddsCardSchema>;

/** A stored choice, checked: a record with any other value is not drawn (chat-message.ts). */
function oneOf<T extends string>(choices: readonly T[], value: string): T {
  const found = choices.find((choice) => choice === value);
  if (found === undefined) throw new Error(`"${value}" is not one of ${choices.join(", ")}`);
  return found;
}

export class OddsCardData
  extends foundry.abstract.TypeDataModel<OddsCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.odds"];

  static override defineSchema(): OddsCardSchema {
    return oddsCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold the simulator's plain data, written by the GM's client. */
  get record(): OddsRecord {
    return {
      source: oneOf(ODDS_SOURCES, this.source),
      odds: this.odds,
      rules: this.rules,
      policy: {
        foes: oneOf(FOE_POLICIES, this.policy.foes),
        party: oneOf(PARTY_POLICIES, this.policy.party),
      },
      startingSide: oneOf(SIDES, this.startingSide),
    };
  }

  renderContent(): Promise<string> {
    return renderOddsCard(this.record);
  }
}
