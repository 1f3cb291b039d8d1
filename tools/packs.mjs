/**
 * Compendium packs: sources are YAML under packs/_source/<pack>/, one document per file.
 *   node tools/packs.mjs validate            check every source against Brink's models
 *   node tools/packs.mjs compile [outDir]     validate, then write LevelDB packs (default dist/packs)
 *   node tools/packs.mjs extract [fromDir]    turn packs edited in Foundry back into clean sources
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { runnerImport } from "vite";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCE = join(ROOT, "packs/_source");

export function packDefinitions() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
  return manifest.packs.map(({ name, type, path }) => ({ name, type, path }));
}

export async function validatePacks() {
  const { module } = await runnerImport(join(ROOT, "tools/pack-validation.ts"), {
    configFile: false,
    logLevel: "silent",
  });
  const packs = packDefinitions();
  const missing = packs.filter((p) => !existsSync(join(SOURCE, p.name)));
  const problems = missing.map((p) => ({
    file: `packs/_source/${p.name}`,
    reason: "the folder for this pack is missing",
  }));
  const documents = module.readPackSources(
    SOURCE,
    packs.filter((p) => !missing.includes(p)),
  );
  problems.push(...module.validatePackSources(documents, packs));
  return { documents, problems };
}

export async function compilePacks(outDir = join(ROOT, "dist/packs")) {
  const { documents, problems } = await validatePacks();
  if (problems.length) {
    const lines = problems.map((p) => `  ${p.file}: ${p.reason.replace(`${p.file}: `, "")}`);
    throw new Error(`The compendium sources have ${problems.length} problem(s):\n${lines.join("\n")}`);
  }
  rmSync(outDir, { recursive: true, force: true });
  const stats = releaseStats();
  for (const pack of packDefinitions()) {
    await compilePack(join(SOURCE, pack.name), join(outDir, pack.name), {
      yaml: true,
      recursive: true,
      log: false,
      transformEntry: (entry) => void stampEntry(entry, stats),
    });
  }
  return documents.length;
}

/** Embedded documents a pack entry carries, each with its own `_stats`. */
const EMBEDDED = ["items", "effects", "pages", "results"];

/**
 * The `_stats` a shipped document carries, as Foundry writes it: the core version it was made for
 * (the manifest's verified version) and Brink's id and version. The sources keep `_stats` empty
 * (extract cleans it) so a diff shows only real edits; the build stamps every document.
 */
export function releaseStats() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  return {
    coreVersion: manifest.compatibility.verified,
    systemId: manifest.id,
    systemVersion: pkg.version,
    createdTime: null,
    modifiedTime: null,
    lastModifiedBy: null,
    compendiumSource: null,
    duplicateSource: null,
    exportSource: null,
  };
}

function stampEntry(entry, stats) {
  entry._stats = { ...stats };
  for (const collection of EMBEDDED) for (const child of entry[collection] ?? []) stampEntry(child, stats);
}

/** Fields Foundry rewrites on every save; kept out of the sources so diffs show real edits. */
function cleanEntry(entry) {
  if (entry._stats) entry._stats = {};
  if (entry.ownership) entry.ownership = { default: entry.ownership.default ?? 0 };
  if (entry.flags?.core) {
    delete entry.flags.core.sourceId;
    if (!Object.keys(entry.flags.core).length) delete entry.flags.core;
  }
  delete entry.flags?.exportSource;
  for (const collection of EMBEDDED) {
    for (const child of entry[collection] ?? []) cleanEntry(child);
  }
  if (entry.folder === undefined) entry.folder = null;
}

const slug = (name) =>
  String(name ?? "document")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "document";

export async function extractPacks(fromDir = join(ROOT, "dist/packs")) {
  let count = 0;
  for (const pack of packDefinitions()) {
    const from = join(fromDir, pack.name);
    if (!existsSync(from))
      throw new Error(`No compiled pack at ${from}. Build first, or name the folder holding the packs.`);
    const to = join(SOURCE, pack.name);
    mkdirSync(to, { recursive: true });
    for (const file of readdirSync(to)) if (/\.ya?ml$/.test(file)) rmSync(join(to, file));
    await extractPack(from, to, {
      yaml: true,
      log: false,
      transformEntry: (entry) => {
        cleanEntry(entry);
        count += 1;
      },
      transformName: (entry) => `${slug(entry.name)}_${entry._id}.yml`,
    });
  }
  return count;
}

const [command, target] = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (command === "validate") {
      const { documents, problems } = await validatePacks();
      for (const p of problems) console.error(`${p.file}: ${p.reason.replace(`${p.file}: `, "")}`);
      if (problems.length) process.exit(1);
      console.log(`${documents.length} pack documents are valid.`);
    } else if (command === "compile") {
      console.log(`Compiled ${await compilePacks(target ? resolve(target) : undefined)} documents.`);
    } else if (command === "extract") {
      console.log(
        `Extracted ${await extractPacks(target ? resolve(target) : undefined)} documents to packs/_source.`,
      );
    } else {
      console.error("Usage: node tools/packs.mjs validate | compile [outDir] | extract [fromDir]");
      process.exit(2);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
