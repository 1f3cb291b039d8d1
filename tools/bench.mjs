/**
 * npm run bench. The encounter simulator's figures come first, from a fresh process, with the
 * simulator bundled the way `npm run build` bundles the odds worker (one module, plain calls between
 * functions), so "the first 1,000 fights" meets code nothing has compiled yet, as the Web Worker
 * does. Then the built worker in Chromium (bench-worker.ts), and the other figures, both through
 * Vite's module runner (TypeScript, no build step).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, runnerImport } from "vite";

const ROOT = resolve(import.meta.dirname, "..");

const bundleDir = mkdtempSync(join(tmpdir(), "brink-bench-"));
try {
  await build({
    configFile: false,
    logLevel: "silent",
    root: ROOT,
    // The bundle lives outside tools/: it is told where the project is.
    define: { "import.meta.dirname": JSON.stringify(join(ROOT, "tools")) },
    // Everything in the one file (the YAML reader too), as the worker is built.
    ssr: { noExternal: true },
    build: {
      ssr: join(ROOT, "tools/bench-simulation.ts"),
      outDir: bundleDir,
      emptyOutDir: false,
      minify: false,
      target: "es2022",
      rollupOptions: { output: { entryFileNames: "bench-simulation.mjs" } },
    },
  });
  await import(pathToFileURL(join(bundleDir, "bench-simulation.mjs")).href);
} finally {
  rmSync(bundleDir, { recursive: true, force: true });
}

for (const bench of ["tools/bench-worker.ts", "tools/bench.ts"])
  await runnerImport(join(ROOT, bench), { configFile: false, logLevel: "silent" });
