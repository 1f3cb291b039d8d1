/**
 * What the item sheet shows: the type's fields grouped by use (item-layout.ts), with labels and
 * hints from the schema (LOCALIZATION_PREFIXES), defaults as placeholders and notes that say what a
 * number counts, so the template renders any item type without knowing it.
 */
import { optionalRules } from "../../settings";
import { ITEM_FIELDS_NOT_SHOWN, ITEM_LAYOUTS, type ItemGroupId } from "./item-layout";
import { itemDefaults, type ItemDefaults } from "./item-defaults";

export interface FieldView {
  name: string;
  path: string;
  label: string;
  hint: string;
  kind: "number" | "text" | "boolean" | "choice" | "set" | "tags" | "html";
  value: unknown;
  /** A nullable choice offers a blank option, so "none" stays none when the form is submitted. */
  nullable: boolean;
  choices: { value: string; label: string; selected: boolean }[];
  /** What the rules use while the input is blank (a nullable field's default). */
  placeholder: string;
  /** A line under the field saying what it counts or why it is missing; its element's id. */
  note: string;
  noteId: string;
}

interface SchemaLike {
  fields: Record<string, FieldLike>;
}
interface FieldLike {
  label?: string;
  hint?: string;
  choices?: unknown;
  nullable?: boolean;
  fields?: Record<string, FieldLike>;
  element?: FieldLike;
}

const CHOICE_LABELS: Record<string, string> = {
  damageType: "BRINK.DamageType",
  damageDie: "BRINK.DamageDie",
  properties: "BRINK.WeaponProperty",
  attributes: "BRINK.Attribute",
  attribute: "BRINK.Attribute",
  skill: "BRINK.Skill",
  traits: "BRINK.TalentTrait",
  heals: "BRINK.InjuryHealing",
  endsOn: "BRINK.SetbackEnding",
};

function choiceLabel(field: string, value: string, itemType: string): string {
  if (field === "kind")
    return game.i18n.localize(`BRINK.${itemType === "injury" ? "InjuryKind" : "SetbackKind"}.${value}`);
  const prefix = CHOICE_LABELS[field];
  if (!prefix) return value;
  const key = field.startsWith("attribute") ? `${prefix}.${value}.label` : `${prefix}.${value}`;
  return game.i18n.localize(key);
}

function choiceList(field: FieldLike): string[] {
  const choices = field.choices;
  if (Array.isArray(choices)) return choices.map(String);
  if (choices && typeof choices === "object") return Object.keys(choices);
  return [];
}

/** By class, not class name: a bundler may rename classes, and subclasses keep their kind. */
function fieldKind(field: FieldLike): FieldView["kind"] {
  const { SetField, HTMLField, BooleanField, NumberField } = foundry.data.fields;
  if (field instanceof SetField) return field.element && choiceList(field.element).length ? "set" : "tags";
  if (field instanceof HTMLField) return "html";
  if (field instanceof BooleanField) return "boolean";
  if (choiceList(field).length) return "choice";
  return field instanceof NumberField ? "number" : "text";
}

function flatten(
  schema: SchemaLike,
  source: Record<string, unknown>,
  prefix: string,
  type: string,
): FieldView[] {
  return Object.entries(schema.fields).flatMap(([name, field]): FieldView[] => {
    const path = `${prefix}.${name}`;
    const value = source[name];
    if (field.fields)
      return flatten({ fields: field.fields }, (value ?? {}) as Record<string, unknown>, path, type);
    const options = field.element ? choiceList(field.element) : choiceList(field);
    const selected = new Set(Array.isArray(value) ? value.map(String) : [String(value)]);
    return [
      {
        name,
        path,
        label: field.label || name,
        hint: field.hint ?? "",
        kind: fieldKind(field),
        value,
        nullable: field.nullable === true,
        choices: options.map((option) => ({
          value: option,
          label: choiceLabel(name, option, type),
          selected: selected.has(option),
        })),
        placeholder: "",
        note: "",
        noteId: "",
      },
    ];
  });
}

export interface SheetItem {
  name: string;
  type: string;
  img: string | null;
  system: unknown;
  uuid?: string | null;
}

/** Paths of the nullable fields whose blank form value means "none" (null), not an empty string. */
export function nullableChoicePaths(schema: SchemaLike, prefix = "system"): string[] {
  return Object.entries(schema.fields).flatMap(([name, field]) => {
    const path = `${prefix}.${name}`;
    if (field.fields) return nullableChoicePaths({ fields: field.fields }, path);
    return field.nullable && choiceList(field).length ? [path] : [];
  });
}

/** A weapon's damage die is only read under direct damage (RULES §7.3), so only shown there. */
const shownUnderRules = (field: string): boolean =>
  field !== "damageDie" || optionalRules().damageRule === "direct";

export interface FieldGroup {
  id: ItemGroupId;
  legend: string;
  fields: FieldView[];
  /** Gear's light-source switch: the details show only while it is on. */
  lightSwitch: { on: boolean; id: string } | null;
}

const relative = (field: FieldView) => field.path.slice("system.".length);

/** Whether the sheet offers this field now: hidden ones, and details of a switched-off state, are not. */
function offered(field: FieldView, type: string, defaults: ItemDefaults): boolean {
  const path = relative(field);
  if (ITEM_FIELDS_NOT_SHOWN[type]?.includes(path)) return false;
  if (path.startsWith("light.") && defaults.lightSource === false) return false;
  if (path === "progress.value" && defaults.countsSafeRests === false) return false;
  return field.kind !== "html" && shownUnderRules(field.name);
}

function withDefaults(field: FieldView, defaults: ItemDefaults, idPrefix: string): FieldView {
  const path = relative(field);
  const note = defaults.notes[path] ?? "";
  return {
    ...field,
    placeholder: defaults.placeholders[path] ?? "",
    note,
    noteId: note ? `${idPrefix}-${path.replaceAll(".", "-")}-note` : "",
  };
}

function groupFields(
  type: string,
  fields: FieldView[],
  defaults: ItemDefaults,
  idPrefix: string,
): FieldGroup[] {
  const byPath = new Map(fields.map((field) => [relative(field), field]));
  const placed = new Set<string>();
  const group = (id: ItemGroupId, paths: readonly string[]): FieldGroup => ({
    id,
    legend: game.i18n.localize(`BRINK.ItemSheet.group.${id}`),
    fields: paths.flatMap((path) => {
      const field = byPath.get(path);
      if (!field) return [];
      placed.add(path);
      return offered(field, type, defaults) ? [withDefaults(field, defaults, idPrefix)] : [];
    }),
    lightSwitch:
      id === "light" && defaults.lightSource !== null
        ? { on: defaults.lightSource, id: `${idPrefix}-light-source` }
        : null,
  });
  const groups = (ITEM_LAYOUTS[type] ?? []).map((layout) => group(layout.id, layout.fields));
  const rest = [...byPath.keys()].filter((path) => !placed.has(path));
  groups.push(group("other", rest));
  return groups.filter((g) => g.fields.length > 0 || g.lightSwitch !== null);
}

export function itemSheetContext(item: SheetItem, editable: boolean) {
  // Every Brink item's system is a TypeDataModel; its schema and source are read generically here.
  const system = item.system as { schema: SchemaLike; _source: Record<string, unknown>; condition?: unknown };
  const fields = flatten(system.schema, system._source, "system", item.type);
  const idPrefix = `brink-item-${(item.uuid ?? item.name).replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const groups = groupFields(item.type, fields, itemDefaults(item.system), idPrefix);
  return {
    item,
    typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
    groups,
    fields: groups.flatMap((g) => g.fields),
    idPrefix,
    description: fields.find((f) => f.kind === "html") ?? null,
    condition: system.condition ?? null,
    editable,
  };
}
