/**
 * The exploration card (RULES §7.5, S1): a travel turn (the table's roll, the count, the light
 * sources it burnt) or a roll to return (each character's check, and the damage or the loads it
 * cost). It records what the GM's client changed, so the GM's Revert gives back exactly that.
 * Written by the GM's client; drawn from `system`; Revert and the drop choice only for a GM, on a
 * GM's card.
 */
import type { ActorState, Step } from "../../rules/damage-chain";
import type { LightEvent } from "../../rules/exploration/light";
import type { LightLevel } from "../../rules/light";
import type { ReturnPath } from "../../rules/exploration/return";
import type { TravelApproach } from "../../rules/exploration/travel-turn";
import { isRecordCard, renderCard, type CardView } from "./card";
import { describeStep } from "./damage-steps";
import { countOf } from "../../helpers/plural";
import { statusLabelKey } from "../../status-effects";

export const EXPLORATION_KINDS = ["travel", "return", "resilience", "corruption", "light"] as const;
export type ExplorationKind = (typeof EXPLORATION_KINDS)[number];

/** What a light source held before and after the hour burnt. */
export interface LightSnapshot {
  left: number | null;
  quantity: number;
  equipped: boolean;
}

export interface LightRecord {
  actorUuid: string;
  actorName: string;
  itemId: string;
  itemName: string;
  event: LightEvent;
  hoursLeft: number;
  before: LightSnapshot;
  after: LightSnapshot;
}

export interface TravelRecord {
  approach: TravelApproach;
  faces: number[];
  face: number;
  tableName: string;
  resultName: string;
  resultText: string;
  turnsBefore: number;
  turnsAfter: number;
  lights: LightRecord[];
  /** Nobody in the party holds a light that still burns. */
  dark: boolean;
}

export interface ReturnEntry {
  actorUuid: string;
  name: string;
  modifier: number;
  faces: number[];
  natural: number;
  total: number;
  success: boolean;
  shortBy: number;
  damageFaces: number[];
  damage: number;
  steps: Step[];
  /** The damage chain's changed fields, before and after, for a revert by deltas. */
  before: Partial<ActorState> | null;
  after: Partial<ActorState> | null;
  loads: number;
  /** The items the GM marked dropped; null until the GM chooses. */
  dropped: { id: string; name: string }[] | null;
}

export interface ReturnRecord {
  path: ReturnPath;
  travelTurns: number;
  difficulty: number;
  entries: ReturnEntry[];
}

/** One character's resilience or corruption check and what it changed. */
export interface CheckEntry {
  actorUuid: string;
  name: string;
  /** Resilience: the CON value and the hours over it. */
  limit: number;
  hoursOver: number;
  /** No check was needed (within resilience). */
  skipped: boolean;
  modifier: number;
  faces: number[];
  total: number;
  difficulty: number;
  success: boolean;
  /** Exhaustion before and after a failed resilience check. */
  exhaustion: { before: number; after: number } | null;
  /** A failed corruption stage: the die rolled and the attribute's rating before and after. */
  damage: number | null;
  attribute: { key: string; before: number; after: number } | null;
  /** The injury item a failed stage left on the character (its effect steps the attribute down). */
  itemId: string;
}

export interface ChecksRecord {
  hours: number;
  difficulty: number;
  /** The attribute a failed corruption stage damages; "" for the first check (infection only). */
  attribute: string;
  entries: CheckEntry[];
}

/** The light the GM set for the party: a light level, or well lit (no light condition). */
export type LightSetting = "well-lit" | LightLevel;

/** One character's light conditions before and after the GM set the party's light. */
export interface LightingEntry {
  actorUuid: string;
  name: string;
  before: string[];
  after: string[];
}

export interface LightingRecord {
  level: LightSetting;
  entries: LightingEntry[];
}

export interface ExplorationRecord {
  kind: ExplorationKind;
  status: "applied" | "reverted";
  sceneName: string;
  travel: TravelRecord | null;
  return: ReturnRecord | null;
  checks: ChecksRecord | null;
  /** The party's light set from the panel (cards before it have none). */
  lighting?: LightingRecord | null;
}

const explorationCardSchema = () => {
  const f = foundry.data.fields;
  return {
    kind: new f.StringField({ required: true, choices: [...EXPLORATION_KINDS], initial: "travel" }),
    status: new f.StringField({ required: true, choices: ["applied", "reverted"], initial: "applied" }),
    sceneName: new f.StringField({ required: true, blank: true, initial: "" }),
    travel: new f.ObjectField({ required: true, nullable: true, initial: null }),
    return: new f.ObjectField({ required: true, nullable: true, initial: null }),
    checks: new f.ObjectField({ required: true, nullable: true, initial: null }),
    lighting: new f.ObjectField({ required: true, nullable: true, initial: null }),
  };
};
type ExplorationCardSchema = ReturnType<typeof explorationCardSchema>;

export class ExplorationCardData
  extends foundry.abstract.TypeDataModel<ExplorationCardSchema, ChatMessage.Implementation>
  implements CardView
{
  static override LOCALIZATION_PREFIXES = ["BRINK.Exploration.Card"];

  static override defineSchema(): ExplorationCardSchema {
    return explorationCardSchema();
  }

  /** The stored record, typed: its ObjectFields hold plain data the GM's client wrote. */
  get record(): ExplorationRecord {
    return {
      kind: EXPLORATION_KINDS.find((kind) => kind === this.kind) ?? "travel",
      status: this.status === "reverted" ? "reverted" : "applied",
      sceneName: this.sceneName,
      travel: this.travel as TravelRecord | null,
      return: this.return as ReturnRecord | null,
      checks: this.checks as ChecksRecord | null,
      lighting: this.lighting as LightingRecord | null,
    };
  }

  renderContent(): Promise<string> {
    return renderExplorationCard(this.record, game.user.isGM && isRecordCard(this.parent));
  }
}

const text = (key: string, data: Record<string, string | number> = {}): string =>
  game.i18n.format(
    `BRINK.Exploration.Card.${key}`,
    Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
  );

interface Line {
  text: string;
  tone: "neutral" | "good" | "bad" | "warning";
}

function lightLine(light: LightRecord): Line {
  const data = {
    name: light.actorName,
    item: light.itemName,
    hours: countOf("hour", light.hoursLeft),
    count: light.after.quantity,
  };
  if (light.event === "burning") return { text: text("light.burning", data), tone: "neutral" };
  if (light.event === "dark") return { text: text("light.dark", data), tone: "warning" };
  const key = light.before.quantity > light.after.quantity ? "light.usedUp" : "light.dry";
  return { text: text(key, data), tone: "warning" };
}

export function travelLines(travel: TravelRecord): Line[] {
  const lines: Line[] = [
    {
      text: text(`roll.${travel.approach}`, { faces: travel.faces.join(", "), face: travel.face }),
      tone: "neutral",
    },
    { text: text("count", { before: travel.turnsBefore, after: travel.turnsAfter }), tone: "neutral" },
    ...travel.lights.map(lightLine),
  ];
  if (travel.lights.length === 0) lines.push({ text: text("light.none"), tone: "neutral" });
  if (travel.dark) lines.push({ text: text("light.partyDark"), tone: "warning" });
  return lines;
}

export function returnLines(record: ReturnRecord, entry: ReturnEntry): Line[] {
  const check = text("check", {
    name: entry.name,
    faces: entry.faces.join(", "),
    modifier: `${entry.modifier >= 0 ? "+" : "−"}${Math.abs(entry.modifier)}`,
    total: entry.total,
    difficulty: record.difficulty,
  });
  const lines: Line[] = [{ text: check, tone: entry.success ? "good" : "bad" }];
  if (entry.success) return [...lines, { text: text("returned", { name: entry.name }), tone: "good" }];
  lines.push({ text: text("short", { name: entry.name, count: entry.shortBy }), tone: "bad" });
  if (record.path === "dangerous") {
    lines.push({
      text: text("damage", { faces: entry.damageFaces.join(", "), damage: entry.damage }),
      tone: "bad",
    });
    for (const step of entry.steps) {
      const described = describeStep(step);
      lines.push({ text: described.text, tone: described.tone });
    }
  } else if (entry.dropped === null) {
    lines.push({
      text: text("dropPending", { name: entry.name, loads: countOf("load", entry.loads) }),
      tone: "warning",
    });
  } else {
    const names = entry.dropped.map((item) => item.name).join(", ");
    lines.push({ text: text("dropped", { name: entry.name, items: names || "—" }), tone: "bad" });
  }
  return lines;
}

const lightName = (light: string): string =>
  light === "well-lit" ? text("lighting.wellLit") : game.i18n.localize(statusLabelKey(light));

const lightsText = (lights: readonly string[]): string =>
  lights.length ? lights.map(lightName).join(", ") : lightName("well-lit");

export function lightingLine(entry: LightingEntry): Line {
  const unchanged =
    entry.before.length === entry.after.length && entry.before.every((l) => entry.after.includes(l));
  const data = { name: entry.name, before: lightsText(entry.before), after: lightsText(entry.after) };
  return { text: text(unchanged ? "lighting.unchanged" : "lighting.changed", data), tone: "neutral" };
}

const signed = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value)}`;

export function checkLines(kind: ExplorationKind, record: ChecksRecord, entry: CheckEntry): Line[] {
  const { name } = entry;
  if (entry.skipped)
    return [
      { text: text("resilience.within", { name, limit: entry.limit, hours: record.hours }), tone: "good" },
    ];
  const check = text("check", {
    name,
    faces: entry.faces.join(", "),
    modifier: signed(entry.modifier),
    total: entry.total,
    difficulty: entry.difficulty,
  });
  const lines: Line[] = [{ text: check, tone: entry.success ? "good" : "bad" }];
  if (kind === "resilience") {
    const key = entry.success ? "resilience.holds" : "resilience.exhausted";
    const after = entry.exhaustion?.after ?? 0;
    lines.push({
      text: text(key, { name, over: countOf("hour", entry.hoursOver), level: after }),
      tone: entry.success ? "good" : "bad",
    });
    return lines;
  }
  if (entry.success) return [...lines, { text: text("corruption.resists", { name }), tone: "good" }];
  if (!entry.attribute) return [...lines, { text: text("corruption.infected", { name }), tone: "bad" }];
  const attribute = game.i18n.localize(`BRINK.Attribute.${entry.attribute.key}.abbr`);
  const die = (rating: number) => (rating > 0 ? `d${rating}` : "0");
  lines.push({
    text: text("corruption.damage", {
      name,
      damage: entry.damage ?? 0,
      attribute,
      before: die(entry.attribute.before),
      after: die(entry.attribute.after),
    }),
    tone: "bad",
  });
  return lines;
}

/** The card's HTML; without buttons unless `withButtons` (the copy kept in `content`). */
export function renderExplorationCard(record: ExplorationRecord, withButtons = false): Promise<string> {
  const reverted = record.status === "reverted";
  const mayAct = !reverted && withButtons;
  const travel = record.travel;
  const back = record.return;
  const checks = record.checks;
  const lighting = record.lighting ?? null;
  const subtitle = lighting
    ? text("lighting.subtitle", { level: lightName(lighting.level) })
    : back
      ? text(`path.${back.path}`, {
          difficulty: back.difficulty,
          turns: countOf("travelTurn", back.travelTurns),
        })
      : checks
        ? text(`subtitle.${record.kind}`, {
            hours: countOf("hour", checks.hours),
            difficulty: checks.difficulty,
          })
        : "";
  const checkEntries = checks
    ? checks.entries.map((entry) => ({
        actorUuid: entry.actorUuid,
        success: entry.success,
        lines: checkLines(record.kind, checks, entry),
        mayDrop: false,
      }))
    : [];
  return renderCard("chat/exploration-card.hbs", {
    kind: record.kind,
    title: text(`title.${record.kind}`),
    subtitle,
    result: travel ? { name: travel.resultName, text: travel.resultText, table: travel.tableName } : null,
    lines: travel ? travelLines(travel) : lighting ? lighting.entries.map(lightingLine) : [],
    entries: back
      ? back.entries.map((entry) => ({
          actorUuid: entry.actorUuid,
          success: entry.success,
          lines: returnLines(back, entry),
          mayDrop: mayAct && back.path === "arduous" && !entry.success && entry.dropped === null,
        }))
      : checkEntries,
    reverted,
    mayRevert: mayAct,
  });
}
