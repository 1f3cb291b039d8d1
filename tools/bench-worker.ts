/**
 * `npm run bench`, encounter odds in a browser (issue 28): the built worker (dist/odds-worker.mjs) in
 * Chromium's Web Worker, as the GM's client meets it. A new worker pays for its start, its module's
 * load and its warm-up (V8 compiling the simulator on the example fight) before it says ready, as
 * the GM's client starts it when the world is ready; the requests after it meet compiled code. Wall
 * clock in the page (a browser gives no CPU time), so a loaded machine inflates it. It prints; it
 * skips itself when dist/ is not built or no Chromium is found.
 */
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import type { Encounter } from "../src/rules/simulation";
import { exampleEncounter } from "./example-encounter";
import { findBrowser, thisMachine } from "./find-browser.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const WORKER = join(ROOT, "dist/odds-worker.mjs");

/**
 * Milliseconds from a new worker's start to its ready (its warm-up), then from posting each request
 * to its first estimate and to its full figures, for each encounter in turn.
 */
type Timings = { warm: number; timings: { first: number; full: number }[] };

async function timeInWorker(browserPath: string, encounters: Encounter[]): Promise<Timings> {
  const code = readFileSync(WORKER, "utf8");
  const browser = await chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: ["--no-sandbox"],
  });
  try {
    const page = await browser.newPage();
    // A stand-in for Foundry's server: a game page, and the worker beside it.
    await page.route("http://brink.test/**", (route) =>
      route.request().url().endsWith("/odds-worker.mjs")
        ? route.fulfill({ contentType: "text/javascript", body: code })
        : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>game</title>" }),
    );
    await page.goto("http://brink.test/game");
    return await page.evaluate(async (asked) => {
      const worker = new Worker("odds-worker.mjs", { type: "module" });
      const started = performance.now();
      const warm = await new Promise<number>((done, fail) => {
        worker.onerror = (event) => fail(new Error(event.message));
        worker.onmessage = (event: MessageEvent<{ ready?: boolean }>) => {
          if (event.data.ready) done(performance.now() - started);
        };
      });
      const timings: { first: number; full: number }[] = [];
      for (const [index, encounter] of asked.entries()) {
        const start = performance.now();
        timings.push(
          await new Promise((done, fail) => {
            let first = 0;
            worker.onerror = (event) => fail(new Error(event.message));
            worker.onmessage = (event: MessageEvent<{ final: boolean }>) => {
              if (!event.data.final) first = performance.now() - start;
              else done({ first, full: performance.now() - start });
            };
            worker.postMessage({ id: index + 1, encounter, fights: 10_000, seed: 1 });
          }),
        );
      }
      worker.terminate();
      return { warm, timings };
    }, encounters);
  } finally {
    await browser.close();
  }
}

const search = findBrowser(thisMachine());
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(", ");
console.log(`\nEncounter odds in Chromium's Web Worker (dist/odds-worker.mjs); load average ${load}`);
if (!existsSync(WORKER)) console.log("  skipped: dist/odds-worker.mjs is not built (npm run build)");
else if (!search.found) console.log("  skipped: no Chromium found");
else {
  const { warm, timings } = await timeInWorker(search.found.path, [
    exampleEncounter({ times: 1, goblins: 4, archers: 2 }),
    exampleEncounter({ times: 1, goblins: 5, archers: 1 }),
  ]);
  const [cold, next] = timings;
  const ms = (value = 0) => `${value.toFixed(0)} ms`;
  const rows: [string, string][] = [
    ["a new worker: start, load and warm-up until ready", ms(warm)],
    ["its first 4 v 6: first estimate (1,000 fights)", ms(cold?.first)],
    ["its first 4 v 6: 10,000 fights", ms(cold?.full)],
    ["the same worker, another 4 v 6: first estimate", ms(next?.first)],
    ["the same worker, another 4 v 6: 10,000 fights", ms(next?.full)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value} wall`);
}
