/**
 * The subset of `foundry.data.fields` Brink's models use, with Foundry's documented behaviour:
 * `clean` fills defaults and casts (numbers are rounded and clamped), `validate` reports failures by
 * path, `initialize` turns source into the runtime shape (SetField → Set). Every behaviour assumed
 * here has an expectation in test/quench so it is checked against a real Foundry world too.
 */
import { deepClone, isPlainObject, type Plain } from "./utils";

export interface DataFieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  choices?: readonly (string | number)[] | Record<string | number, string>;
  validate?: (value: unknown) => boolean | void;
}

export class DataModelValidationError extends Error {
  constructor(readonly failures: Record<string, string>) {
    super(
      Object.entries(failures)
        .map(([path, reason]) => `${path}: ${reason}`)
        .join("; "),
    );
    this.name = "DataModelValidationError";
  }

  /** Failures by path, as v13's error lists them. */
  getAllFailures(): Record<string, { message: string }> {
    return Object.fromEntries(Object.entries(this.failures).map(([path, message]) => [path, { message }]));
  }
}

export class DataField {
  name = "";
  fieldPath = "";
  label = "";
  hint = "";
  parent: DataField | null = null;
  readonly options: DataFieldOptions;

  constructor(options: DataFieldOptions = {}) {
    this.options = { required: false, nullable: false, ...this.defaults(), ...options };
    this.label = options.label ?? "";
    this.hint = options.hint ?? "";
  }

  protected defaults(): DataFieldOptions {
    return {};
  }

  get required(): boolean {
    return this.options.required ?? false;
  }
  get nullable(): boolean {
    return this.options.nullable ?? false;
  }
  get initial(): unknown {
    return this.options.initial;
  }
  get choices(): DataFieldOptions["choices"] {
    return this.options.choices;
  }

  getInitialValue(): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as () => unknown)() : deepClone(initial);
  }

  clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (value === null) return this.nullable ? null : this.getInitialValue();
    return this.cleanType(value);
  }

  protected cleanType(value: unknown): unknown {
    return value;
  }

  /** Returns the failures below this field, keyed by path ("" for the field itself). */
  validate(value: unknown, path = this.fieldPath): Record<string, string> {
    if (value === undefined || value === null) {
      if (value === null && this.nullable) return {};
      if (value === undefined && !this.required) return {};
      return { [path]: value === null ? "may not be null" : "may not be undefined" };
    }
    const reason = this.validateType(value) ?? this.validateChoices(value);
    if (reason) return { [path]: reason };
    if (this.options.validate && this.options.validate(value) === false) return { [path]: "is not valid" };
    return this.validateChildren(value, path);
  }

  protected validateType(_value: unknown): string | undefined {
    return undefined;
  }

  protected validateChildren(_value: unknown, _path: string): Record<string, string> {
    return {};
  }

  private validateChoices(value: unknown): string | undefined {
    const choices = this.choices;
    if (!choices) return undefined;
    const allowed = Array.isArray(choices) ? choices.map(String) : Object.keys(choices);
    return allowed.includes(String(value)) ? undefined : `${JSON.stringify(value)} is not a valid choice`;
  }

  initialize(value: unknown): unknown {
    return value;
  }

  toObject(value: unknown): unknown {
    return deepClone(value);
  }
}

export interface NumberFieldOptions extends DataFieldOptions {
  min?: number;
  max?: number;
  integer?: boolean;
  positive?: boolean;
}

export class NumberField extends DataField {
  declare readonly options: NumberFieldOptions;

  constructor(options: NumberFieldOptions = {}) {
    super(options);
  }

  protected override defaults(): NumberFieldOptions {
    return { initial: null, nullable: true };
  }

  protected override cleanType(value: unknown): unknown {
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof number !== "number" || Number.isNaN(number)) return number;
    let cleaned = this.options.integer ? Math.round(number) : number;
    if (this.options.min !== undefined) cleaned = Math.max(cleaned, this.options.min);
    if (this.options.max !== undefined) cleaned = Math.min(cleaned, this.options.max);
    return cleaned;
  }

  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min)
      return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max)
      return `must be at most ${this.options.max}`;
    return undefined;
  }
}

export interface StringFieldOptions extends DataFieldOptions {
  blank?: boolean;
  trim?: boolean;
}

export class StringField extends DataField {
  declare readonly options: StringFieldOptions;

  constructor(options: StringFieldOptions = {}) {
    super(options);
  }

  protected override defaults(): StringFieldOptions {
    return { blank: true, trim: true, nullable: false, initial: undefined };
  }

  override getInitialValue(): unknown {
    const initial = super.getInitialValue();
    if (initial !== undefined) return initial;
    if (this.required && !this.nullable && this.options.blank) return "";
    return this.nullable ? null : undefined;
  }

  protected override cleanType(value: unknown): unknown {
    const text = typeof value === "string" ? value : String(value);
    return this.options.trim ? text.trim() : text;
  }

  protected override validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    if (!this.options.blank && value === "") return "may not be a blank string";
    return undefined;
  }
}

export class BooleanField extends DataField {
  protected override defaults(): DataFieldOptions {
    return { required: true, nullable: false, initial: false };
  }

  protected override cleanType(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    return Boolean(value);
  }

  protected override validateType(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
}

export class HTMLField extends StringField {}
export class FilePathField extends StringField {}
export class DocumentUUIDField extends StringField {
  protected override defaults(): StringFieldOptions {
    return { blank: false, trim: true, nullable: true, initial: null };
  }
}

export class ObjectField extends DataField {
  protected override defaults(): DataFieldOptions {
    return { required: true, nullable: false, initial: () => ({}) };
  }

  protected override validateType(value: unknown): string | undefined {
    return isPlainObject(value) ? undefined : "must be an object";
  }
}

export type Fields = Record<string, DataField>;

export class SchemaField extends DataField {
  readonly fields: Fields;

  constructor(fields: Fields, options: DataFieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }

  protected override defaults(): DataFieldOptions {
    return { required: true, nullable: false, initial: undefined };
  }

  /** Walks every field below this one, depth first, setting paths as it goes. */
  *apply(prefix = this.fieldPath): Generator<DataField> {
    for (const field of Object.values(this.fields)) {
      field.fieldPath = prefix ? `${prefix}.${field.name}` : field.name;
      yield field;
      if (field instanceof SchemaField) yield* field.apply(field.fieldPath);
    }
  }

  /**
   * The fields an update's changes set to null although they are not nullable (#13804: a cleared
   * number input on a sheet is refused, not reset to the field's initial value), by path.
   */
  nullsRefused(changes: Plain, path = ""): Record<string, string> {
    const failures: Record<string, string> = {};
    for (const [name, value] of Object.entries(changes)) {
      const field = this.fields[name];
      const at = path ? `${path}.${name}` : name;
      if (!field) continue;
      if (value === null && !field.nullable) failures[at] = "may not be null";
      else if (field instanceof SchemaField && isPlainObject(value))
        Object.assign(failures, field.nullsRefused(value, at));
    }
    return failures;
  }

  getField(path: string): DataField | undefined {
    const [head, ...rest] = path.split(".");
    const field = head === undefined ? undefined : this.fields[head];
    if (!rest.length || !field) return field;
    return field instanceof SchemaField ? field.getField(rest.join(".")) : undefined;
  }

  override getInitialValue(): unknown {
    const initial = this.options.initial;
    if (initial !== undefined) return super.getInitialValue();
    return Object.fromEntries(Object.entries(this.fields).map(([name, f]) => [name, f.getInitialValue()]));
  }

  override clean(value: unknown): unknown {
    if (value === undefined || value === null) return super.clean(value);
    const source = isPlainObject(value) ? value : {};
    return Object.fromEntries(Object.entries(this.fields).map(([name, f]) => [name, f.clean(source[name])]));
  }

  protected override validateType(value: unknown): string | undefined {
    return isPlainObject(value) ? undefined : "must be an object";
  }

  protected override validateChildren(value: unknown, path: string): Record<string, string> {
    const source = value as Plain;
    const failures: Record<string, string> = {};
    for (const [name, field] of Object.entries(this.fields)) {
      Object.assign(failures, field.validate(source[name], path ? `${path}.${name}` : name));
    }
    return failures;
  }

  override initialize(value: unknown): unknown {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, f]) => [name, f.initialize(value[name])]),
    );
  }

  override toObject(value: unknown): unknown {
    if (!isPlainObject(value)) return deepClone(value);
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, f]) => [name, f.toObject(value[name])]),
    );
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: DataFieldOptions = {},
  ) {
    super(options);
    element.parent = this;
  }

  protected override defaults(): DataFieldOptions {
    return { required: true, nullable: false, initial: () => [] };
  }

  protected override cleanType(value: unknown): unknown {
    const list = value instanceof Set ? [...value] : Array.isArray(value) ? value : [value];
    return list.map((item) => this.element.clean(item));
  }

  protected override validateType(value: unknown): string | undefined {
    return Array.isArray(value) ? undefined : "must be an array";
  }

  protected override validateChildren(value: unknown, path: string): Record<string, string> {
    const failures: Record<string, string> = {};
    (value as unknown[]).forEach((item, index) =>
      Object.assign(failures, this.element.validate(item, `${path}.${index}`)),
    );
    return failures;
  }

  override initialize(value: unknown): unknown {
    return Array.isArray(value) ? value.map((item) => this.element.initialize(item)) : value;
  }
}

export class SetField extends ArrayField {
  protected override cleanType(value: unknown): unknown {
    return [...new Set(super.cleanType(value) as unknown[])];
  }

  override initialize(value: unknown): unknown {
    return new Set(super.initialize(value) as unknown[]);
  }

  override toObject(value: unknown): unknown {
    return value instanceof Set ? [...value] : deepClone(value);
  }
}

export class EmbeddedDataField extends SchemaField {}

export const fields = {
  DataField,
  NumberField,
  StringField,
  BooleanField,
  HTMLField,
  FilePathField,
  DocumentUUIDField,
  ObjectField,
  SchemaField,
  ArrayField,
  SetField,
};

export type { Plain };
