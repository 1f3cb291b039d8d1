/**
 * `npm run sim -- <encounter.yaml> [--fights N] [--seed S] [--sweep entry=FROM..TO] [--json]`:
 * simulates an encounter file's fight many times and prints the odds with their 95% intervals.
 * A sweep repeats it for each count of one entry (`--sweep adversaries/goblin=3..8`).
 */
import { readFileSync } from "node:fs";
import {
  encounterOdds,
  shownMean,
  shownPercent,
  type Estimate,
  type Odds,
  type SimulationPolicy,
  type SimulationRules,
} from "../src/rules/simulation";
import { EncounterFileError, encounterOf, parseEncounterFile, type EncounterFile } from "./encounter-file";

interface Arguments {
  file: string;
  fights?: number;
  seed?: number;
  sweep?: { key: string; from: number; to: number };
  json: boolean;
}

const USAGE =
  "usage: npm run sim -- <encounter.yaml> [--fights N] [--seed S] [--sweep entry=FROM..TO] [--json]";

function positive(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new EncounterFileError(`${flag} needs a whole number above 0`);
  return n;
}

function parseArguments(argv: readonly string[]): Arguments {
  const parsed: Arguments = { file: "", json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--fights") parsed.fights = positive(arg, argv[++i]);
    else if (arg === "--seed") parsed.seed = positive(arg, argv[++i]);
    else if (arg === "--json") parsed.json = true;
    else if (arg === "--sweep") {
      const match = /^(.+)=(\d+)\.\.(\d+)$/.exec(argv[++i] ?? "");
      if (!match) throw new EncounterFileError("--sweep needs entry=FROM..TO, e.g. adversaries/goblin=3..8");
      parsed.sweep = { key: match[1] ?? "", from: Number(match[2]), to: Number(match[3]) };
    } else if (arg !== undefined && !arg.startsWith("--") && parsed.file === "") parsed.file = arg;
    else throw new EncounterFileError(`unknown argument "${arg}"\n${USAGE}`);
  }
  if (parsed.file === "") throw new EncounterFileError(USAGE);
  return parsed;
}

const percent = (e: Estimate): string => {
  const shown = shownPercent(e);
  return `${shown.value}% ± ${shown.margin}`;
};
const mean = (e: Estimate): string => {
  const shown = shownMean(e);
  return `${shown.value.toFixed(1)} ± ${shown.margin.toFixed(1)}`;
};

function rulesLine(rules: SimulationRules): string {
  const on = (flag: boolean): string => (flag ? "on" : "off");
  return (
    `death rule ${rules.deathRule}, damage rule ${rules.damageRule}, initiative ${rules.initiativeMode}, ` +
    `morale ${on(rules.morale)}, detachments ${on(rules.detachments)}, Emergency Retreat ${on(rules.emergencyRetreat)}`
  );
}

/** The policy in words, as the README states it. */
export function policyLines(policy: SimulationPolicy, rules: SimulationRules): string[] {
  const foes =
    policy.foes === "break-at-morale" && rules.morale
      ? "Foes check morale (by kind) at their first loss, when half are out and when their leader falls; who fails flees."
      : "Foes fight to the end.";
  const party =
    policy.party === "retreat-at-half" && rules.emergencyRetreat
      ? "The party calls an Emergency Retreat once half of it is taken out."
      : "The party fights to the end.";
  return [
    "Everyone reaches everyone. Each combatant spends every action attacking the standing enemy with the",
    "least endurance + health left, with its best weapon. A hit that would cut into health meets a Block, else",
    "a Parry (physical), else a Dodge; otherwise the reaction is kept for fortifying, which is always tried.",
    "Fallen enemies are left alone: no killing strikes, healing, movement, cover or Command.",
    `${foes} ${party}`,
  ];
}

function report(odds: Odds): string[] {
  const threat = odds.threats[0];
  return [
    `  Party wins              ${percent(odds.partyWins)}`,
    `  Foes win                ${percent(odds.foesWin)}`,
    ...(odds.retreats.value > 0 ? [`  Party retreats          ${percent(odds.retreats)}`] : []),
    ...(odds.stalemates.value > 0 ? [`  Still going (30 rounds) ${percent(odds.stalemates)}`] : []),
    `  At least one death      ${percent(odds.anyDeath)}`,
    `  Deaths (expected)       ${mean(odds.deaths)}`,
    `  Taken out (expected)    ${mean(odds.takenOut)}`,
    `  Rounds (expected)       ${mean(odds.rounds)}`,
    `  Retreat now is better   ${percent(odds.retreatBetter)}`,
    threat
      ? `  Most dangerous foe      ${threat.name}: takes out ${threat.takesOut.toFixed(2)}, deals ${threat.damage.toFixed(1)} a fight`
      : "  Most dangerous foe      none",
  ];
}

function oddsOf(file: EncounterFile, args: Arguments, counts: Record<string, number> = {}): Odds {
  const odds = encounterOdds(encounterOf(file, counts), {
    fights: args.fights ?? file.fights ?? 10_000,
    seed: args.seed ?? file.seed ?? 1,
  });
  if (typeof odds === "string") throw new EncounterFileError(`the encounter cannot be simulated: ${odds}`);
  return odds;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    throw new EncounterFileError(`cannot read "${path}"`);
  }
}

function main(argv: readonly string[]): void {
  const args = parseArguments(argv);
  const file = parseEncounterFile(readText(args.file));
  const sweep = args.sweep;
  const runs: { label: string; odds: Odds }[] = [];
  if (sweep) {
    const known = [...file.sides.party, ...file.sides.foes].some((entry) => entry.key === sweep.key);
    if (!known) throw new EncounterFileError(`--sweep: no entry "${sweep.key}" in ${args.file}`);
    for (let count = sweep.from; count <= sweep.to; count++)
      runs.push({ label: `${sweep.key} × ${count}`, odds: oddsOf(file, args, { [sweep.key]: count }) });
  } else runs.push({ label: args.file, odds: oddsOf(file, args) });
  if (args.json) {
    console.log(JSON.stringify(runs, null, 2));
    return;
  }
  const fights = runs[0]?.odds.fights ?? 0;
  console.log(`${args.file}: ${fights} fights each, seed ${args.seed ?? file.seed ?? 1} (95% intervals)`);
  console.log(`Rules: ${rulesLine(file.rules)}`);
  console.log(`Policy: ${policyLines(file.policy, file.rules).join("\n        ")}`);
  for (const run of runs) console.log(`\n${run.label}\n${report(run.odds).join("\n")}`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof EncounterFileError)) throw error;
  console.error(`sim: ${error.message}`);
  process.exitCode = 1;
}
