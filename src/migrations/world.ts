/**
 * The one boundary between the migration runner and Foundry's collections: what the runner reads of
 * actors, items, messages, scenes and compendiums, and how each batch is written.
 */
import type { DocumentKind } from "./changes";
import type { Changes, DocumentSource } from "./steps";

export type Update = { _id: string } & Changes;

/** The documents the runner migrates, as Foundry types them. */
type StoredDocument = Actor | Item | ChatMessage;

export interface PackLike {
  collection: string;
  documentName: string;
  locked: boolean;
  metadata: { packageType: string; label?: string };
  index: { size: number };
  configure(changes: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<unknown[]>;
}

const DOCUMENT_CLASSES = {
  Actor: () => CONFIG.Actor.documentClass,
  Item: () => CONFIG.Item.documentClass,
  ChatMessage: () => CONFIG.ChatMessage.documentClass,
};

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

function migratable(doc: StoredDocument): Migratable {
  const { expandObject } = foundry.utils;
  return {
    id: doc.id ?? "",
    name: doc.name ?? "",
    source: () => doc.toObject(),
    validate: (changes) =>
      void doc.validate({ changes: expandObject(changes), clean: true, fallback: false }),
  };
}

function collectionBatch(
  kind: DocumentKind,
  name: keyof typeof DOCUMENT_CLASSES,
  docs: StoredDocument[],
  pack?: string,
): Batch {
  const options = pack ? { ...DIFF_OFF, pack } : DIFF_OFF;
  return {
    kind,
    topLevel: true,
    documents: docs.map(migratable),
    write: (updates) => DOCUMENT_CLASSES[name]().updateDocuments(updates, options),
  };
}

function itemBatches(actors: Actor[]): Batch[] {
  return actors.map((actor) => ({
    kind: "item",
    topLevel: false,
    documents: actor.items.contents.map(migratable),
    write: (updates) => actor.updateEmbeddedDocuments("Item", updates, DIFF_OFF),
  }));
}

/** World actors (then each one's items), world items and chat messages. */
export function worldBatches(): Batch[] {
  const { actors, items, messages } = game;
  return [
    collectionBatch("actor", "Actor", actors.contents),
    ...itemBatches(actors.contents),
    collectionBatch("item", "Item", items.contents),
    collectionBatch("message", "ChatMessage", messages.contents),
  ];
}

/** The documents of a world compendium, in the same batches. */
export function packBatches(pack: PackLike, docs: unknown[]): Batch[] {
  if (pack.documentName === "Item") {
    const items = docs.filter((doc) => doc instanceof Item);
    return [collectionBatch("item", "Item", items, pack.collection)];
  }
  const actors = docs.filter((doc) => doc instanceof Actor);
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
  return game.scenes.contents.flatMap((scene) =>
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
  return game.packs.contents.filter(
    (pack) => pack.metadata.packageType === "world" && ["Actor", "Item"].includes(pack.documentName),
  );
}

/** Documents a migration would read; a world with none is new. */
export function worldDocumentCount(): number {
  const { actors, items, messages } = game;
  const tokens = unlinkedTokens().length;
  const packed = worldPacks().reduce((sum, pack) => sum + pack.index.size, 0);
  return actors.contents.length + items.contents.length + messages.contents.length + tokens + packed;
}
