import { describe, expect, it } from "vitest";
import { applyDamage, createActorState, type ActorState, type Hit } from "../../src/rules/damage-chain";
import {
  applyKillingStrike,
  chanceToCheatDeath,
  fraction,
  killingStrikeDifficulty,
  markDead,
  sameValue,
  settle,
  type Step,
} from "../../src/rules/death";
import { fixedDice } from "../../src/rules/dice";

const lethal = (amount: number): Hit => ({ amount, type: "untyped", lethal: true });
const atOneHealth = (overrides: Partial<ActorState> = {}): ActorState =>
  createActorState({ endurance: { value: 0, max: 10 }, health: { value: 1, max: 10 }, ...overrides });

describe("the exact chance to cheat death", () => {
  it.each([
    [10, 0, 11, 20],
    [15, 0, 6, 20],
    [20, 0, 1, 20],
    [10, 2, 13, 20],
    [15, 2, 8, 20],
    [20, 2, 3, 20],
    [25, 0, 0, 20],
    [5, 0, 16, 20],
    [1, 0, 20, 20],
  ])("difficulty %i with luck bonus %i: %i in %i", (difficulty, bonus, successes, outOf) => {
    expect(chanceToCheatDeath(difficulty, bonus)).toEqual(fraction(successes, outOf));
  });

  it("matches what the death luck test actually does on every face of the d20", () => {
    for (const [difficulty, bonus] of [
      [10, 0],
      [15, 2],
      [20, 2],
    ] as const) {
      let survived = 0;
      for (let face = 1; face <= 20; face += 1) {
        const state = atOneHealth({ deathDifficulty: difficulty, luckBonus: bonus });
        const result = applyDamage(state, lethal(5), fixedDice([face]));
        if (!result.state.status.dead) survived += 1;
      }
      expect(fraction(survived, 20)).toEqual(chanceToCheatDeath(difficulty, bonus));
    }
  });
});

describe("cheating death", () => {
  it("raises the death difficulty by 5 each time, for good", () => {
    const first = applyDamage(atOneHealth(), lethal(5), fixedDice([12]));
    expect(first.state.deathDifficulty).toBe(15);
    const second = applyDamage(first.state, lethal(1), fixedDice([15]));
    expect(second.state.deathDifficulty).toBe(20);
    expect(second.state.status.dead).toBe(false);
    const third = applyDamage(second.state, lethal(1), fixedDice([19]));
    expect(third.state.status.dead).toBe(true);
    expect(third.state.deathDifficulty).toBe(20);
  });
});

describe("killing strike", () => {
  const unconscious = atOneHealth({
    attributes: { str: 6, dex: 6, con: 8, int: 6, wis: 6, cha: 6 },
    status: { unconscious: true, dying: false, stable: false, dead: false, routed: false },
  });

  it("is tested against the target's CON value", () => {
    expect(killingStrikeDifficulty(unconscious)).toBe(8);
  });

  it("a successful strike kills; the revert brings the target back", () => {
    const result = applyKillingStrike(unconscious, true);
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.status.dead).toBe(true);
    expect(result.steps).toEqual([
      { kind: "killing-strike", success: true, difficulty: 8 },
      { kind: "dead", cause: "killing-strike" },
    ]);
    expect(result.revert).toEqual({ status: unconscious.status });
  });

  it("a failed strike changes nothing (the caller makes it a sneak attack)", () => {
    const result = applyKillingStrike(unconscious, false);
    if (!result.ok) throw new Error(result.reason);
    expect(result.update).toEqual({});
    expect(result.state.status.dead).toBe(false);
  });

  it("needs a helpless target that is not already dead", () => {
    expect(applyKillingStrike(atOneHealth(), true)).toEqual({ ok: false, reason: "not-helpless" });
    const dead = atOneHealth({
      status: { unconscious: true, dying: false, stable: false, dead: true, routed: false },
    });
    expect(applyKillingStrike(dead, true)).toEqual({ ok: false, reason: "already-dead" });
  });
});

describe("death", () => {
  it("makes every S2 injury held permanent and ends dying", () => {
    const log: Step[] = [];
    const dying = atOneHealth({
      status: { unconscious: false, dying: true, stable: false, dead: false, routed: false },
      injuries: [
        { key: "hobbled", detail: null, permanent: false },
        { key: "impaired-skills", detail: "str", permanent: true },
      ],
    });
    const dead = markDead(dying, "death-saves", log);
    expect(dead.injuries.every((injury) => injury.permanent)).toBe(true);
    expect(dead.status).toEqual({
      unconscious: false,
      dying: false,
      stable: false,
      dead: true,
      routed: false,
    });
    expect(log).toEqual([
      { kind: "dead", cause: "death-saves" },
      { kind: "injuries-permanent", count: 1 },
    ]);
  });
});

describe("death of a dying character", () => {
  it("clears the dying track and adds no permanent-injury line without a temporary injury", () => {
    const log: Step[] = [];
    const dying = atOneHealth({
      status: { unconscious: false, dying: true, stable: false, dead: false, routed: false },
      dying: { turnsTaken: 3, successes: 1, failures: 2, savedThisTurn: false, lastStabiliseRound: null },
      pending: "fortify",
      injuries: [{ key: "hobbled", detail: null, permanent: true }],
    });
    const dead = markDead(dying, "death-saves", log);
    expect(dead).toMatchObject({ dying: null, pending: null, downed: null, critical: null });
    expect(log).toEqual([{ kind: "dead", cause: "death-saves" }]);
  });

  it("lets a killing strike finish a dying character who is still awake", () => {
    const dying = atOneHealth({
      status: { unconscious: false, dying: true, stable: false, dead: false, routed: false },
    });
    const result = applyKillingStrike(dying, true);
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.status).toMatchObject({ dead: true, dying: false });
  });
});

describe("what a result writes", () => {
  it("compares plain values by content: same keys and values, arrays apart from objects", () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({}, null)).toBe(false);
    expect(sameValue(1, 2)).toBe(false);
    expect(sameValue("a", "a")).toBe(true);
  });

  it("writes and reverts only the fields that changed", () => {
    const before = atOneHealth();
    const after = { ...before, stamina: { value: 2, max: 3 }, injuries: [...before.injuries] };
    const result = settle(before, after, []);
    expect(result.update).toEqual({ stamina: { value: 2, max: 3 } });
    expect(result.revert).toEqual({ stamina: before.stamina });
    expect(result.decision).toBeNull();
  });
});

describe("the chance to cheat death as the dialog states it", () => {
  it("is reduced to lowest terms", () => {
    expect(chanceToCheatDeath(10, 0)).toEqual({ numerator: 11, denominator: 20 });
    expect(chanceToCheatDeath(15, 0)).toEqual({ numerator: 3, denominator: 10 });
    expect(fraction(45, 48)).toEqual({ numerator: 15, denominator: 16 });
    expect(fraction(0, 20)).toEqual({ numerator: 0, denominator: 1 });
  });
});

describe("a new character (RULES §1)", () => {
  it("starts with full endurance, health, stamina and focus", () => {
    expect(createActorState()).toMatchObject({
      endurance: { value: 10, max: 10 },
      health: { value: 10, max: 10 },
      stamina: { value: 3, max: 3 },
      focus: { value: 3, max: 3 },
    });
  });

  it("never counts an object and a plain value as the same", () => {
    expect(sameValue({}, 0)).toBe(false);
    expect(sameValue(0, {})).toBe(false);
    expect(sameValue([], "")).toBe(false);
  });
});
