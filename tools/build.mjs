/**
 * Builds the installable system into dist/: the bundled module, the manifest, static files and
 * the compiled compendium packs. `--watch` rebuilds the bundle and re-copies static files on change.
 *
 * dist/ is built into place, never removed: a Foundry world that links it keeps its link. The build
 * goes to a staging folder beside it (same depth, so source map paths hold), then each changed file
 * replaces its old copy in one rename, files the build no longer makes are removed, and unchanged
 * files are not touched. Two builds at once each stage in their own folder.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { build, runnerImport } from "vite";
import { compilePacks } from "./packs.mjs";
import { shippedMarkdown } from "./markdown-links.mjs";
import { releaseFields } from "./release-manifest.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
const STAGE = join(ROOT, `.dist-next-${process.pid}`);
/** Another build's file on its way in (see syncInto): never removed as stale. */
const IN_FLIGHT = /\.\d+\.tmp$/;
const STATIC = ["templates", "lang", "styles", "assets"];
const FILES = ["LICENSE", "README.md", "CHANGELOG.md"];
const watchMode = process.argv.includes("--watch");

/**
 * The manifest, with its version and release URLs taken from package.json so dist/ never disagrees
 * with it (`npm run release:check` is what keeps the source system.json in step).
 */
export function manifestFor(pkg) {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
  return { ...manifest, ...releaseFields(pkg) };
}

function copyStatic(outDir = DIST) {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  for (const dir of STATIC) cpSync(join(ROOT, dir), join(outDir, dir), { recursive: true });
  for (const file of FILES) {
    if (!existsSync(join(ROOT, file))) continue;
    if (file.endsWith(".md"))
      writeFileSync(join(outDir, file), shippedMarkdown(readFileSync(join(ROOT, file), "utf8"), pkg));
    else cpSync(join(ROOT, file), join(outDir, file));
  }
  writeFileSync(join(outDir, "system.json"), `${JSON.stringify(manifestFor(pkg), null, 2)}\n`);
}

/** Makes `to` hold exactly what `from` holds, replacing each changed file atomically. */
function syncInto(from, to) {
  mkdirSync(to, { recursive: true });
  const wanted = new Set(readdirSync(from));
  for (const name of readdirSync(to))
    if (!wanted.has(name) && !IN_FLIGHT.test(name)) rmSync(join(to, name), { recursive: true, force: true });
  for (const name of wanted) {
    const source = join(from, name);
    const target = join(to, name);
    const sourceIsFolder = statSync(source).isDirectory();
    if (existsSync(target) && statSync(target).isDirectory() !== sourceIsFolder)
      rmSync(target, { recursive: true, force: true });
    if (sourceIsFolder) {
      syncInto(source, target);
      continue;
    }
    const bytes = readFileSync(source);
    if (existsSync(target) && readFileSync(target).equals(bytes)) continue;
    const incoming = `${target}.${process.pid}.tmp`;
    writeFileSync(incoming, bytes);
    renameSync(incoming, target);
  }
}

/** Issue 28: the encounter-odds Web Worker, a self-contained module beside the bundle. */
const WORKER = { entry: "src/applications/odds/worker.ts", file: "odds-worker.mjs" };
const MAIN_LIB = { entry: join(ROOT, "src/brink.ts"), formats: ["es"], fileName: () => "brink.mjs" };
const WORKER_LIB = { entry: join(ROOT, WORKER.entry), formats: ["es"], fileName: () => WORKER.file };

/** The worker's warm-up fight (tools/example-encounter.ts), inlined as a constant. */
async function workerConstants() {
  const { module } = await runnerImport(join(ROOT, "tools/example-encounter.ts"), {
    configFile: false,
    logLevel: "silent",
  });
  return { BRINK_ODDS_WARM_UP: JSON.stringify(module.exampleEncounter()) };
}

function viteConfig(outDir = DIST, lib = MAIN_LIB, define = {}) {
  return {
    configFile: false,
    define,
    root: ROOT,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      minify: false,
      target: "es2022",
      lib,
      rollupOptions: { output: { chunkFileNames: "chunks/[name]-[hash].mjs" } },
      watch: watchMode ? {} : null,
    },
  };
}

async function main() {
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(STAGE, { recursive: true });
  try {
    const count = await compilePacks(join(STAGE, "packs"));
    copyStatic(STAGE);
    const constants = { [MAIN_LIB.entry]: {}, [WORKER_LIB.entry]: await workerConstants() };
    for (const lib of [MAIN_LIB, WORKER_LIB]) {
      const config = viteConfig(STAGE, lib, constants[lib.entry]);
      await build({ ...config, build: { ...config.build, watch: null } });
    }
    syncInto(STAGE, DIST);
    console.log(
      `Built dist/: brink.mjs, ${WORKER.file}, system.json, ${STATIC.join(", ")} and ${count} pack documents.`,
    );
  } finally {
    rmSync(STAGE, { recursive: true, force: true });
  }
  if (watchMode) {
    await build(viteConfig());
    for (const dir of STATIC) watch(join(ROOT, dir), { recursive: true }, () => copyStatic());
    watch(join(ROOT, "system.json"), () => copyStatic());
    console.log("Watching src/, templates/, lang/, styles/ and assets/ (packs: run `npm run pack:compile`).");
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
