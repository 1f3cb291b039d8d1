/**
 * The example encounter (tools/encounters/goblin-ambush.yaml) fighting to the end, no morale and no
 * retreat: what `npm run bench` times, and the fight the odds worker simulates once when it starts
 * (`npm run build` inlines it into dist/odds-worker.mjs), so V8 has compiled the simulator before
 * the GM's first real request.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_POLICY, type Encounter } from "../src/rules/simulation";
import { encounterOf, parseEncounterFile } from "./encounter-file";

const ROOT = resolve(import.meta.dirname, "..");

export interface ExampleCounts {
  /** How many of each of the party's characters. */
  readonly times: number;
  readonly goblins: number;
  readonly archers: number;
}

/** Read once: the bench times building encounters from it, not reading the file. */
const file = parseEncounterFile(readFileSync(join(ROOT, "tools/encounters/goblin-ambush.yaml"), "utf8"));

/** The example with its own counts, or with the counts given. */
export function exampleEncounter(counts?: ExampleCounts): Encounter {
  const toTheEnd = { ...file, policy: DEFAULT_POLICY };
  if (!counts) return encounterOf(toTheEnd);
  const party = Object.fromEntries(file.sides.party.map((entry) => [entry.key, counts.times]));
  return encounterOf(toTheEnd, {
    ...party,
    "adversaries/goblin": counts.goblins,
    "adversaries/goblin-archer": counts.archers,
  });
}
