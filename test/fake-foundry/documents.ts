/**
 * Documents with the parts of Foundry's contract Brink relies on: typed `system` data prepared in
 * Foundry's order (base → active effects → derived), embedded collections, batched updates that
 * count as one database write each, ownership, flags and the document hooks.
 */
import { DataModelValidationError } from "./fields";
import type { TypeDataModel } from "./data-model";
import { hooks } from "./hooks";
import {
  deepClone,
  expandObject,
  flattenObject,
  getProperty,
  mergeObject,
  randomID,
  setProperty,
  type Plain,
} from "./utils";

export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export const ACTIVE_EFFECT_MODES = {
  CUSTOM: 0,
  MULTIPLY: 1,
  ADD: 2,
  DOWNGRADE: 3,
  UPGRADE: 4,
  OVERRIDE: 5,
} as const;

/** Every round-trip to the (absent) server, for tests that assert how many writes an action costs. */
export interface WriteRecord {
  action: "create" | "update" | "delete";
  documentName: string;
  parent: string | null;
  count: number;
  userId: string;
}
export const writeLog: WriteRecord[] = [];

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  readonly isSelf: boolean;
  targets: Set<unknown>;
  query(name: string, payload: unknown, options?: { timeout?: number }): Promise<unknown>;
}

/** Who the code is running as; starts as a placeholder until runtime.ts installs the GM. */
export const session = {
  user: {
    id: "gm",
    name: "Gamemaster",
    isGM: true,
    active: true,
    isSelf: true,
    targets: new Set(),
  } as FakeUser,
};

type ModelClass = (new (source: unknown, options: { parent: unknown }) => TypeDataModel) & {
  validateSource(source: unknown): Record<string, string>;
};

export const dataModels: Record<string, Record<string, ModelClass>> = {};

/** Foundry's Collection: keyed by id, and iteration yields the values, not entries. */
export class Collection<T extends { id: string }> {
  readonly #map = new Map<string, T>();

  get size(): number {
    return this.#map.size;
  }
  get(id: string): T | undefined {
    return this.#map.get(id);
  }
  has(id: string): boolean {
    return this.#map.has(id);
  }
  set(id: string, value: T): this {
    this.#map.set(id, value);
    return this;
  }
  delete(id: string): boolean {
    return this.#map.delete(id);
  }
  clear(): void {
    this.#map.clear();
  }
  keys(): MapIterator<string> {
    return this.#map.keys();
  }
  values(): MapIterator<T> {
    return this.#map.values();
  }
  [Symbol.iterator](): MapIterator<T> {
    return this.#map.values();
  }
  get contents(): T[] {
    return [...this.#map.values()];
  }
  find(predicate: (value: T) => boolean): T | undefined {
    return this.contents.find(predicate);
  }
  filter(predicate: (value: T) => boolean): T[] {
    return this.contents.filter(predicate);
  }
  map<U>(fn: (value: T) => U): U[] {
    return this.contents.map(fn);
  }
  getName(name: string): T | undefined {
    return this.find((d) => (d as unknown as { name: string }).name === name);
  }
}

export class FakeDocument {
  static documentName = "Document";
  /** Embedded collection name → embedded document class name. */
  static metadata: { embedded: Record<string, string> } = { embedded: {} };
  static registry: Record<string, typeof FakeDocument> = {};
  static worldCollections: Record<string, Collection<FakeDocument>> = {};
  /** The configured class for this document type (CONFIG[name].documentClass), as in Foundry. */
  static configuredClass: (name: string) => typeof FakeDocument | undefined = () => undefined;

  static get implementation(): typeof FakeDocument {
    return FakeDocument.configuredClass(this.documentName) ?? this;
  }

  _source: Plain;
  parent: FakeDocument | null;
  system: TypeDataModel | Plain = {};
  collections: Record<string, Collection<FakeDocument>> = {};

  constructor(data: Plain = {}, { parent = null }: { parent?: FakeDocument | null } = {}) {
    this.parent = parent;
    this._source = {
      _id: randomID(),
      name: "",
      flags: {},
      ownership: { default: OWNERSHIP.NONE },
      ...deepClone(data),
    };
    this.#initialize();
  }

  get documentName(): string {
    return (this.constructor as typeof FakeDocument).documentName;
  }
  get id(): string {
    return String(this._source._id);
  }
  get _id(): string {
    return this.id;
  }
  get name(): string {
    return String(this._source.name ?? "");
  }
  get type(): string {
    return String(this._source.type ?? "base");
  }
  get img(): string | null {
    return (this._source.img as string | undefined) ?? null;
  }
  get flags(): Plain {
    return this._source.flags as Plain;
  }
  /** Document statistics, including `compendiumSource` for copies of compendium entries. */
  get _stats(): Plain {
    return (this._source._stats as Plain | undefined) ?? {};
  }
  get ownership(): Record<string, number> {
    return this._source.ownership as Record<string, number>;
  }
  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    return this.parent ? `${this.parent.uuid}.${own}` : own;
  }

  #initialize(): void {
    const models = dataModels[this.documentName];
    const model = models?.[this.type];
    const systemSource = this._source.system ?? {};
    if (model) {
      const system = new model(systemSource, { parent: this });
      this.system = system;
      this._source.system = system._source;
    } else {
      this.system = deepClone(systemSource as Plain);
    }
    const embedded = (this.constructor as typeof FakeDocument).metadata.embedded;
    for (const [collection, documentName] of Object.entries(embedded)) {
      const cls = FakeDocument.configuredClass(documentName) ?? FakeDocument.registry[documentName];
      const existing = this.collections[collection] ?? new Collection<FakeDocument>();
      const next = new Collection<FakeDocument>();
      const sources = (this._source[collection] as Plain[] | undefined) ?? [];
      sources.forEach((data, index) => {
        const doc = existing.get(String(data._id));
        if (doc && cls) {
          doc._source = data;
          doc.#initialize();
          next.set(doc.id, doc);
        } else if (cls) {
          // The parent keeps the child's full source (defaults included), as Foundry stores it.
          const created = new cls(data, { parent: this });
          sources[index] = created._source;
          next.set(created.id, created);
        }
      });
      this.collections[collection] = next;
    }
    this.prepareData();
  }

  prepareData(): void {
    const system = this.system as Partial<TypeDataModel>;
    system.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    system.prepareDerivedData?.();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareEmbeddedDocuments(): void {}
  prepareDerivedData(): void {}

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  async unsetFlag(scope: string, key: string): Promise<this> {
    return this.update({ [`flags.${scope}.-=${key}`]: null });
  }

  testUserPermission(user: FakeUser, level: keyof typeof OWNERSHIP | number): boolean {
    if (user.isGM) return true;
    const needed = typeof level === "number" ? level : OWNERSHIP[level];
    const own = this.ownership[user.id] ?? this.ownership.default ?? OWNERSHIP.NONE;
    const resolved = own === OWNERSHIP.INHERIT && this.parent ? (this.parent.ownership[user.id] ?? 0) : own;
    return resolved >= needed;
  }
  get isOwner(): boolean {
    return this.testUserPermission(session.user, "OWNER");
  }

  toObject(): Plain {
    const object = deepClone(this._source);
    if (this.system && typeof (this.system as TypeDataModel).toObject === "function") {
      object.system = (this.system as TypeDataModel).toObject();
    }
    for (const [name, collection] of Object.entries(this.collections))
      object[name] = collection.map((d) => d.toObject());
    return object;
  }

  /** Apply a change set to a copy of the source, validate it through the model, then commit. */
  #applyChanges(changes: Plain): Plain {
    const expanded = expandObject(changes);
    const next = mergeObject(this._source, expanded);
    const model = dataModels[this.documentName]?.[String(next.type ?? "base")];
    if (model && expanded.system !== undefined) {
      const failures = model.validateSource(next.system);
      if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    }
    this._source = next;
    this.#initialize();
    return expanded;
  }

  async update(changes: Plain, options: Plain = {}): Promise<this> {
    if (this.parent) {
      const [updated] = await this.parent.updateEmbeddedDocuments(
        this.documentName,
        [{ ...changes, _id: this.id }],
        options,
      );
      return (updated ?? this) as this;
    }
    if (hooks.call(`preUpdate${this.documentName}`, this, changes, options, session.user.id) === false)
      return this;
    const applied = this.#applyChanges(changes);
    record("update", this.documentName, null, 1);
    hooks.callAll(`update${this.documentName}`, this, applied, options, session.user.id);
    return this;
  }

  async delete(options: Plain = {}): Promise<this> {
    if (this.parent) {
      await this.parent.deleteEmbeddedDocuments(this.documentName, [this.id], options);
      return this;
    }
    const cls = this.constructor as typeof FakeDocument;
    FakeDocument.worldCollections[cls.documentName]?.delete(this.id);
    record("delete", cls.documentName, null, 1);
    hooks.callAll(`delete${cls.documentName}`, this, options, session.user.id);
    return this;
  }

  static async create(
    data: Plain,
    options: { parent?: FakeDocument | null } & Plain = {},
  ): Promise<FakeDocument> {
    if (options.parent) {
      const [created] = await options.parent.createEmbeddedDocuments(this.documentName, [data], options);
      if (!created) throw new Error(`${this.documentName} was not created`);
      return created;
    }
    const doc = new this(data);
    const collection = (FakeDocument.worldCollections[this.documentName] ??= new Collection<FakeDocument>());
    collection.set(doc.id, doc);
    record("create", this.documentName, null, 1);
    hooks.callAll(`create${this.documentName}`, doc, options, session.user.id);
    return doc;
  }

  static async createDocuments(data: Plain[], options: Plain = {}): Promise<FakeDocument[]> {
    const created = data.map((d) => new this(d));
    const collection = (FakeDocument.worldCollections[this.documentName] ??= new Collection<FakeDocument>());
    for (const doc of created) collection.set(doc.id, doc);
    record("create", this.documentName, null, created.length);
    for (const doc of created) hooks.callAll(`create${this.documentName}`, doc, options, session.user.id);
    return created;
  }

  static async updateDocuments(updates: Plain[], options: Plain = {}): Promise<FakeDocument[]> {
    const collection = FakeDocument.worldCollections[this.documentName];
    const docs = updates.map((u) => collection?.get(String(u._id)));
    const applied = docs.map((doc, i) => {
      if (!doc) throw new Error(`${this.documentName} ${String(updates[i]?._id)} does not exist`);
      const { _id: _ignored, ...changes } = updates[i] ?? {};
      return doc.#applyChanges(changes);
    });
    record("update", this.documentName, null, docs.length);
    docs.forEach(
      (doc, i) =>
        doc && hooks.callAll(`update${this.documentName}`, doc, applied[i], options, session.user.id),
    );
    return docs.filter((d): d is FakeDocument => d !== undefined);
  }

  #collectionFor(documentName: string): string {
    const embedded = (this.constructor as typeof FakeDocument).metadata.embedded;
    const name = Object.entries(embedded).find(([, doc]) => doc === documentName)?.[0];
    if (!name) throw new Error(`${this.documentName} does not embed ${documentName}`);
    return name;
  }

  getEmbeddedCollection(documentName: string): Collection<FakeDocument> {
    return this.collections[this.#collectionFor(documentName)] ?? new Collection<FakeDocument>();
  }

  async createEmbeddedDocuments(
    documentName: string,
    data: Plain[],
    options: Plain = {},
  ): Promise<FakeDocument[]> {
    const collection = this.#collectionFor(documentName);
    const list = [...((this._source[collection] as Plain[] | undefined) ?? [])];
    const ids = data.map((d) => {
      const copy = deepClone(d);
      copy._id ??= randomID();
      list.push(copy);
      return String(copy._id);
    });
    this.#applyChanges({ [collection]: list });
    record("create", documentName, this.uuid, data.length);
    const created = ids
      .map((id) => this.collections[collection]?.get(id))
      .filter((d): d is FakeDocument => !!d);
    for (const doc of created) hooks.callAll(`create${documentName}`, doc, options, session.user.id);
    return created;
  }

  async updateEmbeddedDocuments(
    documentName: string,
    updates: Plain[],
    options: Plain = {},
  ): Promise<FakeDocument[]> {
    const collection = this.#collectionFor(documentName);
    const list = ((this._source[collection] as Plain[] | undefined) ?? []).map((d) => deepClone(d));
    for (const update of updates) {
      const index = list.findIndex((d) => d._id === update._id);
      if (index < 0) throw new Error(`${documentName} ${String(update._id)} does not exist in ${this.uuid}`);
      const current = list[index] ?? {};
      const merged = mergeObject(current, update);
      const model = dataModels[documentName]?.[String(merged.type ?? "base")];
      if (model) {
        const failures = model.validateSource(merged.system);
        if (Object.keys(failures).length) throw new DataModelValidationError(failures);
      }
      list[index] = merged;
    }
    this._source[collection] = list;
    this.#initialize();
    record("update", documentName, this.uuid, updates.length);
    const docs = updates
      .map((u) => this.collections[collection]?.get(String(u._id)))
      .filter((d): d is FakeDocument => !!d);
    docs.forEach((doc, i) =>
      hooks.callAll(`update${documentName}`, doc, updates[i], options, session.user.id),
    );
    return docs;
  }

  async deleteEmbeddedDocuments(
    documentName: string,
    ids: string[],
    options: Plain = {},
  ): Promise<FakeDocument[]> {
    const collection = this.#collectionFor(documentName);
    const deleted = ids
      .map((id) => this.collections[collection]?.get(id))
      .filter((d): d is FakeDocument => !!d);
    this._source[collection] = ((this._source[collection] as Plain[] | undefined) ?? []).filter(
      (d) => !ids.includes(String(d._id)),
    );
    this.#initialize();
    record("delete", documentName, this.uuid, ids.length);
    for (const doc of deleted) hooks.callAll(`delete${documentName}`, doc, options, session.user.id);
    return deleted;
  }
}

/** Set by runtime.ts so messages can name their author without a circular import. */
let authorLookup: (id: string) => FakeUser | undefined = () => undefined;
export function setAuthorLookup(lookup: (id: string) => FakeUser | undefined): void {
  authorLookup = lookup;
}

function record(
  action: WriteRecord["action"],
  documentName: string,
  parent: string | null,
  count: number,
): void {
  writeLog.push({ action, documentName, parent, count, userId: session.user.id });
}

export class FakeActiveEffect extends FakeDocument {
  static override documentName = "ActiveEffect";
  get disabled(): boolean {
    return Boolean(this._source.disabled);
  }
  get transfer(): boolean {
    return this._source.transfer !== false;
  }
  get changes(): { key: string; mode: number; value: string }[] {
    return (this._source.changes as { key: string; mode: number; value: string }[] | undefined) ?? [];
  }
  get statuses(): Set<string> {
    return new Set((this._source.statuses as string[] | undefined) ?? []);
  }
  get active(): boolean {
    return !this.disabled;
  }
}

export class FakeItem extends FakeDocument {
  static override documentName = "Item";
  static override metadata = { embedded: { effects: "ActiveEffect" } };
  get actor(): FakeDocument | null {
    return this.parent;
  }
  get effects(): Collection<FakeDocument> {
    return this.collections.effects ?? new Collection();
  }
}

/** Applies Active Effect changes (own effects and those items transfer) as Foundry does, by mode. */
export function applyChange(target: Plain, change: { key: string; mode: number; value: string }): void {
  const current = getProperty(target, change.key);
  const delta = Number(change.value);
  const value = Number.isNaN(delta) ? change.value : delta;
  const number = typeof current === "number" ? current : 0;
  switch (change.mode) {
    case ACTIVE_EFFECT_MODES.ADD:
      setProperty(target, change.key, typeof value === "number" ? number + value : value);
      break;
    case ACTIVE_EFFECT_MODES.MULTIPLY:
      setProperty(target, change.key, typeof value === "number" ? number * value : current);
      break;
    case ACTIVE_EFFECT_MODES.UPGRADE:
      if (typeof value === "number" && value > number) setProperty(target, change.key, value);
      break;
    case ACTIVE_EFFECT_MODES.DOWNGRADE:
      if (typeof value === "number" && value < number) setProperty(target, change.key, value);
      break;
    case ACTIVE_EFFECT_MODES.OVERRIDE:
      setProperty(target, change.key, value);
      break;
    default:
      break;
  }
}

export class FakeActor extends FakeDocument {
  static override documentName = "Actor";
  static override metadata = { embedded: { items: "Item", effects: "ActiveEffect" } };
  // Set during preparation, which the base constructor already runs: no field initialisers here.
  declare statuses: Set<string>;
  declare overrides: Plain;

  /** Effects the token shows: active ones that carry a status. */
  get temporaryEffects(): FakeActiveEffect[] {
    return [...this.allApplicableEffects()].filter((e) => e.active && e.statuses.size > 0);
  }

  get items(): Collection<FakeDocument> {
    return this.collections.items ?? new Collection();
  }
  get effects(): Collection<FakeDocument> {
    return this.collections.effects ?? new Collection();
  }

  *allApplicableEffects(): Generator<FakeActiveEffect> {
    for (const effect of this.effects.contents) yield effect as FakeActiveEffect;
    for (const item of this.items.contents) {
      for (const effect of (item as FakeItem).effects.contents) {
        if ((effect as FakeActiveEffect).transfer) yield effect as FakeActiveEffect;
      }
    }
  }

  override prepareEmbeddedDocuments(): void {
    this.applyActiveEffects();
  }

  applyActiveEffects(): void {
    this.statuses = new Set();
    const overrides: Plain = {};
    const changes = [...this.allApplicableEffects()]
      .filter((effect) => effect.active)
      .flatMap((effect) => {
        for (const status of effect.statuses) this.statuses.add(status);
        return effect.changes;
      })
      .sort((a, b) => a.mode - b.mode);
    for (const change of changes) {
      applyChange(this as unknown as Plain, change);
      overrides[change.key] = getProperty(this, change.key);
    }
    this.overrides = expandObject(overrides);
  }

  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<boolean> {
    const existing = this.effects.find((e) => (e as FakeActiveEffect).statuses.has(statusId));
    const shouldBeActive = active ?? !existing;
    if (existing && !shouldBeActive) await this.deleteEmbeddedDocuments("ActiveEffect", [existing.id]);
    if (!existing && shouldBeActive) {
      await this.createEmbeddedDocuments("ActiveEffect", [
        { name: statusId, statuses: [statusId], changes: [] },
      ]);
    }
    return shouldBeActive;
  }
}

export class FakeChatMessage extends FakeDocument {
  static override documentName = "ChatMessage";

  constructor(data: Plain = {}, options: { parent?: FakeDocument | null } = {}) {
    super({ author: session.user.id, ...data }, options);
  }

  /** The user who posted the message. */
  get author(): FakeUser | null {
    const id = String(this._source.author ?? "");
    return id === session.user.id ? session.user : (authorLookup(id) ?? null);
  }
  get speaker(): Plain {
    return (this._source.speaker as Plain | undefined) ?? {};
  }
  get content(): string {
    return String(this._source.content ?? "");
  }
  get rolls(): unknown[] {
    return (this._source.rolls as unknown[] | undefined) ?? [];
  }
  static getSpeaker({ actor }: { actor?: FakeDocument } = {}): Plain {
    return { actor: actor?.id ?? null, alias: actor?.name ?? session.user.name };
  }
  /** Foundry whispers or blinds the message per roll mode; the fake records the mode. */
  static applyRollMode(data: Plain, mode: string): Plain {
    data.rollMode = mode;
    return data;
  }
}

for (const cls of [FakeActiveEffect, FakeItem, FakeActor, FakeChatMessage])
  FakeDocument.registry[cls.documentName] = cls;

export { flattenObject };
