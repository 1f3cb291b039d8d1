import type { Changes, DocumentSource, Migration } from "./steps";

export type DocumentKind = "actor" | "item" | "message";

/**
 * The changes every pending migration makes to one document, in version order: each step sees the
 * source as the steps before it left it.
 */
export function changesFor(
  kind: DocumentKind,
  source: DocumentSource,
  pending: readonly Migration[],
): Changes {
  const { expandObject, mergeObject } = foundry.utils;
  let working = source;
  const all: Changes = {};
  for (const migration of pending) {
    const changes = migration[kind]?.(working) ?? {};
    Object.assign(all, changes);
    // mergeObject is typed for Foundry's own objects; plain sources merge the same way.
    working = mergeObject(working, expandObject(changes), { inplace: false }) as DocumentSource;
  }
  return all;
}

/** The source with the changes applied: a whole embedded document, as an actor delta stores it. */
export function applied(source: DocumentSource, changes: Changes): DocumentSource {
  const { expandObject, mergeObject } = foundry.utils;
  // As above: a plain source merged with plain changes.
  return mergeObject(source, expandObject(changes), { inplace: false }) as DocumentSource;
}
