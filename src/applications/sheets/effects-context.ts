/**
 * The Effects tab: everything that is on the character, where it came from and how long it lasts.
 * Injuries and setbacks are items; Brink's conditions live in `system.conditions` with their timers
 * (RULES §9, rules/condition-durations); harmed and bloodied are read from the pools; Active Effects
 * come from the actor and from the items that transfer them.
 */
import { InjuryData, SetbackData, actorData } from "../../data";
import { untilLabel } from "../../helpers/condition-timer-label";
import { countOf } from "../../helpers/plural";
import { effectTimeLeft } from "./effect-time-left";
import { effectDurationOf } from "../../foundry/generation";
import { statusLabelKey } from "../../status-effects";

export interface EffectRow {
  name: string;
  img: string;
  source: string;
  duration: string;
  /** The item to open, for injuries and setbacks. */
  itemId: string | null;
  /** The Active Effect the row's switch turns off or on, for Active Effects. */
  effectUuid?: string;
  toggleLabel?: string;
  /** "Delete Blessed", for an Active Effect of the character's own. */
  deleteLabel?: string;
  /** Why an item's effect cannot be deleted here: it goes with its item. */
  lockedReason?: string;
  inactive: boolean;
}

export interface EffectSection {
  key: "injuries" | "setbacks" | "conditions" | "effects";
  label: string;
  empty: string;
  /** Whether the section offers to add one (Active Effects only: the rules make the others). */
  canCreate: boolean;
  rows: EffectRow[];
}

const localize = (key: string): string => game.i18n.localize(key);
const format = (key: string, data: Record<string, string>): string => game.i18n.format(key, data);

/** The tracker's words run on after a condition's name; here they start the cell. */
const capitalised = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const sourceText = (source: string): string => source.trim() || localize("BRINK.Effects.unknownSource");

function injuryRow(item: Item.Implementation, system: InjuryData): EffectRow {
  let duration = localize(`BRINK.InjuryHealing.${system.heals}`);
  if (system.permanent) duration = localize("BRINK.Effects.permanent");
  else if (system.heals === "safeRests")
    duration = format("BRINK.Effects.progress", {
      heals: duration,
      value: String(system.progress.value),
      max: String(system.progress.max),
    });
  return {
    name: item.name,
    img: item.img ?? "",
    source: sourceText(system.source),
    duration,
    itemId: item.id,
    inactive: false,
  };
}

function setbackRow(item: Item.Implementation, system: SetbackData): EffectRow {
  return {
    name: item.name,
    img: item.img ?? "",
    source: sourceText(system.source),
    duration: system.duration.trim() || localize(`BRINK.SetbackEnding.${system.endsOn}`),
    itemId: item.id,
    inactive: false,
  };
}

function conditionRows(actor: Actor.Implementation): EffectRow[] {
  const system = actorData(actor);
  const combat = game.combat;
  const acting = combat?.combatant?.actor === actor;
  const round = combat?.round ?? 0;
  const rules = localize("BRINK.Effects.Source.rules");
  const rows: EffectRow[] = [...system.conditions].sort().map((status) => {
    const timer = system.timers.find((t) => t.status === status);
    return {
      name: localize(statusLabelKey(status)),
      img: "",
      source: rules,
      duration: timer
        ? capitalised(untilLabel(timer, { acting, round }))
        : localize("BRINK.Effects.untilRemoved"),
      itemId: null,
      inactive: false,
    };
  });
  const derived = (status: "harmed" | "bloodied"): EffectRow => ({
    name: localize(statusLabelKey(status)),
    img: "",
    source: localize(`BRINK.Effects.Source.${status}`),
    duration: localize(`BRINK.Effects.Duration.${status}`),
    itemId: null,
    inactive: false,
  });
  if (system.harmed) rows.push(derived("harmed"));
  if (system.bloodied) rows.push(derived("bloodied"));
  return rows;
}

const SECONDS_PER_HOUR = 3600;

/** How long an Active Effect has left (an hour or more in whole hours, rounded up); none means until removed. */
function effectDuration(effect: ActiveEffect.Implementation): string {
  const combat = game.combat;
  const left = effectTimeLeft(effectDurationOf(effect._source), {
    worldTime: game.time.worldTime,
    combat: combat?.started ? { id: combat.id ?? "", round: combat.round } : null,
  });
  if (!left) return localize("BRINK.Effects.untilRemoved");
  if (left.unit === "rounds") return countOf("round", left.count);
  if (left.unit === "turns") return countOf("turn", left.count);
  if (left.count >= SECONDS_PER_HOUR) return countOf("hour", Math.ceil(left.count / SECONDS_PER_HOUR));
  return format("BRINK.Effects.Duration.seconds", { count: String(left.count) });
}

function effectRows(actor: Actor.Implementation): EffectRow[] {
  return [...actor.allApplicableEffects()].map((effect) => {
    const parent = effect.parent;
    const fromItem = parent instanceof Item ? parent.name : null;
    return {
      name: effect.name,
      img: effect.img ?? "",
      source: fromItem ?? localize("BRINK.Effects.Source.actor"),
      duration: effectDuration(effect),
      itemId: null,
      inactive: !effect.active,
      effectUuid: effect.uuid,
      toggleLabel: format(effect.disabled ? "BRINK.Effects.turnOn" : "BRINK.Effects.turnOff", {
        name: effect.name,
      }),
      ...(fromItem === null
        ? { deleteLabel: format("BRINK.Effects.delete", { name: effect.name }) }
        : { lockedReason: format("BRINK.Effects.fromItem", { item: fromItem }) }),
    };
  });
}

export function effectSections(actor: Actor.Implementation): EffectSection[] {
  const injuries: EffectRow[] = [];
  const setbacks: EffectRow[] = [];
  for (const item of actor.items) {
    const { system } = item;
    if (system instanceof InjuryData) injuries.push(injuryRow(item, system));
    else if (system instanceof SetbackData) setbacks.push(setbackRow(item, system));
  }
  const section = (key: EffectSection["key"], rows: EffectRow[]): EffectSection => ({
    key,
    label: localize(`BRINK.Effects.Section.${key}`),
    empty: localize(`BRINK.Effects.Empty.${key}`),
    canCreate: key === "effects",
    rows,
  });
  return [
    section("injuries", injuries),
    section("setbacks", setbacks),
    section("conditions", conditionRows(actor)),
    section("effects", effectRows(actor)),
  ];
}
