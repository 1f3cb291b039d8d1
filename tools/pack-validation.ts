/**
 * Validates compendium sources against Brink's own data models, run inside the fake Foundry so the
 * same schema code that runs in a world decides what is valid. Used by the build (which fails on any
 * problem, naming the file and the reason) and by the pack tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { installFakeFoundry } from "../test/fake-foundry/install";
import type { Plain } from "../test/fake-foundry/utils";

installFakeFoundry();
const { actorModels, itemModels } = await import("../src/data");

export interface PackDefinition {
  name: string;
  type: string;
  path: string;
}

export interface SourceDocument {
  file: string;
  pack: string;
  data: Plain;
}

export interface PackProblem {
  file: string;
  reason: string;
}

const COLLECTION_KEYS: Record<string, string> = {
  Actor: "actors",
  Item: "items",
  JournalEntry: "journal",
  RollTable: "tables",
};
const EMBEDDED: Record<string, Record<string, string>> = {
  Actor: { items: "Item", effects: "ActiveEffect" },
  Item: { effects: "ActiveEffect" },
  JournalEntry: { pages: "JournalEntryPage" },
  RollTable: { results: "TableResult" },
};
interface ModelClass {
  new (source: Plain, options: { strict: boolean }): unknown;
  cleanData(source: Plain): unknown;
}
// Brink's model classes, seen through the two Foundry DataModel statics the validator needs.
const MODELS = { Actor: actorModels, Item: itemModels } as unknown as Record<
  string,
  Record<string, ModelClass>
>;
const ID = /^[A-Za-z0-9]{16}$/;
const UUID_LINK = /Compendium\.brink\.([\w-]+)\.(\w+)\.([A-Za-z0-9]{16})/g;

export function readPackSources(root: string, packs: PackDefinition[]): SourceDocument[] {
  return packs.flatMap((pack) => {
    const folder = join(root, pack.name);
    const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) =>
      /\.(ya?ml|json)$/.test(f),
    );
    return files.map((file) => {
      const path = join(folder, file);
      const text = readFileSync(path, "utf8");
      const data = (file.endsWith(".json") ? JSON.parse(text) : parse(text)) as Plain;
      return { file: relative(process.cwd(), path), pack: pack.name, data };
    });
  });
}

function unknownKeys(source: Plain, cleaned: Plain, prefix: string): string[] {
  return Object.entries(source).flatMap(([key, value]) => {
    if (!(key in cleaned)) return [`${prefix}${key}`];
    const next = cleaned[key];
    const isObject = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);
    return isObject(value) && isObject(next) ? unknownKeys(value, next, `${prefix}${key}.`) : [];
  });
}

function validateSystem(documentName: string, data: Plain, where: string): string[] {
  const models = MODELS[documentName];
  if (!models) return [];
  const type = String(data.type ?? "");
  const model = models[type];
  if (!model)
    return [
      `${where}: type "${type}" is not a Brink ${documentName} type (${Object.keys(models).join(", ")})`,
    ];
  const system = (data.system ?? {}) as Plain;
  try {
    new model(structuredClone(system), { strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split("; ").map((failure) => `${where}: system.${failure}`);
  }
  const cleaned = model.cleanData(structuredClone(system)) as Plain;
  return unknownKeys(system, cleaned, "system.").map((path) => `${where}: ${path} is not a field of ${type}`);
}

function checkDocument(
  documentName: string,
  data: Plain,
  expectedKey: string,
  where: string,
  ids: Map<string, string>,
  file: string,
): string[] {
  const problems: string[] = [];
  const id = data._id;
  if (typeof id !== "string" || !ID.test(id))
    problems.push(`${where}: _id must be 16 letters or digits (got ${JSON.stringify(id)})`);
  else {
    const seen = ids.get(`${documentName}:${id}`);
    if (seen) problems.push(`${where}: _id ${id} is already used in ${seen}`);
    ids.set(`${documentName}:${id}`, file);
  }
  if (data._key !== expectedKey)
    problems.push(`${where}: _key must be "${expectedKey}" (got ${JSON.stringify(data._key)})`);
  if (typeof data.name !== "string" && documentName !== "TableResult")
    problems.push(`${where}: name is missing`);
  problems.push(...validateSystem(documentName, data, where));
  for (const [collection, childName] of Object.entries(EMBEDDED[documentName] ?? {})) {
    const children = data[collection];
    if (children === undefined) continue;
    if (!Array.isArray(children)) {
      problems.push(`${where}: ${collection} must be a list`);
      continue;
    }
    const parentKey = expectedKey.split("!")[1] ?? "";
    children.forEach((child: Plain, index) => {
      const childKey = `!${parentKey}.${collection}!${String(id)}.${String(child._id)}`;
      problems.push(
        ...checkDocument(childName, child, childKey, `${where} ${collection}[${index}]`, ids, file),
      );
    });
  }
  return problems;
}

function links(value: unknown): { pack: string; type: string; id: string }[] {
  if (typeof value === "string")
    return [...value.matchAll(UUID_LINK)].map(([, pack = "", type = "", id = ""]) => ({ pack, type, id }));
  if (Array.isArray(value)) return value.flatMap(links);
  if (value && typeof value === "object") return Object.values(value).flatMap(links);
  return [];
}

/** Every problem in the sources, each naming its file. An empty list means the packs may be built. */
export function validatePackSources(documents: SourceDocument[], packs: PackDefinition[]): PackProblem[] {
  const problems: PackProblem[] = [];
  const ids = new Map<string, string>();
  const byPack = new Map(packs.map((p) => [p.name, p]));
  const known = new Map<string, Set<string>>();
  for (const doc of documents) {
    const pack = byPack.get(doc.pack);
    if (!pack) continue;
    const collection = COLLECTION_KEYS[pack.type] ?? pack.type.toLowerCase();
    const expectedKey = `!${collection}!${String(doc.data._id)}`;
    for (const reason of checkDocument(pack.type, doc.data, expectedKey, doc.file, ids, doc.file)) {
      problems.push({ file: doc.file, reason });
    }
    known.set(doc.pack, (known.get(doc.pack) ?? new Set()).add(String(doc.data._id)));
  }
  for (const doc of documents) {
    for (const link of links(doc.data)) {
      const target = byPack.get(link.pack);
      if (!target)
        problems.push({ file: doc.file, reason: `links to pack "${link.pack}", which Brink does not ship` });
      else if (target.type !== link.type)
        problems.push({
          file: doc.file,
          reason: `links to a ${link.type} in ${link.pack}, which holds ${target.type}`,
        });
      else if (!known.get(link.pack)?.has(link.id))
        problems.push({ file: doc.file, reason: `links to ${link.pack}/${link.id}, which does not exist` });
    }
  }
  return problems;
}
