import { afterEach, describe, expect, it } from "vitest";
import { notifications, session, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { bootBrink } from "./boot";

await bootBrink();
const { registerRequest, requestFromGM, refuse } = await import("../../src/requests");

const gm = session.user;
const player = users.add(makeUser({ id: "player1", name: "Player One", isGM: false }));

afterEach(() => {
  gm.active = true;
  notifications.log.length = 0;
});

describe("requests relayed to the active GM", () => {
  it("run on the GM's client, knowing which user asked", async () => {
    registerRequest("test.whoami", async (_payload, { user }) => ({
      ok: true,
      asker: user.id,
      ranAs: game.user.id,
    }));
    const result = await asUser(player, () =>
      requestFromGM<{ asker: string; ranAs: string }>("test.whoami", {}),
    );
    expect(result).toEqual({ ok: true, asker: "player1", ranAs: "gm" });
  });

  it("are refused with a message when no GM is connected", async () => {
    gm.active = false;
    const result = await asUser(player, () => requestFromGM("test.whoami", {}));
    expect(result).toEqual({ ok: false, reason: "BRINK.Request.noGM" });
    expect(game.i18n.has("BRINK.Request.noGM")).toBe(true);
  });

  it("decide two claims made in the same instant one after the other: exactly one wins", async () => {
    let claimedBy: string | null = null;
    registerRequest("test.claim", async (_payload, { user }) => {
      if (claimedBy) return refuse("BRINK.Request.alreadyClaimed");
      await new Promise((resolve) => setTimeout(resolve, 5));
      claimedBy = user.id;
      return { ok: true };
    });
    const second = users.add(makeUser({ id: "player2", name: "Player Two", isGM: false }));
    const [a, b] = await Promise.all([
      asUser(player, () => requestFromGM("test.claim", {})),
      asUser(second, () => requestFromGM("test.claim", {})),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect(claimedBy).not.toBeNull();
  });
});
