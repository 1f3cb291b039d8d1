/**
 * Compendium packs in the fake: `game.packs` holds every pack Brink ships (rules journal, tables,
 * items, actors), read from packs/_source as Foundry reads the compiled LevelDB (the pack tests prove
 * the two agree), and any world compendium a test creates. Pack documents have compendium uuids and
 * `fromUuid` resolves them. Brink's packs are locked, as shipped: a test unlocks one to edit it as a
 * GM would, and `resetFakePacks` throws every edit (and every world pack) away. Also the chat helper
 * Brink uses to whisper GMs.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { Collection, FakeDocument, FakeChatMessage, session, type FakeUser } from "./documents";
import { users } from "./runtime";
import type { Plain } from "./utils";
import { effectLoading } from "./active-effects";

const ROOT = resolve(import.meta.dirname, "../..");
const PACKAGE = "brink";

export class FakeTableResult extends FakeDocument {
  static override documentName = "TableResult";

  get range(): [number, number] {
    const [low = 0, high = low] = (this._source.range as number[] | undefined) ?? [];
    return [low, high];
  }
  get documentUuid(): string | null {
    return (this._source.documentUuid as string | null | undefined) ?? null;
  }
  get description(): string {
    return String(this._source.description ?? "");
  }
}

export class FakeRollTable extends FakeDocument {
  static override documentName = "RollTable";
  static override metadata = { embedded: { results: "TableResult" } };

  get formula(): string {
    return String(this._source.formula ?? "");
  }
  get results(): Collection<FakeTableResult> {
    return (this.collections.results ?? new Collection()) as Collection<FakeTableResult>;
  }
}

export class FakeJournalEntryPage extends FakeDocument {
  static override documentName = "JournalEntryPage";

  get text(): { content: string } {
    const text = (this._source.text as { content?: unknown } | undefined) ?? {};
    return { content: String(text.content ?? "") };
  }
}

/** Every journal sheet opened, with the page it was opened at: what the user would see. */
export const openedJournals: { uuid: string; pageId: string | null; userId: string }[] = [];

export class FakeJournalEntry extends FakeDocument {
  static override documentName = "JournalEntry";
  static override metadata = { embedded: { pages: "JournalEntryPage" } };

  get pages(): Collection<FakeJournalEntryPage> {
    return (this.collections.pages ?? new Collection()) as Collection<FakeJournalEntryPage>;
  }
  /**
   * v13's journal sheet: `render({ force, pageId })` opens the entry at that page; ApplicationV2 also
   * takes the older `render(force, options)` form.
   */
  override get sheet(): {
    render(
      options: boolean | { force?: boolean; pageId?: string | null },
      legacy?: { pageId?: string | null },
    ): Promise<unknown>;
  } {
    return {
      render: async (options, legacy = {}) => {
        const { force = false, pageId } =
          typeof options === "boolean" ? { ...legacy, force: options } : options;
        if (!force) return undefined;
        if (pageId && !this.pages.has(pageId)) throw new Error(`${this.name} has no page ${pageId}`);
        openedJournals.push({ uuid: this.uuid, pageId: pageId ?? null, userId: session.user.id });
        return this;
      },
    };
  }
}

interface PackDefinition {
  name: string;
  type: string;
}

/** A compendium a world owns: its documents live in memory, made by the test. */
export interface WorldPackDefinition {
  name: string;
  type: string;
  locked?: boolean;
  documents: Plain[];
}

/** Foundry drops the CLI's `_key` addresses when it reads a pack. */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "_key")
      .map(([key, entry]) => [key, withoutKeys(entry)]),
  );
}

/**
 * A compendium as v13 shows it: `metadata.packageType` says who owns it ("system" for Brink's,
 * "world" for the world's own). System packs start locked, world packs unlocked; a locked pack refuses
 * every write until `configure({ locked: false })`.
 */
export class FakeCompendium {
  readonly metadata: { id: string; name: string; type: string; packageName: string; packageType: string };
  #documents: Collection<FakeDocument> | null = null;
  #locked: boolean;
  readonly #world: Plain[] | null;

  constructor(definition: PackDefinition | WorldPackDefinition) {
    const world = "documents" in definition;
    const packageName = world ? "world" : PACKAGE;
    this.metadata = {
      id: `${packageName}.${definition.name}`,
      name: definition.name,
      type: definition.type,
      packageName,
      packageType: world ? "world" : "system",
    };
    this.#world = world ? definition.documents : null;
    this.#locked = world ? (definition.locked ?? false) : true;
  }

  get locked(): boolean {
    return this.#locked;
  }
  /** Core stores the lock in the `core.compendiumConfiguration` setting; only a GM may change it. */
  async configure(changes: { locked?: boolean }): Promise<void> {
    if (!session.user.isGM) throw new Error("Only a gamemaster may configure a compendium.");
    if (changes.locked !== undefined) this.#locked = changes.locked;
  }

  get id(): string {
    return this.metadata.id;
  }
  get collection(): string {
    return this.metadata.id;
  }
  get documentName(): string {
    return this.metadata.type;
  }

  /** Read on first use: the documents need Brink's data models, registered at init. */
  get contents(): FakeDocument[] {
    return this.#load().contents;
  }
  get(id: string): FakeDocument | undefined {
    return this.#load().get(id);
  }
  async getDocuments(): Promise<FakeDocument[]> {
    return this.contents;
  }
  async getDocument(id: string): Promise<FakeDocument | undefined> {
    return this.get(id);
  }
  async getIndex(): Promise<Collection<{ id: string; _id: string; name: string; uuid: string }>> {
    const index = new Collection<{ id: string; _id: string; name: string; uuid: string }>();
    for (const doc of this.contents)
      index.set(doc.id, { id: doc.id, _id: doc.id, name: doc.name, uuid: doc.uuid });
    return index;
  }

  /** A document of this pack has its compendium uuid and knows its pack, as in Foundry. */
  adopt(doc: FakeDocument): void {
    const uuid = `Compendium.${this.metadata.id}.${this.documentName}.${doc.id}`;
    Object.defineProperty(doc, "uuid", { get: () => uuid, configurable: true });
    Object.defineProperty(doc, "pack", { value: this.metadata.id, configurable: true });
  }

  /** A world compendium can be deleted from the world; Brink's own cannot. */
  async deleteCompendium(): Promise<this> {
    if (this.metadata.packageType !== "world") throw new Error("Only a world compendium can be deleted.");
    if (!session.user.isGM) throw new Error("Only a gamemaster may delete a compendium.");
    fakePacks.delete(this.id);
    return this;
  }

  /** The pack's documents as a collection, for writes addressed to the pack. */
  documents(): Collection<FakeDocument> {
    return this.#load();
  }
  get index(): { size: number } {
    return { size: this.#load().size };
  }

  reset(): void {
    this.#documents = null;
    if (!this.#world) this.#locked = true;
  }

  /** The documents as stored: Brink's YAML sources, or a world pack's test data. */
  #sources(): Plain[] {
    if (this.#world) return this.#world;
    const folder = join(ROOT, "packs/_source", this.metadata.name);
    return readdirSync(folder)
      .filter((name) => name.endsWith(".yml"))
      .sort()
      .map((file) => withoutKeys(parse(readFileSync(join(folder, file), "utf8"))) as Plain);
  }

  #load(): Collection<FakeDocument> {
    if (this.#documents) return this.#documents;
    const cls = FakeDocument.configuredClass(this.documentName) ?? FakeDocument.registry[this.documentName];
    if (!cls) throw new Error(`the fake has no ${this.documentName} documents`);
    const documents = new Collection<FakeDocument>();
    // Stored data: core migrates an older shape silently as it loads (no deprecation warning).
    effectLoading.stored = true;
    try {
      for (const data of this.#sources()) {
        const doc = new cls(data);
        this.adopt(doc);
        documents.set(doc.id, doc);
      }
    } finally {
      effectLoading.stored = false;
    }
    this.#documents = documents;
    return documents;
  }
}

const PACKS: PackDefinition[] = [
  { name: "rules", type: "JournalEntry" },
  { name: "tables", type: "RollTable" },
  { name: "consequences", type: "Item" },
  { name: "equipment", type: "Item" },
  { name: "adversaries", type: "Actor" },
  { name: "characters", type: "Actor" },
];

export const fakePacks = new Collection<FakeCompendium>();

/** Back to the packs as shipped (locked), discarding any edit a test made and any world pack. */
export function resetFakePacks(): void {
  for (const pack of fakePacks) {
    if (pack.metadata.packageType === "world") fakePacks.delete(pack.id);
    else pack.reset();
  }
}

/** Core's `CompendiumCollection.createCompendium`: a new, empty, unlocked world compendium. */
export const FakeCompendiumCollection = {
  async createCompendium(metadata: { type: string; label: string; name?: string }): Promise<FakeCompendium> {
    if (!session.user.isGM) throw new Error("Only a gamemaster may create a compendium.");
    const name = metadata.name ?? metadata.label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    if (fakePacks.has(`world.${name}`)) throw new Error(`The compendium world.${name} already exists.`);
    return createWorldPack({ name, type: metadata.type, documents: [] });
  },
};

/** A compendium the world owns (Foundry: created from the compendium sidebar), holding these sources. */
export function createWorldPack(definition: WorldPackDefinition): FakeCompendium {
  const pack = new FakeCompendium(definition);
  fakePacks.set(pack.id, pack);
  return pack;
}

/** "Compendium.brink.tables.RollTable.<id>[.TableResult.<id>]" → the pack document, or null. */
function fromCompendiumUuid(uuid: string): FakeDocument | null {
  const [, packageName, packName, , id, childName, childId] = uuid.split(".");
  const pack = fakePacks.get(`${packageName}.${packName}`);
  const doc = id ? (pack?.get(id) ?? null) : null;
  if (!doc || !childName || !childId) return doc;
  return doc.getEmbeddedCollection(childName).get(childId) ?? null;
}

interface Globals {
  game: Record<string, unknown>;
  fromUuid: (uuid: string) => Promise<unknown>;
  fromUuidSync: (uuid: string) => unknown;
}

export function installFakePacks(): void {
  for (const cls of [FakeTableResult, FakeRollTable, FakeJournalEntryPage, FakeJournalEntry])
    FakeDocument.registry[cls.documentName] = cls;
  FakeDocument.packs = {
    collection: (id) => fakePacks.get(id)?.documents(),
    locked: (id) => fakePacks.get(id)?.locked ?? false,
    adopt: (id, doc) => fakePacks.get(id)?.adopt(doc),
  };
  Object.assign(globalThis, {
    CompendiumCollection: FakeCompendiumCollection,
    RollTable: FakeRollTable,
    JournalEntryPage: FakeJournalEntryPage,
  });
  for (const definition of PACKS) {
    const pack = new FakeCompendium(definition);
    fakePacks.set(pack.id, pack);
  }
  const globals = globalThis as unknown as Globals;
  globals.game.packs = fakePacks;
  const worldLookup = globals.fromUuidSync;
  globals.fromUuidSync = (uuid: string) =>
    uuid.startsWith("Compendium.") ? fromCompendiumUuid(uuid) : worldLookup(uuid);
  globals.fromUuid = async (uuid: string) => globals.fromUuidSync(uuid);
  Object.assign(FakeChatMessage, {
    /** Foundry's helper for whispering a role: "GM" names every gamemaster. */
    getWhisperRecipients(name: string): FakeUser[] {
      const all = [...users.all.values()];
      return name === "GM" ? all.filter((user) => user.isGM) : all.filter((user) => user.name === name);
    },
  });
}
