/** Prints one plain closing line for the whole run ("N passed, N failed") from vitest's JSON report. */
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`,
);
process.exit(report.numFailedTests === 0 && report.numTotalTests > 0 ? 0 : 1);
