import { describe, expect, it } from "vitest";
import { applyDamage, createActorState, type ActorState } from "../../src/rules/damage-chain";
import { fixedDice } from "../../src/rules/dice";
import {
  SECONDS_PER_ROUND,
  noteDownedAttempt,
  outOfCombatRound,
  stabiliseAttemptRefusal,
  passDyingTurns,
  roundsBetween,
} from "../../src/rules/world-clock";

/** Dying under S2 with the strain-or-injury choice answered and `turnsTaken` of its ten turns gone. */
function dying(turnsTaken: number): ActorState {
  const fallen = applyDamage(
    createActorState({ endurance: { value: 0, max: 10 }, health: { value: 2, max: 10 } }),
    { amount: 5, type: "untyped", lethal: true },
    fixedDice([]),
    { rule: "dying" },
  ).state;
  return {
    ...fallen,
    pending: null,
    dying: { turnsTaken, successes: 0, failures: 0, savedThisTurn: true, lastStabiliseRound: null },
  };
}

describe("world time as rounds (RULES §6, clocks outside combat)", () => {
  it("counts a round for every six-second mark the world time passes", () => {
    expect(SECONDS_PER_ROUND).toBe(6);
    expect(roundsBetween(0, 6)).toBe(1);
    expect(roundsBetween(0, 60)).toBe(10);
    expect(roundsBetween(3, 8)).toBe(1);
    expect(roundsBetween(0, 5)).toBe(0);
    expect(roundsBetween(60, 0)).toBe(0);
  });

  it("names each six seconds out of combat apart from any combat round", () => {
    expect(outOfCombatRound(0)).toBe(outOfCombatRound(5));
    expect(outOfCombatRound(6)).not.toBe(outOfCombatRound(5));
    expect(outOfCombatRound(6)).toBeLessThan(0);
    expect(outOfCombatRound(600)).toBeLessThan(0);
  });
});

describe("a dying character's turns passing out of combat", () => {
  it("counts one turn per round and frees the death save each turn", () => {
    const result = passDyingTurns(dying(2), 3);
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.dying).toMatchObject({ turnsTaken: 5, savedThisTurn: false });
    expect(result.state.status.dying).toBe(true);
    expect(result.steps).toEqual([{ kind: "dying-turn", turnsTaken: 5, turnsLeft: 5 }]);
  });

  it("dies at the end of its tenth turn and counts no further", () => {
    const result = passDyingTurns(dying(8), 5);
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.status.dead).toBe(true);
    expect(result.steps).toEqual([
      { kind: "dying-turn", turnsTaken: 10, turnsLeft: 0 },
      { kind: "dead", cause: "dying-countdown" },
    ]);
  });

  it("refuses when the character is not dying or no time passed", () => {
    expect(passDyingTurns(createActorState({}), 1)).toMatchObject({ ok: false, reason: "not-dying" });
    expect(passDyingTurns(dying(2), 0)).toMatchObject({ ok: false, reason: "no-time" });
    expect(passDyingTurns(dying(2), 1)).toMatchObject({ ok: true, state: { dying: { turnsTaken: 3 } } });
  });
});

describe("one ally's stabilise attempt per round, out of combat per six seconds", () => {
  const down = (): ActorState =>
    applyDamage(
      createActorState({ endurance: { value: 0, max: 10 }, health: { value: 3, max: 10 } }),
      { amount: 9, type: "slashing", lethal: true },
      fixedDice([]),
      { rule: "stabilise", inCombat: false },
    ).state;

  it("records a failed attempt on a downed character and refuses another in the same six seconds", () => {
    const round = outOfCombatRound(12);
    expect(stabiliseAttemptRefusal(down(), round)).toBeNull();
    const noted = noteDownedAttempt(down(), round, { total: 4, difficulty: 10 });
    if (!noted.ok) throw new Error(noted.reason);
    expect(noted.steps).toEqual([{ kind: "stabilise-attempt", total: 4, difficulty: 10, success: false }]);
    expect(noted.state.status.unconscious).toBe(true);
    expect(stabiliseAttemptRefusal(noted.state, round)).toBe("already-attempted-this-round");
    expect(stabiliseAttemptRefusal(noted.state, outOfCombatRound(18))).toBeNull();
  });

  it("notes no attempt on someone not downed, or downed and since dead", () => {
    const notDowned = noteDownedAttempt(createActorState({}), 2, { total: 4, difficulty: 10 });
    expect(notDowned).toMatchObject({ ok: false, reason: "not-downed" });
    const dead: ActorState = { ...down(), status: { ...down().status, dead: true } };
    expect(noteDownedAttempt(dead, 2, { total: 4, difficulty: 10 })).toMatchObject({
      ok: false,
      reason: "not-downed",
    });
  });

  it("reads a dying character's last attempt from its dying track", () => {
    expect(stabiliseAttemptRefusal(dying(1), 3)).toBeNull();
    const tried: ActorState = { ...dying(1), dying: { ...dying(1).dying!, lastStabiliseRound: 3 } };
    expect(stabiliseAttemptRefusal(tried, 3)).toBe("already-attempted-this-round");
  });
});
