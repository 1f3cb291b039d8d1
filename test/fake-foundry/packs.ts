/**
 * Compendium packs in the fake: `game.packs` holds Brink's RollTable and Item packs, read from
 * packs/_source as Foundry reads the compiled LevelDB (the pack tests prove the two agree). Pack
 * documents have compendium uuids, `fromUuid` resolves them, and a test may edit one as a GM
 * would; `resetFakePacks` throws every edit away. Also the chat helper Brink uses to whisper GMs.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { Collection, FakeDocument, FakeChatMessage, type FakeUser } from "./documents";
import { users } from "./runtime";
import type { Plain } from "./utils";

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

interface PackDefinition {
  name: string;
  type: string;
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

export class FakeCompendium {
  readonly metadata: { id: string; name: string; type: string; packageName: string };
  #documents: Collection<FakeDocument> | null = null;

  constructor(definition: PackDefinition) {
    this.metadata = {
      id: `${PACKAGE}.${definition.name}`,
      name: definition.name,
      type: definition.type,
      packageName: PACKAGE,
    };
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

  reset(): void {
    this.#documents = null;
  }

  #load(): Collection<FakeDocument> {
    if (this.#documents) return this.#documents;
    const folder = join(ROOT, "packs/_source", this.metadata.name);
    const cls = FakeDocument.configuredClass(this.documentName) ?? FakeDocument.registry[this.documentName];
    if (!cls) throw new Error(`the fake has no ${this.documentName} documents`);
    const documents = new Collection<FakeDocument>();
    for (const file of readdirSync(folder)
      .filter((name) => name.endsWith(".yml"))
      .sort()) {
      const data = withoutKeys(parse(readFileSync(join(folder, file), "utf8"))) as Plain;
      const doc = new cls(data);
      const uuid = `Compendium.${this.metadata.id}.${this.documentName}.${doc.id}`;
      Object.defineProperty(doc, "uuid", { get: () => uuid, configurable: true });
      Object.defineProperty(doc, "pack", { value: this.metadata.id, configurable: true });
      documents.set(doc.id, doc);
    }
    this.#documents = documents;
    return documents;
  }
}

const PACKS: PackDefinition[] = [
  { name: "tables", type: "RollTable" },
  { name: "consequences", type: "Item" },
  { name: "equipment", type: "Item" },
];

export const fakePacks = new Collection<FakeCompendium>();

/** Back to the packs as shipped, discarding any edit a test made. */
export function resetFakePacks(): void {
  for (const pack of fakePacks) pack.reset();
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
  for (const cls of [FakeTableResult, FakeRollTable]) FakeDocument.registry[cls.documentName] = cls;
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
