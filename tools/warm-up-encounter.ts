/**
 * The fight the odds worker simulates once when it starts (issue 28): the example encounter's four
 * characters against six goblins. Running a few hundred of its fights makes V8 compile the
 * simulator before the GM's first real request, so that request's first estimate comes from
 * compiled code. `npm run build` inlines it into dist/odds-worker.mjs.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_POLICY, type Encounter } from "../src/rules/simulation";
import { encounterOf, parseEncounterFile } from "./encounter-file";

const ROOT = resolve(import.meta.dirname, "..");

export function warmUpEncounter(): Encounter {
  const file = parseEncounterFile(readFileSync(join(ROOT, "tools/encounters/goblin-ambush.yaml"), "utf8"));
  return encounterOf({ ...file, policy: DEFAULT_POLICY });
}
