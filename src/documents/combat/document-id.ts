/** Documents in a collection are stored, so they have an id; the types allow null for unsaved ones. */
export const idOf = (document: { id: string | null }): string => document.id ?? "";
