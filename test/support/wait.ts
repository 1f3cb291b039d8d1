/**
 * Waiting for what a test expects, never for a fixed time: a loaded 2-core machine is slow, not
 * wrong. Work a click starts hops through the fake socket's timers, so the test polls its condition
 * and gives up only after a generous 20 s, naming what it waited for.
 */
import { vi } from "vitest";

export const WAIT_TIMEOUT_MS = 20_000;

export async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`Still waiting for ${what}.`);
    },
    { timeout: WAIT_TIMEOUT_MS, interval: 5 },
  );
}

/**
 * Clicks a chat card's button and waits until its action has finished: the card's listener
 * (applications/chat/card-buttons.ts) disables the button until then.
 */
export async function clickAndFinish(button: HTMLElement): Promise<void> {
  button.click();
  await waitUntil(() => !(button as HTMLButtonElement).disabled, "the button's action to finish");
}
