/**
 * npm test's last step: runs every vitest project, then prints the one closing line ("N passed,
 * N failed") whether the run passed or failed. Exits non-zero when either says so.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const REPORT = join(ROOT, "test-results/vitest.json");
const require = createRequire(import.meta.url);
const vitestPackage = require.resolve("vitest/package.json");
const vitest = join(dirname(vitestPackage), require(vitestPackage).bin.vitest);

// A report left by an earlier run must not stand in for this one.
rmSync(REPORT, { force: true });
const run = spawnSync(
  process.execPath,
  [
    vitest,
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${REPORT}`,
    ...process.argv.slice(2),
  ],
  { cwd: ROOT, stdio: "inherit" },
);
const summary = spawnSync(process.execPath, [join(ROOT, "tools/test-summary.mjs")], {
  cwd: ROOT,
  stdio: "inherit",
});
process.exit(run.status === 0 && summary.status === 0 ? 0 : 1);
