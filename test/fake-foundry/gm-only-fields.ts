/**
 * The server's GM-only fields: a system declares, per document subtype in `system.json`
 * `documentTypes`, `gmOnlyFields` (paths relative to `system`, `*` for any key of an array or
 * object). A user who is not a GM may not change their values; the update is refused whole.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plain } from "./utils";

type DocumentTypes = Record<string, Record<string, { gmOnlyFields?: string[] }>>;

const MANIFEST = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../system.json"), "utf8")) as {
  documentTypes?: DocumentTypes;
};

/** The GM-only paths (relative to `system`) a document subtype declares. */
export function gmOnlyFields(documentName: string, type: string): readonly string[] {
  return MANIFEST.documentTypes?.[documentName]?.[type]?.gmOnlyFields ?? [];
}

/** Every value at a dotted path, `*` standing for each key of an object or array. */
function valuesAt(value: unknown, parts: readonly string[]): Map<string, unknown> {
  if (parts.length === 0) return new Map([["", value]]);
  const [head = "", ...rest] = parts;
  if (typeof value !== "object" || value === null) return new Map([[parts.join("."), undefined]]);
  const keys = head === "*" ? Object.keys(value) : [head];
  const found = new Map<string, unknown>();
  for (const key of keys)
    for (const [path, inner] of valuesAt((value as Plain)[key], rest))
      found.set(path ? `${key}.${path}` : key, inner);
  return found;
}

/** The first GM-only field whose value differs between two sources of a document, or null. */
export function changedGMOnlyField(documentName: string, before: Plain, after: Plain): string | null {
  const type = String(after.type ?? before.type ?? "base");
  for (const field of gmOnlyFields(documentName, type)) {
    const parts = field.split(".");
    const was = valuesAt(before.system, parts);
    const now = valuesAt(after.system, parts);
    for (const path of new Set([...was.keys(), ...now.keys()]))
      if (JSON.stringify(was.get(path)) !== JSON.stringify(now.get(path))) return `system.${path}`;
  }
  return null;
}
