/** The retreat summary card's view of its record, and the roll lines the rest card shares. */
import { signed } from "../../helpers/numbers";
import type { RetreatConsequence, RollRecord } from "../../rules/retreat";
import { countOf } from "../../helpers/plural";
import { itemLinks } from "./item-links";
import {
  attributeLabel,
  dieLabel,
  format,
  localize,
  type DropRecord,
  type RetreatRecord,
} from "./retreat-record";

const PURPOSE_KEYS: Record<string, string> = {
  "retreat-table": "BRINK.Retreat.Purpose.retreatTable",
  "setback-table": "BRINK.Retreat.Purpose.setbackTable",
  "death-luck": "BRINK.Retreat.Purpose.deathLuck",
  "serious-attribute": "BRINK.Retreat.Purpose.seriousAttribute",
  "serious-repick": "BRINK.Retreat.Purpose.seriousRepick",
  "minor-attribute": "BRINK.Retreat.Purpose.minorAttribute",
  "attrition-damage": "BRINK.Retreat.Purpose.attrition",
  "dropped-count": "BRINK.Retreat.Purpose.droppedCount",
  "hit-die": "BRINK.Rest.Card.hitDie",
};

export interface RollLineView {
  label: string;
  tone: "success" | "failure" | "";
  showTotal: boolean;
  dice: { size: number; face: number; max: boolean; min: boolean }[];
  /** A death luck test: its d20 is the luck die, styled as every card styles it. */
  luck: boolean;
  total: number;
  modifier: string;
  target: number | null;
  success: boolean | null;
}

export function rollLineView(record: RollRecord): RollLineView {
  return {
    label: localize(PURPOSE_KEYS[record.purpose] ?? record.purpose),
    tone: record.success === undefined ? "" : record.success ? "success" : "failure",
    showTotal: record.faces.length > 1 || record.modifier !== 0,
    dice: record.faces.map((face) => ({
      size: record.die,
      face,
      max: face === record.die,
      min: face === 1,
    })),
    luck: record.purpose === "death-luck",
    total: record.total,
    modifier: record.modifier ? signed(record.modifier) : "",
    target: record.target ?? null,
    success: record.success ?? null,
  };
}

function consequenceText(consequence: RetreatConsequence, drops: readonly DropRecord[]): string {
  switch (consequence.key) {
    case "serious-injury":
      return format("BRINK.Retreat.Consequence.seriousInjury", {
        attribute: attributeLabel(consequence.attribute),
        from: dieLabel(consequence.from),
        to: dieLabel(consequence.to),
      });
    case "no-attribute-left":
      return localize("BRINK.Retreat.Consequence.noAttributeLeft");
    case "minor-injury":
      return format("BRINK.Retreat.Consequence.minorInjury", {
        attribute: attributeLabel(consequence.attribute),
      });
    case "exhaustion":
      return consequence.from === consequence.to
        ? format("BRINK.Retreat.Consequence.exhaustionCapped", { from: consequence.from })
        : format("BRINK.Retreat.Consequence.exhaustion", { from: consequence.from, to: consequence.to });
    case "drop-items": {
      const { choice } = consequence;
      if (choice.count === 0) return localize("BRINK.Retreat.Consequence.dropNone");
      const record = drops.find((drop) => drop.choice.id === choice.id);
      const picked = record?.picked;
      if (!picked)
        return format("BRINK.Retreat.Consequence.dropItems", { items: countOf("wornItem", choice.count) });
      const names = picked.map((id) => record.candidates.find((c) => c.id === id)?.name ?? id);
      return format("BRINK.Retreat.Consequence.dropped", { items: names.join(", ") });
    }
    case "separated":
      return localize("BRINK.Retreat.Consequence.separated");
    case "disoriented":
      return localize("BRINK.Retreat.Consequence.disoriented");
    case "attrition": {
      const line = format("BRINK.Retreat.Consequence.attrition", {
        damage: consequence.damage,
        endurance: consequence.enduranceLost,
        health: consequence.healthLost,
        hitDice: countOf("hitDie", consequence.hitDiceLost),
      });
      return consequence.stable ? `${line} ${localize("BRINK.Retreat.Consequence.attritionStable")}` : line;
    }
    case "stable-at-zero":
      return localize("BRINK.Retreat.Consequence.stableAtZero");
  }
}

const outcomeTone = (key: RetreatConsequence["key"]): string =>
  key === "serious-injury" || key === "attrition" ? "bad" : key === "stable-at-zero" ? "good" : "warn";

/**
 * The summary card for this client's user. `mayAct` (the GM, on a card the GM's client wrote) draws
 * the buttons: the open drop choices, Reunite and Revert.
 */
export function retreatCardView(record: RetreatRecord, mayAct = false) {
  const reverted = record.status === "reverted";
  const characters = record.characters.map((entry) => {
    const { result } = entry;
    const openDrops = entry.drops.filter((drop) => drop.picked === null);
    return {
      name: entry.name,
      img: entry.img,
      actorUuid: entry.actorUuid,
      downed: result.downed,
      deathLuck: result.deathLuck
        ? format("BRINK.Retreat.Card.deathLuck", {
            successes: result.deathLuck.successes,
            failures: result.deathLuck.failures,
          })
        : "",
      rolls: result.rolls.map(rollLineView),
      consequences: result.consequences.map((consequence) => ({
        text: consequenceText(consequence, entry.drops),
        tone: outcomeTone(consequence.key),
      })),
      items: itemLinks(entry.actorUuid, entry.createdItemIds, entry.createdItemNames),
      openDrops:
        reverted || !mayAct
          ? []
          : openDrops.map((drop) => ({ choiceId: drop.choice.id, count: drop.choice.count })),
    };
  });
  const separated = record.characters.some((entry) => entry.result.setbacks.includes("separated"));
  return {
    title: localize("BRINK.Retreat.title"),
    subtitle: format("BRINK.Retreat.Card.subtitle", { count: record.characters.length }),
    characters,
    reverted,
    applied: !reverted,
    mayRevert: !reverted && mayAct,
    canReunite: !reverted && mayAct && separated,
    fallbacks: record.fallbacks.length > 0 ? localize("BRINK.Retreat.Card.defaultTables") : "",
  };
}
