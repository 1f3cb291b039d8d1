/**
 * The encounter-odds Web Worker (built with the bundle as odds-worker.mjs): it runs the simulator off
 * the main thread, so the tracker never waits for it. It posts a first estimate after
 * FIRST_ESTIMATE_FIGHTS fights, then the full figures. When it starts it simulates a thousand
 * fights of the example encounter, so V8 has compiled the simulator before the first real request
 * (a cold simulator takes about three times as long over its first 1,000 fights), then says ready.
 */
import { seededDice } from "../../rules/dice";
import {
  type Encounter,
  emptyTally,
  FIRST_ESTIMATE_FIGHTS,
  prepareFight,
  runFights,
  summarise,
} from "../../rules/simulation";
import type { OddsReply, OddsRequest } from "./protocol";

interface WorkerScope {
  onmessage: ((event: MessageEvent<OddsRequest>) => void) | null;
  postMessage(message: OddsReply): void;
}

// A dedicated worker's global scope; the DOM library types the global `self` as a Window.
declare const self: WorkerScope;
const scope = self;
// The example encounter, inlined by tools/build.mjs; absent where the worker is not built.
declare const BRINK_ODDS_WARM_UP: Encounter | undefined;

const WARM_UP_FIGHTS = 1_000;

function warmUp(): void {
  const encounter = typeof BRINK_ODDS_WARM_UP === "undefined" ? undefined : BRINK_ODDS_WARM_UP;
  // Cloned as a posted request is, so the compiled code meets the objects real requests bring.
  const prepared = encounter && prepareFight(structuredClone(encounter));
  if (prepared && typeof prepared !== "string")
    runFights(prepared, WARM_UP_FIGHTS, seededDice(0), emptyTally(prepared.templates.length));
  scope.postMessage({ ready: true });
}

scope.onmessage = (event) => {
  const { id, encounter, fights, seed } = event.data;
  const prepared = prepareFight(encounter);
  if (typeof prepared === "string") {
    scope.postMessage({ id, final: true, problem: prepared });
    return;
  }
  const dice = seededDice(seed);
  const first = Math.min(fights, FIRST_ESTIMATE_FIGHTS);
  const tally = runFights(prepared, first, dice, emptyTally(prepared.templates.length));
  if (first < fights) scope.postMessage({ id, final: false, odds: summarise(prepared, tally) });
  runFights(prepared, fights - first, dice, tally);
  scope.postMessage({ id, final: true, odds: summarise(prepared, tally) });
};

// A request that arrives while warming up waits for it: the worker runs one task at a time.
warmUp();
