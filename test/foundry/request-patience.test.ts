/**
 * Slow answers. The GM's client may take its time (dice typed by hand, a dialog, a busy machine);
 * a player's request never gives up on a GM who is still there, says the GM's client is still
 * working, and nothing is carried out twice: a repeated click while it waits joins the first, and
 * the same request asked again (the relay's own retry) gets the first answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications, session, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { bootBrink } from "./boot";

await bootBrink();
const { registerRequest, requestFromGM } = await import("../../src/requests");

const gm = session.user;
const player = users.get("patient") ?? users.add(makeUser({ id: "patient", name: "Pat", isGM: false }));

/** A request the GM's client carries out only when the test opens the gate, as a slow GM would. */
let carriedOut = 0;
let openGate: () => void = () => undefined;
registerRequest("test.slow", async () => {
  await new Promise<void>((resolve) => (openGate = resolve));
  carriedOut += 1;
  return { ok: true, attack: carriedOut };
});

beforeEach(() => {
  carriedOut = 0;
  notifications.log.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  gm.active = true;
});

const stillWorking =
  "The GM's client is still working on this. It will be done once; there is no need to ask again.";

describe("a slow answer", () => {
  it("keeps the player waiting with a 'still working' note, not a timeout, and carries the request out once", async () => {
    const first = asUser(player, () => requestFromGM("test.slow", { weapon: "spear" }));
    await vi.advanceTimersByTimeAsync(35_000);
    expect(notifications.log).toEqual([{ level: "info", message: stillWorking }]);
    // The player clicks again while the first still waits: it joins the first.
    const again = asUser(player, () => requestFromGM("test.slow", { weapon: "spear" }));
    openGate();
    await vi.advanceTimersByTimeAsync(100);
    expect(await first).toEqual({ ok: true, attack: 1 });
    expect(await again).toEqual({ ok: true, attack: 1 });
    expect(carriedOut).toBe(1);
  });

  it("tells the player when the GM who was carrying it out has left, instead of waiting for ever", async () => {
    const asked = asUser(player, () => requestFromGM("test.slow", { weapon: "axe" }));
    await vi.advanceTimersByTimeAsync(100);
    gm.active = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await asked).toEqual({ ok: false, reason: "BRINK.Request.gmLeft" });
    openGate();
    await vi.advanceTimersByTimeAsync(100);
  });
});
