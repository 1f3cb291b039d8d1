/**
 * `npm run bench`, encounter odds (issue 28): how long simulated fights take. It runs first, in a
 * fresh process, so "the first 1,000 fights" is measured cold (nothing compiled yet), as a Web
 * Worker meets them. Each figure is given as the process's CPU time (the garbage collector's and the
 * compiler's helper threads included, so it never flatters) and the fastest wall-clock run (the one
 * least disturbed by other work on a shared machine). It prints; it never passes or fails on timing.
 */
import { cpus, loadavg } from "node:os";
import { seededDice } from "../src/rules/dice";
import { emptyTally, prepareFight, runFights, type PreparedFight } from "../src/rules/simulation";
import { exampleEncounter } from "./example-encounter";

/** The example's characters (times each) against goblins and archers, fighting to the end. */
function prepared(times: number, goblins: number, archers: number): PreparedFight {
  const result = prepareFight(exampleEncounter({ times, goblins, archers }));
  if (typeof result === "string") throw new Error(result);
  return result;
}

interface Timing {
  cpu: number;
  wall: number;
}

function measure(p: PreparedFight, fights: number, seed: number): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  runFights(p, fights, seededDice(seed), emptyTally(p.templates.length));
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall };
}

/** Several runs: the mean CPU time and the fastest wall-clock time. */
function repeated(p: PreparedFight, fights: number, runs: number): Timing {
  const timings = Array.from({ length: runs }, (_, i) => measure(p, fights, i + 2));
  return {
    cpu: timings.reduce((sum, t) => sum + t.cpu, 0) / runs,
    wall: Math.min(...timings.map((t) => t.wall)),
  };
}

const ms = (t: Timing): string => `${t.cpu.toFixed(0)} ms CPU, fastest wall ${t.wall.toFixed(0)} ms`;

const FIRST_TARGET_MS = 100;
const FULL_TARGET_MS = 1000;

/** A new encounter's first estimate: preparing it (stat blocks worked out once) and its first 1,000 fights. */
function firstEstimate(times: number, goblins: number, archers: number, seed: number): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const p = prepared(times, goblins, archers);
  runFights(p, 1_000, seededDice(seed), emptyTally(p.templates.length));
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall };
}

const first = firstEstimate(1, 4, 2, 1);
const fourSix = prepared(1, 4, 2);
const full = repeated(fourSix, 10_000, 3);
// The same first estimate for another encounter (5 goblins, 1 archer) once the code is compiled, as
// a worker that has already simulated a fight meets it: the difference from the cold one is V8's
// one-time compiling, not the simulator's work.
const warmFirst = firstEstimate(1, 5, 1, 7);
const rows: [string, string][] = [
  [`first 1,000 fights, 4 v 6, cold process (target < ${FIRST_TARGET_MS} ms)`, ms(first)],
  [`first 1,000 fights of a new 4 v 6, code compiled`, ms(warmFirst)],
  [`10,000 fights, 4 v 6, to the end (target < ${FULL_TARGET_MS} ms)`, ms(full)],
];
for (const [label, times, goblins, archers] of [
  ["4 v 6", 1, 4, 2],
  ["8 v 12", 2, 8, 4],
  ["12 v 20", 3, 14, 6],
] as const) {
  const t = repeated(prepared(times, goblins, archers), 2_000, 2);
  rows.push([`1,000 fights, ${label} (scaling)`, ms({ cpu: t.cpu / 2, wall: t.wall / 2 })]);
}

const width = Math.max(...rows.map(([label]) => label.length));
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
console.log(`\nEncounter odds (issue 28); load average ${load} on ${cpus().length} cores`);
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
