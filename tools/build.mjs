/**
 * Builds the installable system into dist/: the bundled module, the manifest, static files and
 * the compiled compendium packs. `--watch` rebuilds the bundle and re-copies static files on change.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "vite";
import { compilePacks } from "./packs.mjs";
import { releaseFields } from "./release-manifest.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
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

function copyStatic() {
  for (const dir of STATIC) cpSync(join(ROOT, dir), join(DIST, dir), { recursive: true });
  for (const file of FILES) if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(DIST, file));
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  writeFileSync(join(DIST, "system.json"), `${JSON.stringify(manifestFor(pkg), null, 2)}\n`);
}

/** Issue 28: the encounter-odds Web Worker, a self-contained module beside the bundle. */
const WORKER = { entry: "src/applications/odds/worker.ts", file: "odds-worker.mjs" };

function viteConfig(
  lib = { entry: join(ROOT, "src/brink.ts"), formats: ["es"], fileName: () => "brink.mjs" },
) {
  return {
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    build: {
      outDir: DIST,
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
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  const count = await compilePacks(join(DIST, "packs"));
  copyStatic();
  await build(viteConfig());
  await build(viteConfig({ entry: join(ROOT, WORKER.entry), formats: ["es"], fileName: () => WORKER.file }));
  console.log(
    `Built dist/: brink.mjs, ${WORKER.file}, system.json, ${STATIC.join(", ")} and ${count} pack documents.`,
  );
  if (watchMode) {
    for (const dir of STATIC) watch(join(ROOT, dir), { recursive: true }, () => copyStatic());
    watch(join(ROOT, "system.json"), () => copyStatic());
    console.log("Watching src/, templates/, lang/, styles/ and assets/ (packs: run `npm run pack:compile`).");
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
