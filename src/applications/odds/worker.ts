/**
 * The encounter-odds Web Worker (built with the bundle as odds-worker.mjs): it runs the simulator off
 * the main thread, so the tracker never waits for it. It posts a first estimate after
 * FIRST_ESTIMATE_FIGHTS fights, then the full figures.
 */
import { seededDice } from "../../rules/dice";
import {
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
