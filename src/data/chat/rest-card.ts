/**
 * A rest's card (RULES §8): per character, what the rules did (the rest's summary and its hit-die
 * rolls) and the names of what healed, ended or counted a safe rest. Written by the GM's client,
 * which ran the rest; drawn from `system` each time the chat log shows it. A GM viewing a GM's card may Revert it.
 */
import {
  MINOR_INJURY_SAFE_RESTS,
  type Change,
  type RestBlock,
  type RestKind,
  type RestSummary,
} from "../../rules/rest";
import type { RollRecord } from "../../rules/retreat";
import { isRecordCard, renderCard, type CardView } from "./card";
import { rollLineView } from "./retreat-view";

/**
 * What a rest changed on one character, for the GM's revert: each pool it moved (given back by the
 * difference, so what happened since stays), the conditions, timers and death-rule injuries it
 * ended, the items it deleted (their full data) and the minor injuries' counts it moved.
 */
export type RestUndo = {
  actorUuid: string;
  pools: { path: string; from: number; to: number }[];
  conditions: string[];
  timers: { status: string; expiry: string; count: number }[];
  deathInjuries: { index: number; entry: Record<string, unknown> }[];
  items: Record<string, unknown>[];
  progress: { id: string; from: number; to: number }[];
};

/** One rested character, as the card shows it. A type (not an interface) so stored data reads as it. */
export type RestCharacterRecord = {
  /** Absent on cards written before rests could be reverted. */
  undo?: RestUndo;
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
  /** Cards written before rests could be reverted read as applied, without a Revert. */
  status?: "applied" | "reverted";
  /** World time a party rest moved on; a revert moves it back. */
  seconds?: number;
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

/** Whether the GM's Revert can undo the card: applied, and each character's changes recorded. */
export const restRevertible = (record: RestRecord): boolean =>
  record.status !== "reverted" && record.characters.every((character) => character.undo !== undefined);

/** The card's HTML; Revert only when `withButtons` (a GM viewing a GM's card), never in `content`. */
export const renderRestCard = (record: RestRecord, withButtons = false): Promise<string> =>
  renderCard("chat/rest-card.hbs", {
    ...restCardView(record),
    reverted: record.status === "reverted",
    mayRevert: withButtons && restRevertible(record),
  });

const restCardSchema = () => {
  const f = foundry.data.fields;
  return {
    kind: new f.StringField({ required: true, choices: REST_KINDS, initial: "short" }),
    s2: new f.BooleanField({ required: true, initial: false }),
    /** Per character: the rules' summary and rolls, and the names the card shows. */
    characters: new f.ArrayField(new f.ObjectField({ required: true })),
    status: new f.StringField({ required: true, choices: ["applied", "reverted"], initial: "applied" }),
    seconds: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
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
    return {
      kind,
      s2: this.s2,
      characters: this.characters as RestCharacterRecord[],
      status: this.status === "reverted" ? "reverted" : "applied",
      seconds: this.seconds,
    };
  }

  renderContent(): Promise<string> {
    return renderRestCard(this.record, game.user.isGM && isRecordCard(this.parent));
  }
}
