/** npm run bench: runs tools/bench-simulation.ts and tools/bench.ts through Vite's module runner (TypeScript, no build step). */
import { join, resolve } from "node:path";
import { runnerImport } from "vite";

// Encounter odds first, so its "first 1,000 fights" meets code nothing has compiled yet.
for (const bench of ["tools/bench-simulation.ts", "tools/bench.ts"])
  await runnerImport(join(resolve(import.meta.dirname, ".."), bench), {
    configFile: false,
    logLevel: "silent",
  });
