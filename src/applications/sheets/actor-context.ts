/**
 * Everything an actor sheet shows, computed from the prepared actor. Kept apart from the sheet class
 * so the template tests can render real context without an ApplicationV2.
 */
import { ATTRIBUTES, SKILLS, type Attribute, type Skill } from "../../rules/characters";
import { deathLuckChance } from "../../rules/odds";
import { statusLabelKey } from "../../status-effects";
import {
  ArmourData,
  InjuryData,
  SetbackData,
  ShieldData,
  WeaponData,
  actorData,
  physicalData,
  type BrinkActorData,
  type RatingState,
} from "../../data";
import { optionalRules } from "../../settings";
import { combatView } from "./combat-context";
import { lifeView } from "./life-context";
import { isDetachment } from "../../workflows/detachments/in-combat";

export interface RatingView {
  key: string;
  label: string;
  abbr: string;
  die: number;
  value: number;
  reduced: boolean;
  bonus: number;
  tooltip: string;
  field: string;
  /** The stored die, which edit mode shows and writes. */
  sourceDie: number;
}

export interface PoolView {
  key: string;
  label: string;
  value: number;
  max: number;
  percent: number;
  /** Each pip sets the pool to its index; its label says so ("Set Stamina to 2 of 3"). */
  pips: { filled: boolean; index: number; label: string }[] | null;
  /** "Endurance 3 of 5": what a screen reader announces for the pool. */
  valueLabel: string;
  /** Endurance and health take a typed value or change (−3, +2) in play mode. */
  typed: boolean;
  field: string;
  /** The editable maximum, or null where it is derived (system strain: the CON value). */
  maxField: string | null;
  /** The stored value and maximum, which edit mode shows and writes (never the prepared ones). */
  sourceValue: number;
  sourceMax: number;
  tooltip: string;
}

export interface ItemView {
  id: string;
  name: string;
  img: string;
  type: string;
  typeLabel: string;
  summary: string;
  equipped: boolean;
  dropped: boolean;
  broken: boolean;
  canEquip: boolean;
}

/** One change an Active Effect (an injury, a setback, a condition) makes to the actor. */
export interface EffectChange {
  source: string;
  key: string;
  value: string;
}

/** "Serious Injury +1 · Disoriented +1": the effects behind a number, for its tooltip. */
function effectNotes(changes: readonly EffectChange[], keys: readonly string[]): string[] {
  return changes
    .filter((c) => keys.includes(c.key))
    .map((c) => `${c.source} ${Number(c.value) > 0 ? "+" : ""}${c.value}`);
}

/**
 * What the actor stores, before effects and derived data: what edit mode shows and writes. The
 * model's source type, with the attribute and skill dice it loses to the keyed schema (base-actor's
 * diceGroup builds those fields from a list of keys).
 */
type StoredActorData = BrinkActorData["_source"] & {
  attributes: Record<Attribute, { die: number }>;
  skills: Record<Skill, { die: number }>;
};

/** Small spendable pools read best as pips; endurance and health as bars. */
const PIP_POOLS = new Set(["stamina", "focus", "strain"]);
const PIP_LIMIT = 12;
export const TYPED_POOLS = new Set(["endurance", "health"]);

function ratingView(
  group: "attributes" | "skills",
  key: string,
  rating: RatingState,
  sourceDie: number,
  changes: readonly EffectChange[],
): RatingView {
  const i18n = game.i18n;
  const base = group === "attributes" ? `BRINK.Attribute.${key}` : `BRINK.Skill.${key}`;
  const label = i18n.localize(group === "attributes" ? `${base}.label` : base);
  const reduced = rating.value !== rating.die;
  const parts = [label];
  if (reduced)
    parts.push(
      i18n.format("BRINK.Sheet.Tooltip.steppedDown", { die: `d${rating.die}`, steps: String(rating.steps) }),
    );
  if (rating.bonus) parts.push(i18n.format("BRINK.Sheet.Tooltip.testBonus", { bonus: String(rating.bonus) }));
  if (rating.disadvantage) parts.push(i18n.localize("BRINK.Sheet.Tooltip.disadvantage"));
  const path = `system.${group}.${key}`;
  parts.push(...effectNotes(changes, [`${path}.steps`, `${path}.bonus`, `${path}.disadvantage`]));
  return {
    key,
    label,
    abbr: group === "attributes" ? i18n.localize(`${base}.abbr`) : label,
    die: rating.die,
    value: rating.value,
    reduced,
    bonus: rating.bonus,
    tooltip: parts.join(" · "),
    field: `system.${group}.${key}.die`,
    sourceDie,
  };
}

function poolView(
  key: "endurance" | "health" | "stamina" | "focus" | "strain",
  pool: { value: number; max: number },
  source: { value: number; max?: number },
): PoolView {
  const i18n = game.i18n;
  const label = i18n.localize(`BRINK.Actor.base.FIELDS.${key}.label`);
  const max = Math.max(pool.max, 0);
  const usePips = PIP_POOLS.has(key) && max > 0 && max <= PIP_LIMIT;
  return {
    key,
    label,
    value: pool.value,
    max,
    percent: max ? Math.round((Math.min(pool.value, max) / max) * 100) : 0,
    pips: usePips
      ? Array.from({ length: max }, (_, index) => ({
          index: index + 1,
          filled: index < pool.value,
          label: i18n.format("BRINK.Sheet.Pool.setTo", {
            pool: label,
            value: String(index + 1),
            max: String(max),
          }),
        }))
      : null,
    valueLabel: i18n.format("BRINK.Sheet.Pool.valueOf", {
      pool: label,
      value: String(pool.value),
      max: String(max),
    }),
    typed: TYPED_POOLS.has(key),
    field: `system.${key}.value`,
    maxField: key === "strain" ? null : `system.${key}.max`,
    sourceValue: source.value,
    sourceMax: source.max ?? max,
    tooltip: i18n.localize(`BRINK.Actor.base.FIELDS.${key}.hint`),
  };
}

function itemSummary(item: Item.Implementation): string {
  const i18n = game.i18n;
  const { system } = item;
  if (system instanceof WeaponData)
    return `${system.damage} ${i18n.localize(`BRINK.DamageType.${system.damageType}`)}`;
  if (system instanceof ArmourData)
    return i18n.format("BRINK.Sheet.Combat.deflectionValues", {
      physical: String(system.deflection.physical),
      elemental: String(system.deflection.elemental),
    });
  if (system instanceof ShieldData)
    return i18n.format("BRINK.Sheet.blockValue", { value: String(system.block) });
  if (system instanceof InjuryData || system instanceof SetbackData) {
    const kind = i18n.localize(
      `BRINK.${system instanceof InjuryData ? "InjuryKind" : "SetbackKind"}.${system.kind}`,
    );
    const attribute = system instanceof InjuryData ? system.attribute : null;
    return attribute ? `${kind} (${i18n.localize(`BRINK.Attribute.${attribute}.abbr`)})` : kind;
  }
  return "";
}

export function itemView(item: Item.Implementation): ItemView {
  const physical = physicalData(item);
  return {
    id: item.id ?? "",
    name: item.name,
    img: item.img ?? "icons/svg/item-bag.svg",
    type: item.type,
    typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
    summary: itemSummary(item),
    equipped: physical?.equipped === true,
    dropped: physical?.dropped === true,
    broken: physical?.condition.broken === true,
    canEquip: physical !== null,
  };
}

function deflectionTooltip(system: BrinkActorData, category: "physical" | "elemental"): string {
  const parts = [`${game.i18n.localize("BRINK.Sheet.base")} ${system.deflection[category]}`];
  for (const source of system.defence.sources) parts.push(`${source.name} +${source[category]}`);
  return parts.join(" · ");
}

const dieChoices = (allowNone: boolean) =>
  Object.fromEntries([...(allowNone ? [[0, "—"]] : []), ...[4, 6, 8, 10, 12].map((d) => [d, `d${d}`])]);

export interface StatView {
  key: string;
  label: string;
  /** What play mode shows. */
  display: string;
  /** The form field edit mode writes, and its current source value. */
  field: string;
  value: number;
  tooltip: string;
  big: boolean;
  /** Shown only in edit mode (play mode shows it inside another stat). */
  editOnly?: boolean;
  choices?: { value: number; label: string; selected: boolean }[];
}

const signedText = (value: number): string =>
  value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : "0";

/** A stored number of the actor's system data, by dotted key ("luck.bonus"). */
function storedNumber(source: StoredActorData, key: string): number {
  let value: unknown = source;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return Number(value);
}

/** A stat shows its prepared value in play mode; edit mode shows and writes the stored one. */
function storedStat(
  key: string,
  prepared: number,
  source: StoredActorData,
  options: Partial<StatView> = {},
): StatView {
  const base = `BRINK.Actor.base.FIELDS.${key}`;
  const hint = `${base}.hint`;
  return {
    key,
    label: game.i18n.localize(`${base}.label`),
    display: String(prepared),
    field: `system.${key}`,
    value: storedNumber(source, key),
    tooltip: game.i18n.has(hint) ? game.i18n.localize(hint) : "",
    big: false,
    ...options,
  };
}

function sizeChoices(size: number) {
  return [2, 3, 4, 5, 6, 7].map((value) => ({
    value,
    label: game.i18n.localize(`BRINK.Size.${value}`),
    selected: value === size,
  }));
}

/** The numbers on the sheet, each editable in edit mode. */
function statGroups(system: BrinkActorData, source: StoredActorData, isNpc: boolean, showMorale: boolean) {
  const stat = (key: string, prepared: number, options: Partial<StatView> = {}) =>
    storedStat(key, prepared, source, options);
  const defences = [
    stat("evasion", system.evasion, { big: true }),
    stat("deflection.physical", system.deflection.physical, {
      label: game.i18n.localize("BRINK.DamageCategory.physical"),
      display: String(system.defence.physical),
      tooltip: deflectionTooltip(system, "physical"),
      big: true,
    }),
    stat("deflection.elemental", system.deflection.elemental, {
      label: game.i18n.localize("BRINK.DamageCategory.elemental"),
      display: String(system.defence.elemental),
      tooltip: deflectionTooltip(system, "elemental"),
      big: true,
    }),
    stat("size", system.size, {
      display: game.i18n.localize(`BRINK.Size.${system.size}`),
      choices: sizeChoices(storedNumber(source, "size")),
    }),
    stat("speed", system.speed, { display: `${system.speed} m` }),
    stat("fortitude", system.fortitude, { display: signedText(system.fortitude) }),
  ];
  const luck = [
    stat("luck.bonus", system.luck.bonus, { display: signedText(system.luck.bonus) }),
    stat("luck.deathDifficulty", system.luck.deathDifficulty, { big: true }),
  ];
  const progress = [
    stat("level", system.level),
    stat("xp", system.xp),
    stat("hitDice.value", system.hitDice.value, {
      display: `${system.hitDice.value}/${system.hitDice.max} d${system.hitDice.die}`,
    }),
    stat("hitDice.max", system.hitDice.max, { editOnly: true }),
    stat("hitDice.die", system.hitDice.die, {
      editOnly: true,
      choices: [4, 6, 8, 10, 12].map((value) => ({
        value,
        label: `d${value}`,
        selected: value === storedNumber(source, "hitDice.die"),
      })),
    }),
    stat("exhaustion", system.exhaustion),
    ...(showMorale || isNpc ? [stat("morale", system.morale, { display: signedText(system.morale) })] : []),
  ];
  return { defences, luck, progress };
}

function withEffectNotes<T extends Record<string, StatView[]>>(
  groups: T,
  changes: readonly EffectChange[],
): T {
  for (const stats of Object.values(groups)) {
    for (const view of stats) {
      const notes = effectNotes(changes, [view.field]);
      if (notes.length) view.tooltip = [view.tooltip, ...notes].filter(Boolean).join(" · ");
    }
  }
  return groups;
}

const ITEM_GROUPS = ["weapon", "armour", "shield", "gear", "talent", "injury", "setback"] as const;

/** What every part shares: the actor, its stored data, and the life state the header and panel show. */
function actorBasics(actor: Actor.Implementation) {
  const system = actorData(actor);
  return {
    system,
    // The model keeps the actor's stored system data as its own source.
    stored: system._source as StoredActorData,
    isNpc: actor.type === "npc",
  };
}

/** The header: portrait, states, pools and the dying or dead banner. */
export function headerContext(actor: Actor.Implementation) {
  const { system, stored, isNpc } = actorBasics(actor);
  return {
    pools: (["endurance", "health", "stamina", "focus"] as const).map((key) =>
      poolView(key, system[key], stored[key]),
    ),
    strain: optionalRules().deathRule === "dying" ? poolView("strain", system.strain, stored.strain) : null,
    states: { harmed: system.harmed, bloodied: system.bloodied },
    testPenalty: system.testPenalty,
    isNpc,
    // RULES §7.4: shown only while the world plays with detachments.
    detachment: isDetachment(actor) ? { members: system.detachment.members } : null,
    life: lifeView(system),
    conditionBadges: [...system.conditions].sort().map((id) => ({
      id,
      label: game.i18n.localize(statusLabelKey(id)),
    })),
    portrait: actor.img ?? "icons/svg/mystery-man.svg",
  };
}

/** Attributes and skills, as dice to click in play mode and choices in edit mode. */
export function ratingsContext(actor: Actor.Implementation, changes: readonly EffectChange[] = []) {
  const { system, stored } = actorBasics(actor);
  const skills = SKILLS.map((key) =>
    ratingView("skills", key, system.skills[key], stored.skills[key].die, changes),
  );
  return {
    attributes: ATTRIBUTES.map((key) =>
      ratingView("attributes", key, system.attributes[key], stored.attributes[key].die, changes),
    ),
    skills,
    /** The skills with a die, which a compact sheet shows in play mode. */
    ratedSkills: skills.filter((skill) => skill.die > 0),
    dieChoices: dieChoices(false),
    skillChoices: dieChoices(true),
  };
}

/** Defences, luck, progress, proficiencies, the combat section and the life panel. */
export function statsContext(actor: Actor.Implementation, changes: readonly EffectChange[] = []) {
  const { system, stored, isNpc } = actorBasics(actor);
  const rules = optionalRules();
  const cheat = deathLuckChance(system.luck.bonus, system.luck.deathDifficulty);
  return {
    showMorale: rules.morale || isNpc,
    luck: {
      bonus: system.luck.bonus,
      deathDifficulty: system.luck.deathDifficulty,
      cheatChance: Math.round(cheat.value * 100),
    },
    proficiencies: [...system.proficiencies].sort(),
    stats: withEffectNotes(statGroups(system, stored, isNpc, rules.morale), changes),
    storedProficiencyList: [...stored.proficiencies].sort().join(","),
    isNpc,
    showDetachment: isNpc && rules.detachments,
    life: lifeView(system),
    combat: {
      ...combatView(system, actor.items, rules.damageRule === "direct"),
      unarmed: rules.damageRule === "direct",
    },
  };
}

/** The items by kind: the inventory, the consequences, and each type's own list. */
/** Items in the order the player dragged them to (Foundry's `sort`), then by name. */
export const bySort = (a: Item.Implementation, b: Item.Implementation): number =>
  (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name);

export function itemsContext(actor: Actor.Implementation) {
  const items = [...actor.items].sort(bySort).map(itemView);
  const byType = Object.fromEntries(ITEM_GROUPS.map((type) => [type, items.filter((i) => i.type === type)]));
  return {
    items: byType,
    inventory: [
      ...(byType.weapon ?? []),
      ...(byType.armour ?? []),
      ...(byType.shield ?? []),
      ...(byType.gear ?? []),
    ],
    consequences: [...(byType.injury ?? []), ...(byType.setback ?? [])],
  };
}

/** The injuries, then the setbacks: all the consequences tab lists of the actor's items. */
export function consequencesContext(actor: Actor.Implementation) {
  const items = [...actor.items];
  const ofType = (type: string) => items.filter((item) => item.type === type).map(itemView);
  return { consequences: [...ofType("injury"), ...ofType("setback")] };
}

/** Everything an actor sheet shows at once (the template tests' context; sheets ask per part). */
export function actorSheetContext(actor: Actor.Implementation, changes: readonly EffectChange[] = []) {
  return {
    ...headerContext(actor),
    ...ratingsContext(actor, changes),
    ...statsContext(actor, changes),
    ...itemsContext(actor),
    /** Edit mode shows and writes the stored data (`source`), so a submitted form never stores an effect. */
    source: actor._source,
  };
}
export type ActorSheetContext = ReturnType<typeof actorSheetContext>;
