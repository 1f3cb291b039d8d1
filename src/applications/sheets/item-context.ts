/**
 * What the item sheet shows: the type's fields in schema order, with labels and hints from the
 * schema (LOCALIZATION_PREFIXES), so the template renders any item type without knowing it.
 */
import { optionalRules } from "../../settings";

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
      },
    ];
  });
}

export interface SheetItem {
  name: string;
  type: string;
  img: string | null;
  system: unknown;
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

export function itemSheetContext(item: SheetItem, editable: boolean) {
  // Every Brink item's system is a TypeDataModel; its schema and source are read generically here.
  const system = item.system as { schema: SchemaLike; _source: Record<string, unknown>; condition?: unknown };
  const fields = flatten(system.schema, system._source, "system", item.type);
  return {
    item,
    typeLabel: game.i18n.localize(`TYPES.Item.${item.type}`),
    fields: fields.filter((f) => f.kind !== "html" && shownUnderRules(f.name)),
    description: fields.find((f) => f.kind === "html") ?? null,
    condition: system.condition ?? null,
    editable,
  };
}
