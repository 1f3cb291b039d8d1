/**
 * A rest's card (RULES §8): per character, what the rules did (the rest's summary and its hit-die
 * rolls) and the names of what healed, ended or counted a safe rest. Written by the GM's client,
 * which ran the rest; drawn from `system` each time the chat log shows it. It has no buttons.
 */
import {
  MINOR_INJURY_SAFE_RESTS,
  type Change,
  type RestBlock,
  type RestKind,
  type RestSummary,
} from "../../rules/rest";
import type { RollRecord } from "../../rules/retreat";
import { renderCard, type CardView } from "./card";
import { rollLineView } from "./retreat-view";

/** One rested character, as the card shows it. A type (not an interface) so stored data reads as it. */
export type RestCharacterRecord = {
  name: string;
  img: string;
  summary: RestSummary;
  rolls: RollRecord[];
  /** Names of the injuries that healed and of the setbacks that ended. */
  healedNames: string[];
  endedNames: string[];
  /** Each minor injury that counted a safe rest: its name and its count so far. */
  progress: { name: string; safeRests: number }[];
};

export interface RestRecord {
  kind: RestKind;
  /** Whether the dying rule (S2) was on, which shows strain. */
  s2: boolean;
  characters: RestCharacterRecord[];
}

const KIND_KEYS: Record<RestKind, string> = {
  short: "BRINK.Rest.Kind.short",
  "long-safe": "BRINK.Rest.Kind.longSafe",
  "long-unsafe": "BRINK.Rest.Kind.longUnsafe",
  "bed-rest": "BRINK.Rest.Kind.bedRest",
};
const REST_KINDS = Object.keys(KIND_KEYS) as RestKind[];
const BLOCK_KEYS: Record<RestBlock, string> = {
  "armour-blocks-strain": "BRINK.Rest.Blocked.armourStrain",
  "armour-blocks-injuries": "BRINK.Rest.Blocked.armourInjuries",
  "max-strain-blocks-healing": "BRINK.Rest.Blocked.maxStrain",
};
const statusLabel = (status: string): string =>
  game.i18n.localize(`BRINK.Status.${status.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`);

export const restKindLabel = (kind: RestKind): string => game.i18n.localize(KIND_KEYS[kind]);

function changeLine(key: string, change: Change) {
  return change.from === change.to
    ? []
    : [{ label: game.i18n.localize(key), from: change.from, to: change.to, gain: change.to > change.from }];
}

export function restCardView(record: RestRecord) {
  return {
    title: restKindLabel(record.kind),
    characters: record.characters.map(({ name, img, summary, rolls, healedNames, endedNames, progress }) => {
      const lines = [
        ...changeLine("BRINK.Rest.Card.endurance", summary.endurance),
        ...changeLine("BRINK.Rest.Card.health", summary.health),
        ...changeLine("BRINK.Rest.Card.hitDice", summary.hitDice),
        ...changeLine("BRINK.Rest.Card.exhaustion", summary.exhaustion),
        ...(record.s2 ? changeLine("BRINK.Rest.Card.strain", summary.strain) : []),
      ];
      const counted = progress.map((entry) =>
        game.i18n.format("BRINK.Rest.Card.progress", {
          name: entry.name,
          count: String(entry.safeRests),
          needed: String(MINOR_INJURY_SAFE_RESTS),
        }),
      );
      const statuses = summary.endedStatuses.map(statusLabel).filter((label) => !endedNames.includes(label));
      const healed = [
        ...healedNames.map((healedName) => game.i18n.format("BRINK.Rest.Card.healed", { name: healedName })),
        ...[...endedNames, ...statuses].map((ended) =>
          game.i18n.format("BRINK.Rest.Card.ended", { name: ended }),
        ),
      ];
      const blocked = summary.blocked.map((block) => game.i18n.localize(BLOCK_KEYS[block]));
      return {
        name,
        img,
        rolls: rolls.map(rollLineView),
        lines,
        healed,
        progress: counted,
        blocked,
        nothing: lines.length + healed.length + counted.length === 0,
      };
    }),
  };
}

export const renderRestCard = (record: RestRecord): Promise<string> =>
  renderCard("chat/rest-card.hbs", restCardView(record));

const restCardSchema = () => {
  const f = foundry.data.fields;
  return {
    kind: new f.StringField({ required: true, choices: REST_KINDS, initial: "short" }),
    s2: new f.BooleanField({ required: true, initial: false }),
    /** Per character: the rules' summary and rolls, and the names the card shows. */
    characters: new f.ArrayField(new f.ObjectField({ required: true })),
  };
};
type RestCardSchema = ReturnType<typeof restCardSchema>;

export class RestCardData
  extends foundry.abstract.TypeDataModel<RestCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Chat.rest"];

  static override defineSchema(): RestCardSchema {
    return restCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold the rules' plain data, written by the GM's client. */
  get record(): RestRecord {
    const kind = REST_KINDS.find((known) => known === this.kind) ?? "short";
    return { kind, s2: this.s2, characters: this.characters as RestCharacterRecord[] };
  }

  renderContent(): Promise<string> {
    return renderRestCard(this.record);
  }
}
