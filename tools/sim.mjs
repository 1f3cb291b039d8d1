/** npm run sim -- <encounter.yaml>: runs tools/sim.ts through Vite's module runner (TypeScript, no build step). */
import { join, resolve } from "node:path";
import { runnerImport } from "vite";

await runnerImport(join(resolve(import.meta.dirname, ".."), "tools/sim.ts"), {
  configFile: false,
  logLevel: "silent",
});
