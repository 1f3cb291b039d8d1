/**
 * Asking for an encounter's odds from the main thread: the Web Worker built with the bundle runs
 * the simulator; where no Worker exists (a test world) or it fails to start, the same simulator runs
 * in-process after the current task. Results are cached per fight state (the whole input is the
 * key), so re-rendering the tracker never runs a fight twice.
 */
import { SYSTEM_PATH } from "../../constants";
import {
  DEFAULT_FIGHTS,
  encounterOdds,
  type Encounter,
  type EncounterProblem,
  type Odds,
} from "../../rules/simulation";
import type { OddsReply, OddsRequest } from "./protocol";

export const ODDS_WORKER_PATH = `${SYSTEM_PATH}/odds-worker.mjs`;
/** The same state always gives the same figures. */
export const ODDS_SEED = 1;
const CACHE_SIZE = 64;

export type OddsResult =
  { readonly odds: Odds; readonly final: boolean } | { readonly problem: EncounterProblem };

const cache = new Map<string, OddsResult>();
const running = new Map<string, Promise<OddsResult>>();

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<
  number,
  { key: string; resolve: (result: OddsResult) => void; onFirst?: () => void }
>();

export const stateKey = (encounter: Encounter): string => JSON.stringify(encounter);

/** The odds of this state if they are known (or a first estimate is). */
export const knownOdds = (encounter: Encounter): OddsResult | undefined => cache.get(stateKey(encounter));

function remember(key: string, result: OddsResult): void {
  cache.delete(key);
  cache.set(key, result);
  const oldest = cache.keys().next().value;
  if (cache.size > CACHE_SIZE && oldest !== undefined) cache.delete(oldest);
}

function onReply(event: MessageEvent<OddsReply>): void {
  const reply = event.data;
  if ("ready" in reply) return;
  const entry = waiting.get(reply.id);
  if (!entry) return;
  const result: OddsResult =
    "problem" in reply ? { problem: reply.problem } : { odds: reply.odds, final: reply.final };
  remember(entry.key, result);
  if (!reply.final) {
    entry.onFirst?.();
    return;
  }
  waiting.delete(reply.id);
  entry.resolve(result);
}

/** The worker, started once; null where Worker does not exist or cannot load the script. */
function oddsWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === "undefined") return (worker = null);
  try {
    worker = new Worker(ODDS_WORKER_PATH, { type: "module" });
    worker.addEventListener("message", onReply);
    worker.addEventListener("error", () => {
      worker = null;
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        entry.resolve(inProcess(entry.key));
      }
    });
  } catch {
    worker = null;
  }
  return worker;
}

function inProcess(key: string): OddsResult {
  const encounter = JSON.parse(key) as Encounter;
  const odds = encounterOdds(encounter, { fights: DEFAULT_FIGHTS, seed: ODDS_SEED });
  const result: OddsResult = typeof odds === "string" ? { problem: odds } : { odds, final: true };
  remember(key, result);
  return result;
}

/**
 * The GM's client starts the worker when the world is ready, so it has warmed up (see worker.ts)
 * before the first fight's odds are asked for.
 */
export function registerOddsWorkerStart(): void {
  Hooks.once("ready", () => {
    if (game.user.isGM) oddsWorker();
  });
}

/**
 * The odds of a state: from the cache, or computed once (a second caller waits for the same run).
 * `onFirst` is told when a first estimate is in the cache, before the full figures.
 */
export function requestOdds(encounter: Encounter, onFirst?: () => void): Promise<OddsResult> {
  const key = stateKey(encounter);
  const known = cache.get(key);
  if (known && (!("final" in known) || known.final)) return Promise.resolve(known);
  const started = running.get(key);
  if (started) return started;
  const active = oddsWorker();
  const promise = new Promise<OddsResult>((resolve) => {
    if (active === null) {
      setTimeout(() => resolve(inProcess(key)), 0);
      return;
    }
    const id = nextId++;
    waiting.set(id, { key, resolve, ...(onFirst ? { onFirst } : {}) });
    const request: OddsRequest = { id, encounter, fights: DEFAULT_FIGHTS, seed: ODDS_SEED };
    active.postMessage(request);
  }).finally(() => running.delete(key));
  running.set(key, promise);
  return promise;
}

/** For tests: forget every result and the worker. */
export function resetOdds(): void {
  cache.clear();
  running.clear();
  waiting.clear();
  worker?.terminate();
  worker = undefined;
}
