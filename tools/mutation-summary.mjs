/**
 * After `stryker run`: one line with the kill rate, and each file's that has survivors, from
 * Stryker's JSON report (test-results/mutation/mutation.json, or the reports named as arguments,
 * e.g. one per group of files mutated separately; a file in several counts as the last one has it). A killed or timed-out mutant counts as killed;
 * one no test covers counts as survived (the rate is Stryker's mutation score); ignored ones
 * (--ignoreStatic) count as neither.
 */
import { readFileSync } from "node:fs";

const paths = process.argv.slice(2);
const reports = (paths.length > 0 ? paths : ["test-results/mutation/mutation.json"]).map((path) =>
  JSON.parse(readFileSync(path, "utf8")),
);
const KILLED = new Set(["Killed", "Timeout"]);
const SURVIVED = new Set(["Survived", "NoCoverage"]);
const rate = (mutants) => {
  const killed = mutants.filter((m) => KILLED.has(m.status)).length;
  const valid = killed + mutants.filter((m) => SURVIVED.has(m.status)).length;
  return { killed, valid, percent: valid ? (100 * killed) / valid : 100 };
};
// A file mutated in more than one report counts once, as the last report has it (a rerun).
const files = [...new Map(reports.flatMap((report) => Object.entries(report.files))).entries()];
const rows = files.map(([file, { mutants }]) => ({ file, ...rate(mutants) }));
for (const { file, killed, valid, percent } of rows.sort((a, b) => a.percent - b.percent))
  if (killed < valid)
    console.log(`  ${percent.toFixed(1).padStart(5)} %  ${file} (${valid - killed} survived)`);
const all = rate(files.flatMap(([, { mutants }]) => mutants));
console.log(`Kill rate: ${all.percent.toFixed(1)} % (${all.killed} of ${all.valid} mutants killed)`);
