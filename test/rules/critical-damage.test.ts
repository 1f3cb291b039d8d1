import { describe, expect, it } from "vitest";
import {
  applyDamage,
  createActorState,
  type ActorState,
  type RuleResult,
} from "../../src/rules/damage-chain";
import { fixedDice } from "../../src/rules/dice";
import {
  aidCritical,
  CRITICAL_ROUNDS,
  passCriticalTime,
  stepsBetween,
  strengthAfter,
} from "../../src/rules/critical-damage";

const ok = (result: { ok: boolean }): RuleResult => {
  if (!result.ok) throw new Error("refused");
  return result as RuleResult;
};

/** A fighter with no endurance left, 2 health and STR d8. */
const worn = (): ActorState =>
  createActorState({
    endurance: { value: 0, max: 10 },
    health: { value: 2, max: 10 },
    attributes: { str: 8, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
  });

const direct = (amount: number) => ({ amount, type: "untyped" as const, lethal: true, direct: true });

describe("critical damage (RULES §7.3)", () => {
  it("takes the remainder off STR's value and keeps the largest die left", () => {
    expect(strengthAfter(8, 1)).toBe(6);
    expect(strengthAfter(8, 3)).toBe(4);
    expect(strengthAfter(12, 2)).toBe(10);
    expect(strengthAfter(4, 1)).toBe(0);
    expect(stepsBetween(8, 4)).toBe(2);
    expect(stepsBetween(6, 0)).toBe(2);
  });

  it("a blow past zero: STR falls and a passed STR test (d20 at or under the new STR) leaves no clock, and no death luck test", () => {
    const dice = fixedDice([3]);
    const result = applyDamage(worn(), direct(6), dice);
    expect(result.steps.map((s) => s.kind)).toEqual([
      "deflection",
      "health",
      "zero-health",
      "unconscious",
      "critical-damage",
      "critical-test",
    ]);
    expect(result.steps).toContainEqual({ kind: "critical-damage", remainder: 4, from: 8, to: 4, steps: 2 });
    expect(result.steps).toContainEqual(
      expect.objectContaining({ kind: "critical-test", roll: 3, success: true }),
    );
    expect(result.state.critical).toBeNull();
    expect(dice.remaining()).toBe(0);
  });

  it("a failed STR test leaves the character crawling with an hour to live unless aided", () => {
    const result = applyDamage(worn(), direct(3), fixedDice([7]));
    expect(result.steps).toContainEqual(
      expect.objectContaining({ kind: "critical-test", strength: 6, success: false }),
    );
    expect(result.state.critical).toEqual({ roundsElapsed: 0, lastAttemptRound: null });
    expect(result.state.status).toMatchObject({ unconscious: true, dead: false });
    expect(result.update.critical).toEqual({ roundsElapsed: 0, lastAttemptRound: null });
    expect(result.revert.critical).toBeNull();
  });

  it("STR brought to 0 kills at once, with no test", () => {
    const weak = { ...worn(), attributes: { ...worn().attributes, str: 4 as const } };
    const result = applyDamage(weak, direct(3), fixedDice([]));
    expect(result.state.status.dead).toBe(true);
    expect(result.steps.at(-1)).toEqual({ kind: "dead", cause: "attribute-zero" });
  });

  it("armour that stops the blow deals 0 and nothing past zero", () => {
    const armoured = { ...worn(), deflection: { physical: 5, elemental: 0 } };
    const result = applyDamage(armoured, { ...direct(4), type: "slashing" }, fixedDice([]));
    expect(result.steps).toEqual([
      { kind: "deflection", type: "slashing", raw: 4, deflection: 5, damage: 0 },
    ]);
  });

  it("the hour runs out after 600 six-second rounds, and an ally's tending ends it", () => {
    const wounded = applyDamage(worn(), direct(3), fixedDice([7])).state;
    const almost = ok(passCriticalTime(wounded, CRITICAL_ROUNDS - 1)).state;
    expect(almost.status.dead).toBe(false);
    expect(ok(passCriticalTime(almost, 1)).steps.at(-1)).toEqual({ kind: "dead", cause: "critical-damage" });

    const failed = ok(aidCritical(wounded, { total: 7, difficulty: 8 }, 3));
    expect(failed.state.critical).toEqual({ roundsElapsed: 0, lastAttemptRound: 3 });
    expect(aidCritical(failed.state, { total: 12, difficulty: 8 }, 3)).toEqual({
      ok: false,
      reason: "already-attempted-this-round",
    });
    const tended = ok(aidCritical(failed.state, { total: 9, difficulty: 8 }, 4));
    expect(tended.state.critical).toBeNull();
    expect(tended.state.status.stable).toBe(true);
  });
  it("a STR test rolled exactly at the new STR passes", () => {
    const result = applyDamage(worn(), direct(3), fixedDice([6]));
    expect(result.steps).toContainEqual(
      expect.objectContaining({ kind: "critical-test", roll: 6, success: true }),
    );
    expect(result.state.critical).toBeNull();
  });

  it("STR at 0 is logged as the attribute at zero, which kills", () => {
    const weak = { ...worn(), attributes: { ...worn().attributes, str: 4 as const } };
    expect(applyDamage(weak, direct(3), fixedDice([])).steps).toContainEqual({
      kind: "attribute-zero",
      attribute: "str",
      outcome: "dead",
    });
  });

  it("a failed STR test undoes stable, and a second one leaves the running hour as it is", () => {
    const stable = { ...worn(), status: { ...worn().status, stable: true } };
    const wounded = applyDamage(stable, direct(3), fixedDice([7])).state;
    expect(wounded.status).toMatchObject({ unconscious: true, stable: false });
    const later = ok(passCriticalTime(wounded, 5)).state;
    const again = applyDamage(later, direct(1), fixedDice([20])).state;
    expect(again.critical).toEqual({ roundsElapsed: 5, lastAttemptRound: null });
  });

  it("counts the hour down round by round, refusing no time and someone not on the clock", () => {
    const wounded = applyDamage(worn(), direct(3), fixedDice([7])).state;
    expect(ok(passCriticalTime(wounded, 10)).steps).toEqual([
      { kind: "critical-round", roundsElapsed: 10, roundsLeft: CRITICAL_ROUNDS - 10 },
    ]);
    expect(passCriticalTime(wounded, 0)).toEqual({ ok: false, reason: "no-time" });
    expect(passCriticalTime(worn(), 1)).toEqual({ ok: false, reason: "not-critical" });
    const dead = { ...wounded, status: { ...wounded.status, dead: true } };
    expect(passCriticalTime(dead, 1)).toEqual({ ok: false, reason: "not-critical" });
    expect(aidCritical(worn(), { total: 20, difficulty: 8 }, 1)).toEqual({
      ok: false,
      reason: "not-critical",
    });
    expect(aidCritical(dead, { total: 20, difficulty: 8 }, 1)).toEqual({ ok: false, reason: "not-critical" });
  });

  it("tending that meets the difficulty exactly stabilises, and its card says so", () => {
    const wounded = applyDamage(worn(), direct(3), fixedDice([7])).state;
    expect(ok(aidCritical(wounded, { total: 8, difficulty: 8 }, 2)).steps).toEqual([
      { kind: "stabilise-attempt", total: 8, difficulty: 8, success: true },
      { kind: "stable" },
    ]);
    expect(ok(aidCritical(wounded, { total: 7, difficulty: 8 }, 2)).steps).toEqual([
      { kind: "stabilise-attempt", total: 7, difficulty: 8, success: false },
    ]);
  });
});
