/**
 * The hostile player against Brink's relay: every call below is one a player can make from their
 * browser console. The GM's client must learn who asked from the server, carry out a request at
 * most once, answer only as the active GM, and never throw.
 */
import { afterEach, describe, expect, it } from "vitest";
import { notifications, session, users, writeLog } from "../fake-foundry/install";
import { asUser, makeUser, socket } from "../fake-foundry/runtime";
import { bootBrink } from "../foundry/boot";
import { expectConsoleReport } from "../support/console";
import { waitUntil } from "../support/wait";

await bootBrink();
const {
  registerRequest,
  requestFromGM,
  refuse,
  defineRequest,
  declaredRequests,
  listenForRequests,
  isRefusal,
  GM_ONLY,
  askerPreference,
  askingUser,
  rollsMayAskThisUser,
} = await import("../../src/requests");

const gm = session.user;
const player = users.add(makeUser({ id: "mallory", name: "Mallory", isGM: false }));
const victim = users.add(makeUser({ id: "victor", name: "Victor", isGM: false }));
const CHANNEL = "system.brink";

const asked: { asker: string; payload: Record<string, unknown> }[] = [];
registerRequest("test.record", async (payload, { user }) => {
  asked.push({ asker: user.id ?? "", payload });
  return { ok: true, asker: user.id };
});
registerRequest("test.throws", async () => {
  throw new Error("a handler bug");
});

/** A message heard on the channel, as a record (a hostile client may send anything). */
const asWire = (message: unknown): Record<string, unknown> =>
  typeof message === "object" && message !== null ? (message as Record<string, unknown>) : {};

/**
 * What the GM's client sends back on the channel, as the asker's client would receive it; given a
 * request id, only the answers to it (an earlier test's late answer is not this test's).
 */
function answersTo(userId: string, requestId?: string): Record<string, unknown>[] {
  const heard: Record<string, unknown>[] = [];
  socket.on(CHANNEL, (message, senderId) => {
    const wire = asWire(message);
    if (requestId !== undefined && wire.id !== requestId) return;
    if (game.user.id === userId && senderId === gm.id) heard.push(wire);
  });
  return heard;
}

/**
 * Errors no code caught while `work` ran: what a client would show as "Uncaught" in its console
 * (a socket listener that throws, an answer that rejects with no one awaiting it).
 */
async function uncaughtDuring(work: () => Promise<void>): Promise<string[]> {
  const caught: string[] = [];
  const record = (error: unknown) => caught.push(error instanceof Error ? error.message : String(error));
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  try {
    await work();
  } finally {
    process.off("uncaughtException", record);
    process.off("unhandledRejection", record);
  }
  return caught;
}

/**
 * The GM's client carries requests out one after another: once a request sent now is answered,
 * whatever the relay had queued before it on any client has run.
 */
async function afterQueuedWork(): Promise<void> {
  const result = await asUser(player, () => requestFromGM("test.record", { barrier: true }));
  expect(result.ok).toBe(true);
}
/** The requests carried out, but the one `afterQueuedWork` sends. */
const carriedOut = () => asked.filter((entry) => entry.payload.barrier !== true);

/** Calls `count` whenever `userId`'s client hears a request with this id (after the relay has). */
function deliveriesTo(userId: string, requestId: string): { count: number } {
  const heard = { count: 0 };
  socket.on(CHANNEL, (message) => {
    const wire = asWire(message);
    if (game.user.id === userId && wire.kind === "request" && wire.id === requestId) heard.count += 1;
  });
  return heard;
}

afterEach(() => {
  asked.length = 0;
  gm.active = true;
  notifications.log.length = 0;
});

describe("who asked", () => {
  it("is the user the server names, whatever the payload claims", async () => {
    const result = await asUser(player, () =>
      requestFromGM<{ asker: string }>("test.record", { userId: gm.id, user: "gm", asker: "gm" }),
    );
    expect(result).toEqual({ ok: true, asker: "mallory" });
    expect(asked.map((a) => a.asker)).toEqual(["mallory"]);
  });

  it("cannot be named in a query to the GM's client: no query carries out a request", async () => {
    const query = (name: string) => asUser(player, () => gm.query(name, { userId: "victor", payload: {} }));
    await expect(query("brink.test.record")).rejects.toThrow();
    await expect(query("brink.request")).rejects.toThrow();
    expect(asked).toEqual([]);
  });

  it("cannot be forged by a hand-made message on the socket", async () => {
    await asUser(player, async () => {
      socket.emit(CHANNEL, {
        kind: "request",
        id: "forged1",
        name: "test.record",
        payload: {},
        userId: "victor",
      });
      await waitUntil(() => asked.length >= 1, "the GM's client to carry the request out");
    });
    expect(asked).toEqual([{ asker: "mallory", payload: {} }]);
  });
});

describe("replays", () => {
  it("carry a request out once: the same id again gets the first answer", async () => {
    const heard = answersTo(player.id, "replay1");
    await asUser(player, async () => {
      for (let i = 0; i < 3; i += 1)
        socket.emit(CHANNEL, { kind: "request", id: "replay1", name: "test.record", payload: {} });
      await waitUntil(() => heard.length >= 3, "an answer to each of the three copies");
    });
    expect(asked).toHaveLength(1);
    const results = heard.map((h) => h.result);
    expect(results).toEqual([
      { ok: true, asker: "mallory" },
      { ok: true, asker: "mallory" },
      { ok: true, asker: "mallory" },
    ]);
  });
});

describe("a copy of a request that is still running", () => {
  it("is not carried out again, and the request is answered once when it is done", async () => {
    let runs = 0;
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    registerRequest("test.gated", async () => {
      await gate;
      runs += 1;
      return { ok: true, runs };
    });
    const heard = answersTo(player.id, "copy1");
    const atGM = deliveriesTo(gm.id, "copy1");
    await asUser(player, async () => {
      socket.emit(CHANNEL, { kind: "request", id: "copy1", name: "test.gated", payload: {} });
      socket.emit(CHANNEL, { kind: "request", id: "copy1", name: "test.gated", payload: {} });
      await waitUntil(() => atGM.count >= 2, "both copies to reach the GM's client");
    });
    open();
    await waitUntil(() => heard.length >= 1, "the answer");
    await afterQueuedWork();
    expect(runs).toBe(1);
    expect(heard.map((h) => h.result)).toEqual([{ ok: true, runs: 1 }]);
  });
});

describe("answers", () => {
  it("are taken only from the GM that was asked: a player's forged answer is ignored", async () => {
    // Victor's client reads each request's id off the channel and answers it at once, as if the GM.
    const forgeries: string[] = [];
    const forger = (message: unknown, senderId: string) => {
      const wire = message as { kind?: string; id?: string };
      if (game.user.id !== victim.id || senderId !== player.id || wire.kind !== "request") return;
      forgeries.push(wire.id ?? "");
      socket.emit(CHANNEL, {
        kind: "response",
        id: wire.id,
        to: player.id,
        result: { ok: true, forged: true },
      });
    };
    // The GM's handler answers only once Mallory's client has heard the forgery.
    let heard = () => undefined as void;
    const forgeryHeard = new Promise<void>((resolve) => (heard = resolve));
    const listener = (message: unknown, senderId: string) => {
      const kind = (message as { kind?: string }).kind;
      if (game.user.id === player.id && senderId === victim.id && kind === "response") heard();
    };
    socket.on(CHANNEL, forger);
    socket.on(CHANNEL, listener);
    registerRequest("test.slow", async (_payload, { user }) => {
      await forgeryHeard;
      return { ok: true, asker: user.id };
    });
    try {
      const result = await asUser(player, () => requestFromGM<{ forged?: boolean }>("test.slow", {}));
      expect(forgeries).toHaveLength(1);
      expect(result).toEqual({ ok: true, asker: "mallory" });
    } finally {
      socket.off(CHANNEL, forger);
      socket.off(CHANNEL, listener);
    }
  });

  it("come from no client when no GM is connected: a player's client never carries a request out", async () => {
    gm.active = false;
    const atVictor = deliveriesTo(victim.id, "noGM1");
    const uncaught = await uncaughtDuring(async () => {
      await asUser(player, async () => {
        socket.emit(CHANNEL, { kind: "request", id: "noGM1", name: "test.record", payload: {} });
        await waitUntil(() => atVictor.count >= 1, "Victor's client to hear the request");
      });
      gm.active = true;
      await afterQueuedWork();
    });
    expect(carriedOut()).toEqual([]);
    expect(uncaught).toEqual([]);
  });

  it("come only from the active GM: a second GM's client stays silent", async () => {
    const second = users.add(makeUser({ id: "gm2", name: "Second GM", isGM: true }));
    const result = await asUser(player, () => requestFromGM("test.record", {}));
    expect(result.ok).toBe(true);
    expect(asked).toHaveLength(1);
    second.active = false;
  });
});

describe("malformed requests", () => {
  it("are refused with a reason, never thrown, and write nothing", async () => {
    const heard = answersTo(player.id);
    const writes = writeLog.length;
    const handlerBug = /the request "test\.throws" failed on the GM's client/;
    await expectConsoleReport(
      "error",
      handlerBug,
      () =>
        asUser(player, async () => {
          socket.emit(CHANNEL, {
            kind: "request",
            id: "bad1",
            name: "test.record",
            payload: "not an object",
          });
          socket.emit(CHANNEL, { kind: "request", id: "bad2", name: 42, payload: {} });
          socket.emit(CHANNEL, { kind: "request", id: "bad3", name: "no.such.request", payload: {} });
          socket.emit(CHANNEL, { kind: "request", name: "test.record", payload: {} });
          socket.emit(CHANNEL, "just a string");
          socket.emit(CHANNEL, { kind: "request", id: "bad4", name: "test.throws", payload: {} });
          await waitUntil(() => heard.length >= 5, "an answer to each of the five requests with an id");
        }),
      /a handler bug/,
    );
    const reasons = heard.map((h) => (h.result as { reason?: string }).reason);
    expect(reasons).toEqual([
      "BRINK.Request.malformed",
      "BRINK.Request.malformed",
      "BRINK.Request.unknown",
      "BRINK.Request.malformed",
      "BRINK.Request.failed",
    ]);
    expect(asked).toEqual([]);
    expect(writeLog.length).toBe(writes);
    for (const reason of reasons) expect(game.i18n.has(String(reason))).toBe(true);
  });

  it("are refused when the payload is not an object or the id is not text, carrying nothing out", async () => {
    const heard = answersTo(player.id);
    await asUser(player, async () => {
      socket.emit(CHANNEL, { kind: "request", id: "nullPayload", name: "test.record", payload: null });
      socket.emit(CHANNEL, { kind: "request", id: "listPayload", name: "test.record", payload: [] });
      socket.emit(CHANNEL, { kind: "request", id: 7, name: "test.record", payload: {} });
      await waitUntil(
        () => heard.some((h) => h.id === ""),
        "the answer to the request with a number for its id",
      );
    });
    const answers = heard
      .filter((h) => ["nullPayload", "listPayload", ""].includes(String(h.id)))
      .map((h) => ({ id: h.id, reason: (h.result as { reason?: string }).reason }));
    expect(answers).toEqual([
      { id: "nullPayload", reason: "BRINK.Request.malformed" },
      { id: "listPayload", reason: "BRINK.Request.malformed" },
      { id: "", reason: "BRINK.Request.malformed" },
    ]);
    expect(asked).toEqual([]);
  });

  it("are refused when the server names a sender the GM's client does not know (a user deleted meanwhile)", async () => {
    const ghost = makeUser({ id: "ghost", name: "Deleted Player", isGM: false });
    const heard: Record<string, unknown>[] = [];
    socket.on(CHANNEL, (message) => {
      const wire = asWire(message);
      if (game.user.id === player.id && wire.kind === "response" && wire.id === "ghost1") heard.push(wire);
    });
    await asUser(ghost, async () => {
      socket.emit(CHANNEL, { kind: "request", id: "ghost1", name: "test.record", payload: {} });
    });
    await waitUntil(() => heard.length >= 1, "the GM's answer to the unknown sender");
    expect(heard.map((h) => [h.to, h.result])).toEqual([["ghost", refuse("BRINK.Request.unknownUser")]]);
    expect(asked).toEqual([]);
  });

  it("that are not objects at all leave every client without an error, and the relay still answering", async () => {
    const atVictor = { count: 0 };
    socket.on(CHANNEL, () => {
      if (game.user.id === victim.id) atVictor.count += 1;
    });
    const uncaught = await uncaughtDuring(async () => {
      await asUser(player, async () => {
        for (const message of [null, 42, "text", [{ kind: "request" }]]) socket.emit(CHANNEL, message);
        await waitUntil(() => atVictor.count >= 4, "Victor's client to hear the four messages");
      });
      await afterQueuedWork();
    });
    expect(uncaught).toEqual([]);
    expect(carriedOut()).toEqual([]);
  });

  it("is refused at once when no GM is connected", async () => {
    gm.active = false;
    const result = await asUser(player, () => requestFromGM("test.record", {}));
    expect(result).toEqual(refuse("BRINK.Request.noGM"));
  });
});

describe("a declared request", () => {
  const handled: string[] = [];
  const parsed: string[] = [];
  const ask = defineRequest({
    name: "test.declared",
    who: "gm",
    parse: (fields) => {
      parsed.push("parsed");
      return { teamId: fields.id("teamId"), count: fields.whole("count", 0, 10) };
    },
    handle: async ({ teamId }, { user }) => {
      handled.push(`${user.id ?? ""}:${teamId}`);
      return { ok: true };
    },
  });
  const askAnyone = defineRequest<object>({
    name: "test.declaredThrows",
    who: "any",
    parse: () => {
      throw new Error("a parser bug");
    },
    handle: async () => ({ ok: true }),
  });
  listenForRequests();

  afterEach(() => {
    handled.length = 0;
    parsed.length = 0;
  });

  it("refuses a player a GM request before reading the payload, and shows why", async () => {
    const result = await asUser(player, () => ask({ teamId: "abc", count: 1 }));
    expect(result).toEqual({ ok: false, reason: "BRINK.Request.gmOnly" });
    expect(parsed).toEqual([]);
    expect(handled).toEqual([]);
    expect(notifications.log.at(-1)?.message).toBe("Only the GM can do that.");
  });

  it("refuses a malformed field by name and runs the handler only with a parsed request", async () => {
    const bad = await requestFromGM("test.declared", { teamId: "abc", count: 1e300 });
    expect(bad).toEqual({ ok: false, reason: "BRINK.Request.badNumber", data: { field: "count" } });
    expect(handled).toEqual([]);
    expect(await ask({ teamId: "abc", count: 3 })).toEqual({ ok: true });
    expect(handled).toEqual([`${gm.id}:abc`]);
  });

  it("turns a parser that throws into BRINK.Request.failed", async () => {
    const parserBug = /the request "test\.declaredThrows" failed on the GM's client/;
    const result = await expectConsoleReport(
      "error",
      parserBug,
      () => asUser(player, () => askAnyone({})),
      /a parser bug/,
    );
    expect(result).toEqual({ ok: false, reason: "BRINK.Request.failed" });
  });

  it("is listed with who may ask, and a name cannot be declared twice", () => {
    expect(declaredRequests()).toEqual(
      expect.arrayContaining([
        { name: "test.declared", who: "gm" },
        { name: "test.declaredThrows", who: "any" },
      ]),
    );
    expect(() =>
      defineRequest({
        name: "test.declared",
        who: "any",
        parse: () => ({}),
        handle: async () => ({ ok: true }),
      }),
    ).toThrow(/declared twice/);
  });
});

describe("a request declared while Brink runs", () => {
  const accept = { parse: () => ({}), handle: async (): Promise<{ ok: true }> => ({ ok: true }) };

  it("may be refused by its parser returning the refusal: the asker is told, the handler never runs", async () => {
    const handled: string[] = [];
    const ask = defineRequest<{ kind: string }>({
      name: "test.parserRefuses",
      who: "any",
      parse: (fields) => {
        const kind = fields.text("kind");
        return kind === "bad" ? refuse("BRINK.Request.badField", { field: "kind" }) : { kind };
      },
      handle: async ({ kind }) => {
        handled.push(kind);
        return { ok: true };
      },
    });
    const refusal = await asUser(player, () => ask({ kind: "bad" }));
    expect(refusal).toEqual({ ok: false, reason: "BRINK.Request.badField", data: { field: "kind" } });
    expect(handled).toEqual([]);
    expect(notifications.log.map((note) => note.message)).toEqual([
      "The request was refused: its “kind” is missing or not an allowed value.",
    ]);
    expect(await asUser(player, () => ask({ kind: "good" }))).toEqual({ ok: true });
    expect(handled).toEqual(["good"]);
  });

  it("shows its refusal to the asker, unless it is a silent background request", async () => {
    const quiet = defineRequest({ name: "test.silentRefusal", who: "gm", silent: true, ...accept });
    const loud = defineRequest({ name: "test.loudRefusal", who: "gm", ...accept });
    expect(await asUser(player, () => quiet({}))).toEqual({ ok: false, reason: GM_ONLY });
    expect(notifications.log).toEqual([]);
    expect(await asUser(player, () => loud({}))).toEqual({ ok: false, reason: GM_ONLY });
    expect(notifications.log.map((note) => note.message)).toEqual(["Only the GM can do that."]);
  });

  it("is listed in order of name, whatever the order of declaring", () => {
    defineRequest({ name: "test.zzLast", who: "any", ...accept });
    defineRequest({ name: "test.aaFirst", who: "any", ...accept });
    const names = declaredRequests().map((request) => request.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.indexOf("test.aaFirst")).toBeLessThan(names.indexOf("test.zzLast"));
  });

  it("counts as a refusal only an object with ok: false and a reason", () => {
    expect(isRefusal({ ok: false, reason: "BRINK.Request.gmOnly" })).toBe(true);
    const notRefusals = [null, undefined, "BRINK.Request.gmOnly", { ok: false }, { ok: false, reason: 3 }];
    for (const value of [...notRefusals, { ok: true, reason: "x" }, { reason: "x" }, [false, "x"]])
      expect(isRefusal(value)).toBe(false);
  });
});

describe("while the GM's client carries out a player's request", () => {
  const LOOK_KEYS = ["long", "tooLong", "number", "list", "first", "second", "third", "fourth"];
  const seen: { looks: Record<string, string | null>; asker: string | null; mayAsk: boolean }[] = [];
  registerRequest("test.looks", async () => {
    seen.push({
      looks: Object.fromEntries(LOOK_KEYS.map((key) => [key, askerPreference(key)])),
      asker: askingUser()?.id ?? null,
      mayAsk: rollsMayAskThisUser(),
    });
    return { ok: true };
  });
  afterEach(() => {
    seen.length = 0;
  });

  it("rolls for that player, waiting for no one's typing, and reads at most four short dice looks", async () => {
    const heard = answersTo(player.id, "looks1");
    await asUser(player, async () => {
      socket.emit(CHANNEL, {
        kind: "request",
        id: "looks1",
        name: "test.looks",
        payload: {},
        looks: {
          long: "x".repeat(40),
          tooLong: "x".repeat(41),
          number: 3,
          list: ["ember"],
          first: "gilded",
          second: "ember",
          third: "frost",
          fourth: "same",
        },
      });
      await waitUntil(() => heard.length >= 1, "the answer");
    });
    // The looks from the wire, as the dice layer reads them: a long, non-text or fifth look is unset.
    expect(seen).toEqual([
      {
        looks: {
          long: "x".repeat(40),
          tooLong: "",
          number: "",
          list: "",
          first: "gilded",
          second: "ember",
          third: "frost",
          fourth: "",
        },
        asker: player.id,
        mayAsk: false,
      },
    ]);
  });

  it("is over once it is answered: the GM then rolls for themself, and the GM's own request is the GM's", async () => {
    await asUser(player, () => requestFromGM("test.looks", {}));
    expect(seen.map((entry) => entry.asker)).toEqual([player.id]);
    expect([askingUser(), askerPreference("first"), rollsMayAskThisUser()]).toEqual([null, null, true]);
    expect(await requestFromGM("test.looks", {})).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      looks: Object.fromEntries(LOOK_KEYS.map((key) => [key, null])),
      asker: null,
      mayAsk: true,
    });
  });

  it("is the GM's client's alone: another client rolling meanwhile rolls for its own user", async () => {
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started = false;
    registerRequest("test.heldOpen", async () => {
      started = true;
      await gate;
      return { ok: true };
    });
    const asking = asUser(player, () => requestFromGM("test.heldOpen", {}));
    await waitUntil(() => started, "the GM's client to start Mallory's request");
    const onVictorsClient = await asUser(victim, async () => [askingUser(), rollsMayAskThisUser()]);
    expect([askingUser(), rollsMayAskThisUser()]).toEqual([player, false]);
    open();
    expect(await asking).toEqual({ ok: true });
    expect(onVictorsClient).toEqual([null, true]);
  });
});

describe("a refusal shown to the asker", () => {
  it("shows the names it quotes as text, never as markup", async () => {
    const ask = defineRequest<object>({
      name: "test.refusesNaming",
      who: "any",
      parse: (fields) => refuse("BRINK.Request.badField", { field: fields.text("name") }),
      handle: async () => ({ ok: true }),
    });
    await asUser(player, () => ask({ name: `<img src=x onerror="alert('Tom & Jerry')">` }));
    expect(notifications.log.map((note) => note.message)).toEqual([
      "The request was refused: its “&lt;img src=x onerror=&quot;alert(&#39;Tom &amp; Jerry&#39;)&quot;&gt;” is missing or not an allowed value.",
    ]);
  });
});
