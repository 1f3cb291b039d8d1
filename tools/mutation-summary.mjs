/**
 * After `stryker run`: one line with the kill rate of src/rules and src/requests, and each file's,
 * from Stryker's JSON report. A killed or timed-out mutant counts as killed; one no test covers
 * counts as survived (the rate is Stryker's mutation score).
 */
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync("test-results/mutation/mutation.json", "utf8"));
const KILLED = new Set(["Killed", "Timeout"]);
const SURVIVED = new Set(["Survived", "NoCoverage"]);
const rate = (mutants) => {
  const killed = mutants.filter((m) => KILLED.has(m.status)).length;
  const valid = killed + mutants.filter((m) => SURVIVED.has(m.status)).length;
  return { killed, valid, percent: valid ? (100 * killed) / valid : 100 };
};
const files = Object.entries(report.files).map(([file, { mutants }]) => ({ file, ...rate(mutants) }));
for (const { file, killed, valid, percent } of files.sort((a, b) => a.percent - b.percent))
  if (killed < valid)
    console.log(`  ${percent.toFixed(1).padStart(5)} %  ${file} (${valid - killed} survived)`);
const all = rate(Object.values(report.files).flatMap(({ mutants }) => mutants));
console.log(`Kill rate: ${all.percent.toFixed(1)} % (${all.killed} of ${all.valid} mutants killed)`);
