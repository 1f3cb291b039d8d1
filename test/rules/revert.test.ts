import { describe, expect, it } from "vitest";
import { createActorState } from "../../src/rules/death";
import { revertByDelta, unlike } from "../../src/rules/revert";

const pool = (value: number, max = 10) => ({ value, max });
const alive = { unconscious: false, dying: false, stable: false, dead: false, routed: false };

describe("revertByDelta", () => {
  it("gives back what the application took on top of the current pools, clamped to their limits", () => {
    const now = createActorState({ endurance: pool(1), health: pool(9) });
    const result = revertByDelta(
      now,
      { endurance: pool(10), health: pool(10) },
      { endurance: pool(5), health: pool(4) },
    );
    expect(result).toEqual({ ok: true, update: { endurance: pool(6), health: pool(10) } });
  });

  it("puts a track back only while it still holds what the application left, and names it otherwise", () => {
    const dying = {
      turnsTaken: 0,
      successes: 0,
      failures: 0,
      savedThisTurn: false,
      lastStabiliseRound: null,
    };
    const later = { ...dying, turnsTaken: 2, successes: 1 };
    const before = { dying: null };
    const after = { dying };
    expect(revertByDelta(createActorState({ dying }), before, after)).toEqual({
      ok: true,
      update: { dying: null },
    });
    expect(revertByDelta(createActorState({ dying: later }), before, after)).toEqual({
      ok: false,
      changed: ["dying"],
    });
  });

  it("refuses when the character died since, but undoes its own killing blow", () => {
    const dead = { ...alive, dead: true, unconscious: true };
    const now = createActorState({ status: dead, health: pool(0) });
    expect(revertByDelta(now, { endurance: pool(5) }, { endurance: pool(0) })).toEqual({
      ok: false,
      changed: ["dead"],
    });
    const own = revertByDelta(now, { health: pool(3), status: alive }, { health: pool(0), status: dead });
    expect(own).toEqual({ ok: true, update: { health: pool(3), status: alive } });
  });
});

describe("revertByDelta, field by field", () => {
  it("gives back the death difficulty the application added, keeping later changes, never below 0", () => {
    const now = createActorState({ deathDifficulty: 15 });
    expect(revertByDelta(now, { deathDifficulty: 10 }, { deathDifficulty: 12 })).toEqual({
      ok: true,
      update: { deathDifficulty: 13 },
    });
    const low = createActorState({ deathDifficulty: 1 });
    expect(revertByDelta(low, { deathDifficulty: 0 }, { deathDifficulty: 5 })).toEqual({
      ok: true,
      update: { deathDifficulty: 0 },
    });
    const hurt = createActorState({ deathDifficulty: 15, health: pool(6) });
    expect(revertByDelta(hurt, { health: pool(5) }, { health: pool(4) })).toEqual({
      ok: true,
      update: { health: pool(7) },
    });
  });

  it("writes nothing for a pool the application left as it was, or recorded on one side only", () => {
    const now = createActorState({ endurance: pool(5) });
    expect(revertByDelta(now, { endurance: pool(5) }, { endurance: pool(5) })).toEqual({
      ok: true,
      update: {},
    });
    expect(revertByDelta(now, { endurance: pool(7) }, {})).toEqual({ ok: true, update: {} });
    expect(revertByDelta(now, { deathDifficulty: 10 }, {})).toEqual({ ok: true, update: {} });
    expect(revertByDelta(now, {}, { deathDifficulty: 12 })).toEqual({ ok: true, update: {} });
    expect(revertByDelta(now, { status: alive }, { status: alive })).toEqual({ ok: true, update: {} });
  });

  it("puts back only the life conditions the application changed; one changed since stays", () => {
    const now = createActorState({ status: { ...alive, unconscious: true, routed: true } });
    expect(revertByDelta(now, { status: alive }, { status: { ...alive, unconscious: true } })).toEqual({
      ok: true,
      update: { status: { ...alive, routed: true } },
    });
    expect(revertByDelta(now, {}, { status: { ...alive, unconscious: true } })).toEqual({
      ok: true,
      update: {},
    });
  });

  it("undoes a killing blow that recorded only what it wrote", () => {
    const dead = { ...alive, dead: true, unconscious: true };
    const now = createActorState({ status: dead, health: pool(0) });
    expect(revertByDelta(now, { health: pool(3) }, { health: pool(0), status: dead })).toEqual({
      ok: true,
      update: { health: pool(3) },
    });
  });
});

describe("unlike", () => {
  it("names the kept fields the character does not hold, ignoring attributes written through items", () => {
    const now = createActorState({ endurance: pool(4) });
    expect(unlike(now, { endurance: pool(4), attributes: { ...now.attributes, str: 4 } })).toEqual([]);
    expect(unlike(now, { endurance: pool(3), status: { ...alive, unconscious: true } })).toEqual([
      "endurance",
      "status",
    ]);
  });
});
