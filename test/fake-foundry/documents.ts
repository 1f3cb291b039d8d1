/**
 * Documents with the parts of Foundry's contract Brink relies on: typed `system` data prepared in
 * Foundry's order (base → active effects → derived), embedded collections, batched updates that
 * count as one database write each, ownership, flags and the document hooks.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { DataModelValidationError, type SchemaField } from "./fields";
import type { TypeDataModel } from "./data-model";
import { changedGMOnlyField } from "./gm-only-fields";
import { hooks } from "./hooks";
import {
  ACTIVE_EFFECT_MODES,
  applyChange,
  effectChanges,
  normalizeEffectSource,
  type EffectChange,
} from "./active-effects";
import { deprecated, generation, V14_MODE_OF } from "./generation";
import {
  deepClone,
  diffObject,
  expandObject,
  flattenObject,
  getProperty,
  isPlainObject,
  mergeObject,
  randomID,
  type Plain,
} from "./utils";

export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
/** Set while core's own unsetFlag writes its deletion key. */
const coreDeletion = { active: false };
/** A v13 update key that deletes ("-=x") or replaces ("==x") a field, deprecated by v14. */
const isOperatorKey = (path: string): boolean =>
  path.split(".").some((part) => part.startsWith("-=") || part.startsWith("=="));

/** Every round-trip to the (absent) server, for tests that assert how many writes an action costs. */
export interface WriteRecord {
  action: "create" | "update" | "delete";
  documentName: string;
  parent: string | null;
  count: number;
  userId: string;
  /** The compendium written to, for documents in a pack. */
  pack?: string;
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
  /** The user's hotbar: slot number → macro id (API `User#hotbar`). */
  hotbar: Record<string, string>;
  /** Puts a macro in a hotbar slot, or empties the slot for null (API `User#assignHotbarMacro`). */
  assignHotbarMacro(macro: { id: string } | null, slot: number): Promise<unknown>;
  /** The User document's flags (API `Document#getFlag`/`setFlag`); modules keep per-user data here. */
  flags: Record<string, Record<string, unknown>>;
  getFlag(scope: string, key: string): unknown;
  /** Only the user themself or a GM may write a User document's flags (API `User#canUserModify`). */
  setFlag(scope: string, key: string, value: unknown): Promise<FakeUser>;
  unsetFlag(scope: string, key: string): Promise<FakeUser>;
}

/** A flag's scope must be core, the world, the system or an active module (API `Document#getFlag`). */
export function checkFlagScope(scope: string, systemId: string): void {
  const modules = (
    globalThis as unknown as { game?: { modules?: { get(id: string): { active: boolean } | undefined } } }
  ).game?.modules;
  const known = scope === "core" || scope === systemId || modules?.get(scope)?.active === true;
  if (!known) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
}

/** Core's `User#assignHotbarMacro`: a slot from 1 to 50 holds one macro. */
export async function assignHotbarMacro(
  user: FakeUser,
  macro: { id: string } | null,
  slot: number,
): Promise<FakeUser> {
  if (!Number.isInteger(slot) || slot < 1 || slot > 50)
    throw new Error(`Invalid Hotbar slot ${slot} requested`);
  if (macro) user.hotbar[String(slot)] = macro.id;
  else delete user.hotbar[String(slot)];
  return user;
}

const placeholder: FakeUser = {
  id: "gm",
  name: "Gamemaster",
  isGM: true,
  active: true,
  isSelf: true,
  targets: new Set(),
  query: async () => undefined,
  hotbar: {},
  assignHotbarMacro: (macro, slot) => assignHotbarMacro(placeholder, macro, slot),
  flags: {},
  getFlag: () => undefined,
  setFlag: async () => placeholder,
  unsetFlag: async () => placeholder,
};
let defaultUser = placeholder;
const acting = new AsyncLocalStorage<FakeUser>();

/**
 * Who the code is running as. Each client of a live world runs its own copy of Brink; the fake runs
 * them in one process, so "whose client is this" travels with the async context: code started by
 * `session.runAs(user, …)` (a query, a hook on another client, a test's `asUser`) keeps seeing that
 * user after every await. Outside any such context it is the default user (the GM unless set).
 */
export const session = {
  get user(): FakeUser {
    return acting.getStore() ?? defaultUser;
  },
  set user(user: FakeUser) {
    defaultUser = user;
  },
  runAs<T>(user: FakeUser, work: () => T): T {
    return acting.run(user, work);
  },
};

/** Every user of the world; set by runtime.ts (which owns the user list). */
let worldUsers: () => FakeUser[] = () => [session.user];
const gmIds = (): string[] => worldUsers().flatMap((u) => (u.isGM ? [u.id] : []));
export function setUserList(list: () => FakeUser[]): void {
  worldUsers = list;
}

/**
 * Foundry fires a document's create/update/delete hooks on every connected client, each with the id
 * of the user who wrote. Handlers run once per client, as that client's user, so automation that
 * forgets to check who should act runs (and writes) once per client here too.
 */
export function callOnEveryClient(hook: string, ...args: unknown[]): void {
  runOnEveryClient(() => hooks.callAll(hook, ...args));
}

/** Runs `work` once per connected client, as that client's user (the writer's client included). */
export function runOnEveryClient(work: () => void): void {
  const clients = worldUsers().filter((user) => user.active);
  if (!clients.some((user) => user.id === session.user.id)) clients.unshift(session.user);
  for (const client of clients) session.runAs(client, work);
}

/** The server's refusal of a write the user has no right to make; the writer's promise rejects. */
export class PermissionError extends Error {
  constructor(user: FakeUser, action: string, document: { documentName: string; id: string }) {
    super(`User ${user.name} lacks permission to ${action} ${document.documentName} [${document.id}]`);
    this.name = "PermissionError";
  }
}

export type ModifyAction = "create" | "update" | "delete";

/** Actors and items must keep a name: their schemas' name fields are required and not blank. */
const NAMED_DOCUMENTS = new Set(["Actor", "Item"]);
function blankName(documentName: string, source: Plain): Record<string, string> {
  const name = source.name;
  const blank = typeof name !== "string" || name.trim() === "";
  return NAMED_DOCUMENTS.has(documentName) && blank ? { name: "may not be a blank string" } : {};
}

type ModelClass = (new (source: unknown, options: { parent: unknown }) => TypeDataModel) & {
  validateSource(source: unknown): Record<string, string>;
  schema: SchemaField;
  cleanData(source: unknown): Plain;
  migrateData(source: Plain): Plain;
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

const sheets = new WeakMap<object, unknown>();

export class FakeDocument {
  static documentName = "Document";
  /** Embedded collection name → embedded document class name. */
  static metadata: { embedded: Record<string, string> } = { embedded: {} };
  static registry: Record<string, typeof FakeDocument> = {};
  static worldCollections: Record<string, Collection<FakeDocument>> = {};
  /** A compendium's documents by pack id, and whether it is locked; set by packs.ts. */
  static packs: {
    collection(packId: string): Collection<FakeDocument> | undefined;
    locked(packId: string): boolean;
    /** Makes a new document one of the pack's: its `pack` and compendium uuid. */
    adopt(packId: string, doc: FakeDocument): void;
  } = { collection: () => undefined, locked: () => false, adopt: () => undefined };
  /** The sheet class registered for a document (registerSheet); set by install.ts. */
  static sheetClassFor: (doc: FakeDocument) => (new (options: Plain) => unknown) | undefined = () =>
    undefined;
  /** The configured class for this document type (CONFIG[name].documentClass), as in Foundry. */
  static configuredClass: (name: string) => typeof FakeDocument | undefined = () => undefined;

  /** Brings raw source into its stored shape (e.g. rolls as JSON); in place. */
  static normalizeSource(_source: Plain): void {}

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

  /** What a drag of this document carries (API `Document#toDragData`): its type and uuid. */
  toDragData(): { type: string; uuid: string } {
    return { type: this.documentName, uuid: this.uuid };
  }

  /** The document a drop names by uuid (API `Document.fromDropData`); null when it is gone. */
  static async fromDropData(data: { uuid?: unknown }): Promise<FakeDocument | null> {
    if (typeof data.uuid !== "string") return null;
    const lookup = (globalThis as unknown as { fromUuid(uuid: string): Promise<unknown> }).fromUuid;
    const found = await lookup(data.uuid);
    return found instanceof FakeDocument && found.documentName === this.documentName ? found : null;
  }

  #initialize(): void {
    (this.constructor as typeof FakeDocument).normalizeSource(this._source);
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

  /** One sheet per document, made on first use from the sheet class registered for its type. */
  get sheet(): unknown {
    let sheet = sheets.get(this);
    if (!sheet) {
      const Sheet = FakeDocument.sheetClassFor(this);
      if (!Sheet) return null;
      sheet = new Sheet({ document: this });
      sheets.set(this, sheet);
    }
    return sheet;
  }

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  /** Core's own deletion (v14 uses ForcedDeletion inside; the fake keeps the "-=" key). */
  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    coreDeletion.active = true;
    try {
      return await this.update({ [`flags.${scope}.-=${key}`]: null });
    } finally {
      coreDeletion.active = false;
    }
  }

  /** Embedded documents have no rights of their own: they take their parent's, as in Foundry. */
  testUserPermission(user: FakeUser, level: keyof typeof OWNERSHIP | number): boolean {
    if (user.isGM) return true;
    if (this.parent) return this.parent.testUserPermission(user, level);
    const needed = typeof level === "number" ? level : OWNERSHIP[level];
    const own = this.ownership[user.id] ?? this.ownership.default ?? OWNERSHIP.NONE;
    return own >= needed;
  }
  get isOwner(): boolean {
    return this.testUserPermission(session.user, "OWNER");
  }

  /**
   * What the server lets a user write. A GM may do anything. A player may change a document they
   * own, and an embedded document when they own its parent; creating world documents is the GM's.
   * Subclasses (chat messages, combat) narrow or widen this as Foundry's own documents do.
   */
  canUserModify(user: FakeUser, action: ModifyAction, _data?: Plain): boolean {
    if (user.isGM) return true;
    if (this.parent) return this.parent.canUserModify(user, "update");
    return action !== "create" && this.testUserPermission(user, "OWNER");
  }

  #assertCan(action: ModifyAction, data?: Plain): void {
    this.#assertUnlocked();
    if (!this.canUserModify(session.user, action, data))
      throw new PermissionError(session.user, action, this);
  }

  /** The compendium this document (or its top-level parent) lives in, if any. */
  get packId(): string | null {
    if (this.parent) return this.parent.packId;
    const pack = (this as { pack?: unknown }).pack;
    return typeof pack === "string" ? pack : null;
  }

  /** Foundry refuses every write to a locked compendium, a GM's included, until it is unlocked. */
  #assertUnlocked(): void {
    const pack = this.packId;
    if (pack && FakeDocument.packs.locked(pack))
      throw new Error(`You may not modify the locked compendium ${pack}; unlock it first.`);
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

  /**
   * The source an update would produce, cleaned and validated through the model, and the difference
   * from today's source (Foundry sends only that difference; an empty one is never sent).
   */
  #candidate(source: Plain, changes: Plain, options: Plain = {}): { next: Plain; diff: Plain } {
    if (!coreDeletion.active && Object.keys(flattenObject(changes)).some(isOperatorKey))
      deprecated('update keys "-=" and "==" (use foundry.data.operators.ForcedDeletion / ForcedReplacement)');
    const expanded = expandObject(changes);
    const next = mergeObject(source, expanded);
    (this.constructor as typeof FakeDocument).normalizeSource(next);
    const model = dataModels[this.documentName]?.[String(next.type ?? "base")];
    const failures = blankName(this.documentName, next);
    if (model && expanded.system !== undefined) {
      for (const [path, reason] of Object.entries(model.validateSource(next.system)))
        failures[`system.${path}`] = reason;
      if (isPlainObject(expanded.system))
        for (const [path, reason] of Object.entries(model.schema.nullsRefused(expanded.system)))
          failures[`system.${path}`] = reason;
    }
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    if (model && expanded.system !== undefined)
      next.system = model.cleanData(model.migrateData(deepClone(next.system as Plain)));
    this.#assertGMOnlyKept(source, next);
    // With `diff: false` the change is sent as given, even where it restates today's source.
    return { next, diff: options.diff === false ? expandObject(changes) : diffObject(source, next) };
  }

  /** The server refuses a player's change to a field the system declares GM-only (gm-only-fields.ts). */
  #assertGMOnlyKept(source: Plain, next: Plain): void {
    const user = session.user;
    if (user.isGM) return;
    const field = changedGMOnlyField(this.documentName, source, next);
    if (field)
      throw new Error(
        `User ${user.name} lacks permission to update ${this.documentName} [${this.id}]: ${field} is a GM-only field`,
      );
  }

  /** `validate({ changes, clean: true, fallback: false })`: throws as an update would, writes nothing. */
  validate({ changes = {} }: { changes?: Plain; clean?: boolean; fallback?: boolean } = {}): true {
    this.#candidate(this._source, changes);
    return true;
  }

  #assertValidNew(): void {
    const failures = blankName(this.documentName, this._source);
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
  }

  #commit(next: Plain): void {
    this._source = next;
    this.#initialize();
  }

  /** Resolves to undefined when nothing changed (no write, no hooks) or a preUpdate hook vetoed it. */
  async update(changes: Plain, options: Plain = {}): Promise<this | undefined> {
    if (this.parent) {
      const [updated] = await this.parent.updateEmbeddedDocuments(
        this.documentName,
        [{ ...changes, _id: this.id }],
        options,
      );
      return updated as this | undefined;
    }
    this.#assertCan("update", changes);
    const userId = session.user.id;
    // preUpdate runs before the diff (Foundry v12+), so it hears updates that turn out to be no-ops.
    if (hooks.call(`preUpdate${this.documentName}`, this, changes, options, userId) === false)
      return undefined;
    const { next, diff } = this.#candidate(this._source, changes, options);
    if (!Object.keys(diff).length) return undefined;
    this.#commit(next);
    record("update", this.documentName, null, 1, this.packId);
    callOnEveryClient(`update${this.documentName}`, this, { ...diff, _id: this.id }, options, userId);
    return this;
  }

  async delete(options: Plain = {}): Promise<this> {
    if (this.parent) {
      await this.parent.deleteEmbeddedDocuments(this.documentName, [this.id], options);
      return this;
    }
    this.#assertCan("delete");
    const cls = this.constructor as typeof FakeDocument;
    FakeDocument.worldCollections[cls.documentName]?.delete(this.id);
    record("delete", cls.documentName, null, 1);
    callOnEveryClient(`delete${cls.documentName}`, this, options, session.user.id);
    return this;
  }

  static async create(
    data: Plain,
    options: { parent?: FakeDocument | null } & Plain = {},
  ): Promise<FakeDocument> {
    const [created] = options.parent
      ? await options.parent.createEmbeddedDocuments(this.documentName, [data], options)
      : await this.createDocuments([data], options);
    if (!created) throw new Error(`${this.documentName} was not created`);
    return created;
  }

  /** Creation data is expanded first, so a key holding dots becomes nested objects, as in Foundry. */
  /** With `{ pack }` the documents are created in that compendium (which must be unlocked). */
  static async createDocuments(data: Plain[], options: Plain = {}): Promise<FakeDocument[]> {
    const pack = typeof options.pack === "string" ? options.pack : undefined;
    // As in Foundry, a world document gets a new id unless `keepId` asks to keep the one it brings;
    // its embedded documents keep theirs (`keepEmbeddedIds` defaults to true).
    const created = data.map((d) => {
      const { _id, ...rest } = expandObject(d);
      return new this(options.keepId === true && typeof _id === "string" ? { _id, ...rest } : rest);
    });
    if (pack) for (const doc of created) FakeDocument.packs.adopt(pack, doc);
    for (const doc of created) doc.#assertValidNew();
    for (const doc of created) doc.#assertCan("create", doc._source);
    const collection = pack
      ? FakeDocument.packs.collection(pack)
      : (FakeDocument.worldCollections[this.documentName] ??= new Collection<FakeDocument>());
    if (!collection) throw new Error(`There is no compendium ${String(pack)}`);
    for (const doc of created)
      if (collection.has(doc.id)) throw new Error(`${this.documentName} ${doc.id} already exists`);
    for (const doc of created) collection.set(doc.id, doc);
    record("create", this.documentName, null, created.length, pack);
    for (const doc of created) callOnEveryClient(`create${this.documentName}`, doc, options, session.user.id);
    return created;
  }

  /** With `{ pack }` the updates go to that compendium's documents, in one write. */
  static async updateDocuments(updates: Plain[], options: Plain = {}): Promise<FakeDocument[]> {
    const pack = typeof options.pack === "string" ? options.pack : undefined;
    const collection = pack
      ? FakeDocument.packs.collection(pack)
      : FakeDocument.worldCollections[this.documentName];
    const planned = updates.map((update) => {
      const doc = collection?.get(String(update._id));
      if (!doc) throw new Error(`${this.documentName} ${String(update._id)} does not exist`);
      const { _id: _ignored, ...changes } = update;
      doc.#assertCan("update", changes);
      return { doc, ...doc.#candidate(doc._source, changes, options) };
    });
    const changed = planned.filter((p) => Object.keys(p.diff).length);
    if (!changed.length) return [];
    for (const { doc, next } of changed) doc.#commit(next);
    record("update", this.documentName, null, changed.length, pack);
    const userId = session.user.id;
    for (const { doc, diff } of changed)
      callOnEveryClient(`update${this.documentName}`, doc, { ...diff, _id: doc.id }, options, userId);
    return changed.map((p) => p.doc);
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
    this.#assertUnlocked();
    if (!this.canUserModify(session.user, "update")) throw new PermissionError(session.user, "create", this);
    const list = [...((this._source[collection] as Plain[] | undefined) ?? [])];
    // As for world documents, the id given is kept only with `keepId`, and then it must be free.
    const ids = data.map((d) => {
      const { _id, ...copy } = expandObject(deepClone(d));
      const failures = blankName(documentName, copy);
      if (Object.keys(failures).length) throw new DataModelValidationError(failures);
      const id = options.keepId === true && typeof _id === "string" ? _id : randomID();
      if (list.some((existing) => existing._id === id))
        throw new Error(`${documentName} ${id} already exists in ${this.uuid}`);
      list.push({ _id: id, ...copy });
      return id;
    });
    this.#commit(this.#candidate(this._source, { [collection]: list }).next);
    record("create", documentName, this.uuid, data.length, this.packId);
    const created = ids
      .map((id) => this.collections[collection]?.get(id))
      .filter((d): d is FakeDocument => !!d);
    for (const doc of created) callOnEveryClient(`create${documentName}`, doc, options, session.user.id);
    return created;
  }

  /** Changes that change nothing are dropped; when none is left there is no write and no hook. */
  async updateEmbeddedDocuments(
    documentName: string,
    updates: Plain[],
    options: Plain = {},
  ): Promise<FakeDocument[]> {
    const collection = this.#collectionFor(documentName);
    const list = ((this._source[collection] as Plain[] | undefined) ?? []).map((d) => deepClone(d));
    const userId = session.user.id;
    const changed: { id: string; diff: Plain }[] = [];
    for (const update of updates) {
      const index = list.findIndex((d) => d._id === update._id);
      const doc = this.collections[collection]?.get(String(update._id));
      if (index < 0 || !doc)
        throw new Error(`${documentName} ${String(update._id)} does not exist in ${this.uuid}`);
      const { _id: _ignored, ...changes } = update;
      doc.#assertCan("update", changes);
      if (hooks.call(`preUpdate${documentName}`, doc, changes, options, userId) === false) continue;
      const { next, diff } = doc.#candidate(list[index] ?? {}, changes, options);
      if (!Object.keys(diff).length) continue;
      list[index] = next;
      changed.push({ id: doc.id, diff });
    }
    if (!changed.length) return [];
    this._source[collection] = list;
    this.#initialize();
    record("update", documentName, this.uuid, changed.length, this.packId);
    const docs = changed.flatMap(({ id, diff }) => {
      const doc = this.collections[collection]?.get(id);
      return doc ? [{ doc, diff }] : [];
    });
    for (const { doc, diff } of docs)
      callOnEveryClient(`update${documentName}`, doc, { ...diff, _id: doc.id }, options, userId);
    return docs.map(({ doc }) => doc);
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
    for (const doc of deleted) doc.#assertCan("delete");
    this._source[collection] = ((this._source[collection] as Plain[] | undefined) ?? []).filter(
      (d) => !ids.includes(String(d._id)),
    );
    this.#initialize();
    record("delete", documentName, this.uuid, ids.length);
    for (const doc of deleted) callOnEveryClient(`delete${documentName}`, doc, options, session.user.id);
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
  pack?: string | null,
): void {
  const write: WriteRecord = { action, documentName, parent, count, userId: session.user.id };
  writeLog.push(pack ? { ...write, pack } : write);
}

export class FakeActiveEffect extends FakeDocument {
  static override documentName = "ActiveEffect";
  static override normalizeSource(source: Plain): void {
    normalizeEffectSource(source);
  }
  get disabled(): boolean {
    return Boolean(this._source.disabled);
  }
  get transfer(): boolean {
    return this._source.transfer !== false;
  }
  /** v13: the stored changes. v14: a deprecated shim reading `system.changes`. */
  get changes(): Plain[] {
    if (generation === 14) {
      deprecated("ActiveEffect#changes (use ActiveEffect#system#changes)");
      return ((this._source.system as Plain | undefined)?.changes as Plain[] | undefined) ?? [];
    }
    return (this._source.changes as Plain[] | undefined) ?? [];
  }
  /** The changes with their type and priority, as core's application reads them. */
  get appliedChanges(): EffectChange[] {
    return effectChanges(this._source);
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
  /** Where the player dragged it among its siblings (API `Item` schema `sort`, 0 by default). */
  get sort(): number {
    return Number(this._source.sort ?? 0);
  }
  get actor(): FakeDocument | null {
    return this.parent;
  }
  get effects(): Collection<FakeDocument> {
    return this.collections.effects ?? new Collection();
  }
}

type StatusConfig = { id: string; _id?: string; name?: string };
/** v13 lists status effects in an array; v14 keys them by id (API v14 `CONFIG.statusEffects`). */
const statusConfig = (id: string): StatusConfig | undefined => {
  const configured = (globalThis as unknown as { CONFIG: { statusEffects: unknown } }).CONFIG.statusEffects;
  if (generation === 14) return (configured as Record<string, StatusConfig | undefined>)[id];
  return (configured as StatusConfig[]).find((status) => status.id === id);
};

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
        return effect.appliedChanges;
      })
      .sort((a, b) => a.priority - b.priority);
    for (const change of changes) {
      applyChange(this as unknown as Plain, change);
      overrides[change.key] = getProperty(this, change.key);
    }
    this.overrides = expandObject(overrides);
  }

  /** Core's toggle: the effect created for a status keeps the status's fixed `_id`, if it has one. */
  async toggleStatusEffect(
    statusId: string,
    { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
  ): Promise<boolean> {
    const config = statusConfig(statusId);
    // Core refuses a status CONFIG.statusEffects does not hold (crnormand/gurps#1909).
    if (!config) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = this.effects.find((e) =>
      config?._id ? e.id === config._id : (e as FakeActiveEffect).statuses.has(statusId),
    );
    const shouldBeActive = active ?? !existing;
    if (existing && !shouldBeActive) await this.deleteEmbeddedDocuments("ActiveEffect", [existing.id]);
    if (!existing && shouldBeActive) {
      const flags = overlay ? { core: { overlay: true } } : {};
      const data = { name: config?.name ?? statusId, statuses: [statusId], flags };
      await this.createEmbeddedDocuments("ActiveEffect", [config?._id ? { ...data, _id: config._id } : data]);
    }
    return shouldBeActive;
  }
}

/** A roll class as CONFIG.Dice.rolls lists them: restores a roll from its serialised data. */
interface RollClass {
  name: string;
  fromData(data: Plain): { render(options?: { isPrivate?: boolean }): Promise<string> };
}
let rollClasses: () => RollClass[] = () => [];
export function setRollClasses(list: () => RollClass[]): void {
  rollClasses = list;
}

/** Builds an element from HTML; set by install.ts (happy-dom), so documents stay DOM-free. */
let htmlElement: (tag: string, html: string) => HTMLElement = () => {
  throw new Error("no DOM installed");
};
export function setElementFactory(factory: (tag: string, html: string) => HTMLElement): void {
  htmlElement = factory;
}

export class FakeChatMessage extends FakeDocument {
  static override documentName = "ChatMessage";

  constructor(data: Plain = {}, options: { parent?: FakeDocument | null } = {}) {
    super({ author: session.user.id, whisper: [], blind: false, ...data }, options);
  }

  /** Rolls are stored as JSON, as Foundry's message schema stores them; instances come back on read. */
  static override normalizeSource(source: Plain): void {
    const rolls = source.rolls as unknown[] | undefined;
    if (rolls) source.rolls = rolls.map((roll) => (typeof roll === "string" ? roll : JSON.stringify(roll)));
  }

  /** The user who posted the message. */
  get author(): FakeUser | null {
    const id = String(this._source.author ?? "");
    return id === session.user.id ? session.user : (authorLookup(id) ?? null);
  }
  get isAuthor(): boolean {
    return this._source.author === session.user.id;
  }
  get speaker(): Plain {
    return (this._source.speaker as Plain | undefined) ?? {};
  }
  get content(): string {
    return String(this._source.content ?? "");
  }
  get whisper(): string[] {
    return (this._source.whisper as string[] | undefined) ?? [];
  }
  get blind(): boolean {
    return Boolean(this._source.blind);
  }
  /** Each stored roll as an instance of the class CONFIG.Dice.rolls names for it. */
  get rolls(): ReturnType<RollClass["fromData"]>[] {
    return ((this._source.rolls as string[] | undefined) ?? []).map((json) => {
      const data = JSON.parse(json) as Plain;
      const cls = rollClasses().find((c) => c.name === data.class) ?? rollClasses()[0];
      if (!cls) throw new Error("CONFIG.Dice.rolls is empty");
      return cls.fromData(data);
    });
  }
  /**
   * Whether this client may read the content: public, whispered to them, or theirs unless blind.
   * A GM has no exception: a whisper between players is not the GM's to read.
   */
  get isContentVisible(): boolean {
    const whisper = this.whisper;
    if (!whisper.length) return true;
    return whisper.includes(session.user.id) || (this.isAuthor && !this.blind);
  }

  /** The server lets only the author (or a GM) change or delete a message, and only as themselves. */
  override canUserModify(user: FakeUser, action: ModifyAction, data?: Plain): boolean {
    if (user.isGM) return true;
    if (action === "create") return (data?.author ?? this._source.author) === user.id;
    return this._source.author === user.id;
  }

  /**
   * The message as this client shows it: the content when visible, else each roll rendered privately
   * through its class's CHAT_TEMPLATE. Fires renderChatMessageHTML on this client, as Foundry does.
   */
  async renderHTML(): Promise<HTMLElement> {
    const content = this.isContentVisible
      ? this.content
      : (await Promise.all(this.rolls.map((roll) => roll.render({ isPrivate: true })))).join("");
    const element = htmlElement("li", `<div class="message-content">${content}</div>`);
    element.classList.add("chat-message", "message");
    element.dataset.messageId = this.id;
    hooks.callAll("renderChatMessageHTML", this, element, { message: this.toObject() });
    return element;
  }

  static getSpeaker({ actor }: { actor?: FakeDocument } = {}): Plain {
    return { actor: actor?.id ?? null, alias: actor?.name ?? session.user.name };
  }
  /** v13: whispers or blinds the message per roll mode. v14: a deprecated alias of applyMode. */
  static applyRollMode(data: Plain, mode: string): Plain {
    if (generation === 14) {
      deprecated("ChatMessage.applyRollMode (use ChatMessage.applyMode)");
      return applyMessageMode(data, V14_MODE_OF[mode] ?? mode);
    }
    return applyMessageMode(
      data,
      { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" }[mode] ?? "",
    );
  }
}

/** Who may read a message in each mode (v14's `CONFIG.ChatMessage.modes` handlers; v13's roll modes). */
function applyMessageMode(data: Plain, mode: string): Plain {
  const gms = gmIds();
  // The GMs (gm, blind), the roller (self), nobody (public and in character clear any whisper);
  // blind only for blind.
  if (mode === "gm" || mode === "blind") data.whisper = gms;
  if (mode === "self") data.whisper = [session.user.id];
  if (mode === "public" || mode === "ic") data.whisper = [];
  data.blind = mode === "blind";
  return data;
}

/** v14 only: `ChatMessage.applyMode(data, mode)` (API v14 `ChatMessage.applyMode`). */
if (generation === 14)
  Object.defineProperty(FakeChatMessage, "applyMode", {
    value: (data: Plain, mode: string): Plain => {
      const known = ["public", "ic", "gm", "blind", "self"];
      if (!known.includes(mode))
        throw new TypeError(`"${mode}" is not a message mode of CONFIG.ChatMessage.modes`);
      return applyMessageMode(data, mode);
    },
  });

for (const cls of [FakeActiveEffect, FakeItem, FakeActor, FakeChatMessage])
  FakeDocument.registry[cls.documentName] = cls;

export { flattenObject, ACTIVE_EFFECT_MODES };
