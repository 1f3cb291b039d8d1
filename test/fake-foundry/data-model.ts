import { DataModelValidationError, SchemaField, type Fields } from "./fields";
import { deepClone, isPlainObject, mergeObject, type Plain } from "./utils";

export interface DataModelOptions {
  parent?: unknown;
  /** Throw on invalid data (the default), or keep the cleaned source and record the failures. */
  strict?: boolean;
}

/**
 * Foundry's DataModel contract as Brink relies on it: construction migrates, cleans and validates
 * the source, then initialises instance properties from the schema.
 */
export class DataModel {
  static defineSchema(): Fields {
    return {};
  }

  static LOCALIZATION_PREFIXES: string[] = [];

  static #schemas = new WeakMap<object, SchemaField>();

  static get schema(): SchemaField {
    let schema = DataModel.#schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      for (const _field of schema.apply("")) continue; // walking the schema sets every field path
      DataModel.#schemas.set(this, schema);
    }
    return schema;
  }

  /** Upgrade an older source shape in place; subclasses call super last. */
  static migrateData(source: Plain): Plain {
    return source;
  }

  static cleanData(source: unknown): Plain {
    return this.schema.clean(isPlainObject(source) ? source : {}) as Plain;
  }

  /** Validate without constructing; returns the failures by path. */
  static validateSource(source: unknown): Record<string, string> {
    const migrated = this.migrateData(deepClone(isPlainObject(source) ? source : {}));
    return this.schema.validate(this.cleanData(migrated), "");
  }

  _source: Plain;
  readonly parent: unknown;
  validationFailures: Record<string, string> = {};

  constructor(source: unknown = {}, { parent = null, strict = true }: DataModelOptions = {}) {
    const model = this.constructor as typeof DataModel;
    this.parent = parent;
    this._source = model.cleanData(model.migrateData(deepClone(isPlainObject(source) ? source : {})));
    this.validationFailures = model.schema.validate(this._source, "");
    if (strict && Object.keys(this.validationFailures).length)
      throw new DataModelValidationError(this.validationFailures);
    this._initialize();
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  protected _initialize(): void {
    Object.assign(this, this.schema.initialize(deepClone(this._source)) as Plain);
  }

  /** Apply a (possibly flattened) change to the source: cleaned, validated, then re-initialised. */
  updateSource(changes: Plain): Plain {
    const model = this.constructor as typeof DataModel;
    const next = model.cleanData(mergeObject(this._source, changes));
    const failures = model.schema.validate(next, "");
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    this._source = next;
    this._initialize();
    return changes;
  }

  toObject(): Plain {
    return deepClone(this._source);
  }
}

/** The system-specific data of a document: `document.system`. */
export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}
