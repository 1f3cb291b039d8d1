/** npm run bench: runs tools/bench.ts through Vite's module runner (TypeScript, no build step). */
import { join, resolve } from "node:path";
import { runnerImport } from "vite";

await runnerImport(join(resolve(import.meta.dirname, ".."), "tools/bench.ts"), {
  configFile: false,
  logLevel: "silent",
});
