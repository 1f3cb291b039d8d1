/** Prints one plain closing line for the whole run ("N passed, N failed") from vitest's JSON report. */
import { existsSync, readFileSync } from "node:fs";

const REPORT = "test-results/vitest.json";
if (!existsSync(REPORT)) {
  console.log("0 passed, 0 failed: vitest stopped before it wrote its report (see the errors above)");
  process.exit(1);
}
const report = JSON.parse(readFileSync(REPORT, "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
const failedFiles = report.testResults.filter(
  (file) => file.status === "failed" && file.assertionResults.length === 0,
);
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}` +
    (failedFiles.length ? `, ${failedFiles.length} test file(s) failed to load` : ""),
);
process.exit(report.numFailedTests === 0 && failedFiles.length === 0 && report.numTotalTests > 0 ? 0 : 1);
