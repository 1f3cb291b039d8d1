/**
 * The one boundary between the migration runner and Foundry's collections: what the runner reads of
 * actors, items, messages, scenes and compendiums, and how each batch is written.
 */
import type { DocumentKind } from "./changes";
import type { Changes, DocumentSource } from "./steps";

export type Update = { _id: string } & Changes;
type Options = Record<string, unknown>;

interface DocumentLike {
  id: string;
  name: string;
  type: string;
  toObject(): DocumentSource;
  validate(options: { changes: object; clean: boolean; fallback: boolean }): unknown;
}
interface ActorLike extends DocumentLike {
  items: { contents: DocumentLike[] };
  updateEmbeddedDocuments(name: "Item", updates: Update[], options: Options): Promise<unknown>;
}
interface TokenLike {
  id: string;
  name: string;
  actorLink: boolean;
  actor: (ActorLike & { update(changes: Changes, options: Options): Promise<unknown> }) | null;
  delta: { toObject(): DocumentSource } | null;
}
export interface PackLike {
  collection: string;
  documentName: string;
  locked: boolean;
  metadata: { packageType: string; label?: string };
  index: { size: number };
  configure(changes: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<DocumentLike[]>;
}
interface DocumentClassLike {
  updateDocuments(updates: Update[], options: Options): Promise<unknown>;
}
interface WorldLike {
  actors: { contents: ActorLike[] };
  items: { contents: DocumentLike[] };
  messages: { contents: DocumentLike[] };
  scenes: { contents: { tokens: { contents: TokenLike[] } }[] };
  packs: { contents: PackLike[] };
}

// fvtt-types types each collection as a union over every document subtype; the runner reads only
// the members declared above, which every Foundry document has.
const world = (): WorldLike => game as unknown as WorldLike;
const documentClass = (name: string): DocumentClassLike =>
  (CONFIG as unknown as Record<string, { documentClass: DocumentClassLike }>)[name]!.documentClass;

/** A document the runner can migrate: its name, its source, and a check of proposed changes. */
export interface Migratable {
  id: string;
  name: string;
  source(): DocumentSource;
  validate(changes: Changes): void;
}
/** Documents of one kind written together: one collection, or the items of one actor. */
export interface Batch {
  kind: DocumentKind;
  /** Whether these are a collection's own documents (the progress bar counts those), not embedded ones. */
  topLevel: boolean;
  documents: Migratable[];
  write(updates: Update[]): Promise<unknown>;
}

const DIFF_OFF = { diff: false, render: false };

function migratable(doc: DocumentLike): Migratable {
  const { expandObject } = foundry.utils;
  return {
    id: doc.id,
    name: doc.name,
    source: () => doc.toObject(),
    validate: (changes) =>
      void doc.validate({ changes: expandObject(changes), clean: true, fallback: false }),
  };
}

function collectionBatch(kind: DocumentKind, name: string, docs: DocumentLike[], pack?: string): Batch {
  const options = pack ? { ...DIFF_OFF, pack } : DIFF_OFF;
  return {
    kind,
    topLevel: true,
    documents: docs.map(migratable),
    write: (updates) => documentClass(name).updateDocuments(updates, options),
  };
}

function itemBatches(actors: ActorLike[]): Batch[] {
  return actors.map((actor) => ({
    kind: "item",
    topLevel: false,
    documents: actor.items.contents.map(migratable),
    write: (updates) => actor.updateEmbeddedDocuments("Item", updates, DIFF_OFF),
  }));
}

/** World actors (then each one's items), world items and chat messages. */
export function worldBatches(): Batch[] {
  const { actors, items, messages } = world();
  return [
    collectionBatch("actor", "Actor", actors.contents),
    ...itemBatches(actors.contents),
    collectionBatch("item", "Item", items.contents),
    collectionBatch("message", "ChatMessage", messages.contents),
  ];
}

/** The documents of a world compendium, in the same batches. */
export function packBatches(pack: PackLike, docs: DocumentLike[]): Batch[] {
  if (pack.documentName === "Item") return [collectionBatch("item", "Item", docs, pack.collection)];
  const actors = docs as ActorLike[];
  return [collectionBatch("actor", "Actor", actors, pack.collection), ...itemBatches(actors)];
}

/** A token's synthetic actor, read as its delta stores it and written through the token. */
export interface TokenActor {
  name: string;
  type: string;
  delta: DocumentSource;
  update(changes: Changes): Promise<unknown>;
}

export function unlinkedTokens(): TokenActor[] {
  return world().scenes.contents.flatMap((scene) =>
    scene.tokens.contents.flatMap((token): TokenActor[] => {
      const actor = token.actor;
      if (token.actorLink || !actor || !token.delta) return [];
      const delta = token.delta.toObject();
      return [
        { name: token.name, type: actor.type, delta, update: (changes) => actor.update(changes, DIFF_OFF) },
      ];
    }),
  );
}

/** Compendiums the world owns and that hold actors or items. Brink's own packs are never touched. */
export function worldPacks(): PackLike[] {
  return world().packs.contents.filter(
    (pack) => pack.metadata.packageType === "world" && ["Actor", "Item"].includes(pack.documentName),
  );
}

/** Documents a migration would read; a world with none is new. */
export function worldDocumentCount(): number {
  const { actors, items, messages } = world();
  const tokens = unlinkedTokens().length;
  const packed = worldPacks().reduce((sum, pack) => sum + pack.index.size, 0);
  return actors.contents.length + items.contents.length + messages.contents.length + tokens + packed;
}
