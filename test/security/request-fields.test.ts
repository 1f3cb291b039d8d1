/**
 * The hostile player's payload, field by field: every value below is one a player can send from
 * their browser console. Each wrong field is refused with the reason the player is shown, naming the
 * field; each right one reads as the typed value the GM's handler gets.
 */
import { describe, expect, it } from "vitest";
import {
  Fields,
  FieldRefusal,
  MAX_LIST,
  MAX_TEXT,
  badField,
  need,
  parse,
  uuidField,
} from "../../src/requests/fields";

const BAD_ID = "BRINK.Request.badId";
const BAD_TEXT = "BRINK.Request.badText";
const BAD_NUMBER = "BRINK.Request.badNumber";
const BAD_FIELD = "BRINK.Request.badField";

/** What a parser reading `payload` with `read` gives: the value, or the refusal the asker sees. */
const read = <T>(payload: Record<string, unknown>, reader: (fields: Fields) => T) =>
  parse(() => reader(new Fields(payload)));

const refused = (reason: string, field: string) => ({ ok: false, reason, data: { field } });

describe("a document id in a payload", () => {
  it("is letters, digits, '-' and '_', at most 64 of them", () => {
    expect(read({ teamId: "a".repeat(64) }, (f) => f.id("teamId"))).toBe("a".repeat(64));
    expect(read({ teamId: "Ab9_-" }, (f) => f.id("teamId"))).toBe("Ab9_-");
    for (const bad of ["a".repeat(65), "", "abc def", "x<img>", "a.b", 7, null, ["abc"]])
      expect(read({ teamId: bad }, (f) => f.id("teamId"))).toEqual(refused(BAD_ID, "teamId"));
  });

  it("is never a key every object has ('constructor', '__proto__', 'toString')", () => {
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"])
      expect(read({ teamId: key }, (f) => f.id("teamId"))).toEqual(refused(BAD_ID, "teamId"));
  });

  it("is read only from the payload's own fields, never one it inherits", () => {
    const inherited = Object.create({ teamId: "abc" }) as Record<string, unknown>;
    expect(read(inherited, (f) => f.id("teamId"))).toEqual(refused(BAD_ID, "teamId"));
  });

  it("when optional, reads as none when absent, null or empty, and is still checked when given", () => {
    for (const none of [{}, { targetId: null }, { targetId: "" }])
      expect(read(none, (f) => f.optionalId("targetId"))).toBe("");
    expect(read({ targetId: "abc" }, (f) => f.optionalId("targetId"))).toBe("abc");
    expect(read({ targetId: "a b" }, (f) => f.optionalId("targetId"))).toEqual(refused(BAD_ID, "targetId"));
  });
});

describe("a document uuid in a payload", () => {
  it("is ids joined by dots, at most 256 characters", () => {
    expect(read({ actor: "Scene.a1.Token.b2.Actor.c3" }, (f) => f.uuid("actor"))).toBe(
      "Scene.a1.Token.b2.Actor.c3",
    );
    const longest = ["a", "b", "c"].map((letter) => letter.repeat(64)).join(".") + `.${"d".repeat(61)}`;
    expect(longest).toHaveLength(256);
    expect(uuidField(longest)).toBe(longest);
    expect(uuidField(`${longest}d`)).toBeUndefined();
    for (const bad of ["Actor..abc", "Actor.abc.", "Actor.constructor", "Actor.a b", 12])
      expect(read({ actor: bad }, (f) => f.uuid("actor"))).toEqual(refused(BAD_ID, "actor"));
  });
});

describe("a list of ids or uuids in a payload", () => {
  it("reads as none when absent, and refuses anything but a list of at most 100 good entries", () => {
    expect(read({}, (f) => f.ids("memberIds"))).toEqual([]);
    expect(read({}, (f) => f.uuids("targets"))).toEqual([]);
    const full = Array.from({ length: MAX_LIST }, (_, i) => `m${i}`);
    expect(read({ memberIds: full }, (f) => f.ids("memberIds"))).toEqual(full);
    for (const bad of [[...full, "one-more"], "m1", { 0: "m1" }, ["m1", "bad id"], ["m1", 3]])
      expect(read({ memberIds: bad }, (f) => f.ids("memberIds"))).toEqual(refused(BAD_ID, "memberIds"));
    expect(read({ targets: ["Actor.a", "Actor..b"] }, (f) => f.uuids("targets"))).toEqual(
      refused(BAD_ID, "targets"),
    );
  });

  it("when each must be named once, refuses a repeat and a count out of range", () => {
    const pick = (targets: unknown) => read({ targets }, (f) => f.distinctUuids("targets", 1, 2));
    expect(pick(["Actor.a"])).toEqual(["Actor.a"]);
    expect(pick(["Actor.a", "Actor.b"])).toEqual(["Actor.a", "Actor.b"]);
    for (const bad of [[], ["Actor.a", "Actor.a"], ["Actor.a", "Actor.b", "Actor.c"]])
      expect(pick(bad)).toEqual(refused(BAD_FIELD, "targets"));
  });
});

describe("text in a payload", () => {
  it("reads as empty when absent, and is refused when it is not a string or is too long", () => {
    expect(read({}, (f) => f.text("name"))).toBe("");
    expect(read({ name: "x".repeat(MAX_TEXT) }, (f) => f.text("name"))).toBe("x".repeat(MAX_TEXT));
    expect(read({ name: "x".repeat(MAX_TEXT + 1) }, (f) => f.text("name"))).toEqual(
      refused(BAD_TEXT, "name"),
    );
    expect(read({ name: "abcd" }, (f) => f.text("name", 3))).toEqual(refused(BAD_TEXT, "name"));
    expect(read({ name: "abc" }, (f) => f.text("name", 3))).toBe("abc");
    for (const bad of [5, ["abc"], { length: 3 }])
      expect(read({ name: bad }, (f) => f.text("name"))).toEqual(refused(BAD_TEXT, "name"));
  });
});

describe("a number in a payload", () => {
  const count = (payload: Record<string, unknown>, fallback?: number) =>
    read(payload, (f) => f.whole("count", 1, 5, fallback));

  it("is a whole JSON number from min to max, both ends included", () => {
    expect(count({ count: 1 })).toBe(1);
    expect(count({ count: 5 })).toBe(5);
    for (const bad of [0, 6, 2.5, "3", Number.NaN, 1e300, null, true])
      expect(count({ count: bad })).toEqual(refused(BAD_NUMBER, "count"));
  });

  it("reads as its fallback only when absent; without one, absent is refused", () => {
    expect(count({}, 2)).toBe(2);
    expect(count({ count: 9 }, 2)).toEqual(refused(BAD_NUMBER, "count"));
    expect(count({})).toEqual(refused(BAD_NUMBER, "count"));
  });
});

describe("a flag, a choice, a nested object and a raw list in a payload", () => {
  it("a flag reads as false when absent and refuses anything but a boolean", () => {
    expect(read({}, (f) => f.flag("safe"))).toBe(false);
    expect(read({ safe: true }, (f) => f.flag("safe"))).toBe(true);
    expect(read({ safe: false }, (f) => f.flag("safe"))).toBe(false);
    expect(read({ safe: "true" }, (f) => f.flag("safe"))).toEqual(refused(BAD_FIELD, "safe"));
  });

  it("a choice is one of the allowed values, never an inherited name", () => {
    const kinds = ["short", "long"] as const;
    expect(read({ kind: "long" }, (f) => f.oneOf("kind", kinds))).toBe("long");
    for (const bad of ["constructor", "medium", undefined, 1])
      expect(read({ kind: bad }, (f) => f.oneOf("kind", kinds))).toEqual(refused(BAD_FIELD, "kind"));
  });

  it("a nested object is read field by field, naming the inner field; a list or null is refused", () => {
    expect(read({ target: { id: "abc" } }, (f) => f.record("target").id("id"))).toBe("abc");
    expect(read({ target: { id: "a b" } }, (f) => f.record("target").id("id"))).toEqual(
      refused(BAD_ID, "id"),
    );
    for (const bad of [null, ["abc"], "abc", undefined])
      expect(read({ target: bad }, (f) => f.record("target"))).toEqual(refused(BAD_FIELD, "target"));
  });

  it("a raw list reads as none when absent and is refused past 100 entries or when not a list", () => {
    expect(read({}, (f) => f.list("rolls"))).toEqual([]);
    const full = Array.from({ length: MAX_LIST }, (_, i) => i);
    expect(read({ rolls: full }, (f) => f.list("rolls"))).toEqual(full);
    for (const bad of [[...full, 0], { length: 1 }, "1,2"])
      expect(read({ rolls: bad }, (f) => f.list("rolls"))).toEqual(refused(BAD_FIELD, "rolls"));
  });
});

describe("a parser written with the bare validators", () => {
  it("turns a missing value into the refusal naming the field, with the reason given or badField", () => {
    expect(parse(() => need(undefined, "teamId", BAD_ID))).toEqual(refused(BAD_ID, "teamId"));
    expect(parse(() => need(undefined, "teamId"))).toEqual(refused(BAD_FIELD, "teamId"));
    expect(parse(() => need(0, "count"))).toBe(0);
    expect(badField("kind")).toEqual(refused(BAD_FIELD, "kind"));
    expect(new FieldRefusal("kind").message).toBe(`kind: ${BAD_FIELD}`);
  });

  it("lets an error that is not a refused field through, for the relay to report as a failure", () => {
    expect(() =>
      parse(() => {
        throw new TypeError("a parser bug");
      }),
    ).toThrow(TypeError);
  });
});
