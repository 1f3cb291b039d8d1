/**
 * The party rest's card (RULES §8, issue 13): the GM starts a rest for the party; while it gathers,
 * the card lists each character and whether its player has confirmed their choices (hit dice to
 * spend, armour slept in). The GM then finishes it (the rest card follows and world time moves
 * on) or calls it off. Written only by the GM's client; each viewer sees the buttons they may use.
 */
import type { RestKind } from "../../rules/rest";
import { isRecordCard, ownsActorAt, renderCard, type CardView } from "./card";
import { restKindLabel } from "./rest-card";

export const PARTY_REST_STATUSES = ["gathering", "rested", "cancelled"] as const;
export type PartyRestStatus = (typeof PARTY_REST_STATUSES)[number];
const REST_KINDS: readonly RestKind[] = ["short", "long-safe", "long-unsafe", "bed-rest"];

/** One character of the party, as the card keeps it. A type (not an interface) so stored data reads as it. */
export type PartyRestMember = {
  actorUuid: string;
  name: string;
  img: string;
  confirmed: boolean;
  /** The player's choices, once confirmed. */
  hitDice: number;
  sleptInArmour: boolean;
};

export interface PartyRestRecord {
  kind: RestKind;
  status: PartyRestStatus;
  members: PartyRestMember[];
  /** How far world time moves when the rest is finished. */
  seconds: number;
  /** The rest card posted when the GM finished it. */
  restMessageId: string;
}

const partyRestSchema = () => {
  const f = foundry.data.fields;
  return {
    kind: new f.StringField({ required: true, choices: [...REST_KINDS], initial: "long-safe" }),
    status: new f.StringField({ required: true, choices: [...PARTY_REST_STATUSES], initial: "gathering" }),
    members: new f.ArrayField(new f.ObjectField({ required: true })),
    seconds: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    restMessageId: new f.StringField({ required: true, blank: true, initial: "" }),
  };
};
type PartyRestSchema = ReturnType<typeof partyRestSchema>;

export class PartyRestCardData
  extends foundry.abstract.TypeDataModel<PartyRestSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.PartyRest.Card"];

  static override defineSchema(): PartyRestSchema {
    return partyRestSchema();
  }

  /** The stored record, typed: its ObjectFields hold plain data the GM's client wrote. */
  get record(): PartyRestRecord {
    return {
      kind: REST_KINDS.find((kind) => kind === this.kind) ?? "long-safe",
      status: PARTY_REST_STATUSES.find((status) => status === this.status) ?? "gathering",
      members: this.members as PartyRestMember[],
      seconds: this.seconds,
      restMessageId: this.restMessageId,
    };
  }

  renderContent(): Promise<string> {
    return renderPartyRestCard(this.record, isRecordCard(this.parent));
  }
}

/** "8 hours", "1 hour", "7 days": the time the rest takes, in the largest whole unit. */
export function restDurationLabel(seconds: number): string {
  const days = seconds / 86_400;
  if (Number.isInteger(days) && days >= 1)
    return game.i18n.format(days === 1 ? "BRINK.PartyRest.Card.day" : "BRINK.PartyRest.Card.days", {
      count: String(days),
    });
  const hours = Math.round(seconds / 3600);
  return game.i18n.format(hours === 1 ? "BRINK.PartyRest.Card.hour" : "BRINK.PartyRest.Card.hours", {
    count: String(hours),
  });
}

/** The card for the user looking at it; `withButtons` only on a GM's card (a player's copy is a display). */
export function renderPartyRestCard(record: PartyRestRecord, withButtons = false): Promise<string> {
  const gathering = record.status === "gathering";
  const duration = restDurationLabel(record.seconds);
  const confirmed = record.members.filter((member) => member.confirmed).length;
  return renderCard("chat/party-rest-card.hbs", {
    title: game.i18n.format("BRINK.PartyRest.Card.title", { kind: restKindLabel(record.kind) }),
    status: record.status,
    intro: game.i18n.format(`BRINK.PartyRest.Card.${record.status}`, {
      duration,
      count: String(confirmed),
      total: String(record.members.length),
    }),
    members: record.members.map((member) => ({
      ...member,
      state: game.i18n.localize(
        member.confirmed
          ? "BRINK.PartyRest.Card.confirmed"
          : record.status === "rested"
            ? "BRINK.PartyRest.Card.didNotRest"
            : "BRINK.PartyRest.Card.waiting",
      ),
      mayChoose: withButtons && gathering && !member.confirmed && ownsActorAt(member.actorUuid),
    })),
    mayFinish: withButtons && gathering && game.user.isGM && confirmed > 0,
    mayCancel: withButtons && gathering && game.user.isGM,
  });
}
