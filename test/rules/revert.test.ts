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
