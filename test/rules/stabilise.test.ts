import { describe, expect, it } from "vitest";
import {
  applyDamage,
  applyHealing,
  applyPatch,
  createActorState,
  type ActorState,
  type Outcome,
  type RuleResult,
} from "../../src/rules/damage-chain";
import { fixedDice } from "../../src/rules/dice";
import {
  S1_INJURY_TABLE,
  endDownedRound,
  endFightForDowned,
  passDownedTime,
  s1InjuryRow,
  stabiliseDowned,
} from "../../src/rules/stabilise";

const ok = <Reason extends string>(outcome: Outcome<Reason>): RuleResult => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
};

const downed = (inCombat = true, overrides: Partial<ActorState> = {}): ActorState =>
  applyDamage(
    createActorState({ endurance: { value: 0, max: 10 }, health: { value: 3, max: 10 }, ...overrides }),
    { amount: 9, type: "slashing", lethal: true },
    fixedDice([]),
    { rule: "stabilise", inCombat },
  ).state;

const endRounds = (state: ActorState, rounds: number): ActorState => {
  let current = state;
  for (let i = 0; i < rounds; i += 1) current = ok(endDownedRound(current)).state;
  return current;
};

describe("the S1 deadline: 10 rounds or the end of the fight, whichever is later", () => {
  it("a long fight: alive through 10 rounds, dead when the fight ends", () => {
    const tenRoundsOn = endRounds(downed(), 10);
    expect(tenRoundsOn.status.dead).toBe(false);
    expect(tenRoundsOn.status.unconscious).toBe(true);
    const over = ok(endFightForDowned(tenRoundsOn));
    expect(over.state.status.dead).toBe(true);
    expect(over.steps.at(-1)).toEqual({ kind: "dead", cause: "deadline" });
  });

  it("a short fight: the end of the fight does not kill before 10 rounds have passed", () => {
    const afterFight = ok(endFightForDowned(endRounds(downed(), 3))).state;
    expect(afterFight.status.dead).toBe(false);
    const sixMore = ok(passDownedTime(afterFight, 6)).state;
    expect(sixMore.status.dead).toBe(false);
    expect(sixMore.downed).toEqual({ roundsElapsed: 9, fightOver: true });
    expect(ok(passDownedTime(sixMore, 1)).state.status.dead).toBe(true);
  });

  it("a fall outside any fight has only the 10-round clock", () => {
    const trapped = downed(false);
    expect(trapped.downed).toEqual({ roundsElapsed: 0, fightOver: true });
    expect(endRounds(trapped, 9).status.dead).toBe(false);
    expect(endRounds(trapped, 10).status.dead).toBe(true);
  });

  it("further damage while down changes nothing", () => {
    const state = downed();
    const result = applyDamage(state, { amount: 4, type: "fire", lethal: true }, fixedDice([]), {
      rule: "stabilise",
    });
    expect(result.state.downed).toEqual(state.downed);
    expect(result.state.status.dead).toBe(false);
  });

  it("refuses a character who is not down", () => {
    expect(endDownedRound(createActorState())).toEqual({ ok: false, reason: "not-downed" });
  });
});

describe("stabilising and the d20 injury table", () => {
  it("a 1 is a false hope: dead", () => {
    const result = ok(stabiliseDowned(downed(), fixedDice([1])));
    expect(result.state.status.dead).toBe(true);
    expect(result.steps).toEqual([
      { kind: "stable" },
      { kind: "s1-injury", face: 1, result: { kind: "dead" }, healRoll: null },
      { kind: "dead", cause: "injury-table" },
    ]);
  });

  it.each([
    [2, "str"],
    [3, "dex"],
    [4, "con"],
    [5, "int"],
    [6, "wis"],
    [7, "cha"],
  ] as const)("a %i steps %s down one size, then back to 1 health", (face, attribute) => {
    const result = ok(stabiliseDowned(downed(), fixedDice([face])));
    expect(result.state.attributes[attribute]).toBe(4);
    expect(result.state.health.value).toBe(1);
    expect(result.state.status).toEqual({
      unconscious: false,
      dying: false,
      stable: false,
      dead: false,
      routed: false,
    });
    expect(result.state.downed).toBeNull();
  });

  it("stepping STR below d4 kills; DEX below d4 paralyses", () => {
    const frail = { str: 4, dex: 4, con: 6, int: 6, wis: 6, cha: 6 } as const;
    const str = ok(stabiliseDowned(downed(true, { attributes: frail }), fixedDice([2])));
    expect(str.state.status.dead).toBe(true);
    const dex = ok(stabiliseDowned(downed(true, { attributes: frail }), fixedDice([3])));
    expect(dex.state.status.dead).toBe(false);
    expect(dex.steps).toContainEqual({ kind: "attribute-zero", attribute: "dex", outcome: "paralysed" });
  });

  it.each([8, 13])("a %i: a body part is lost (GM's choice), back to 1 health", (face) => {
    const result = ok(stabiliseDowned(downed(), fixedDice([face])));
    expect(result.steps[1]).toMatchObject({ kind: "s1-injury", result: { kind: "lose-body-part" } });
    expect(result.state.health.value).toBe(1);
  });

  it.each([14, 19])("a %i: disadvantage on all tests until rest", (face) => {
    const result = ok(stabiliseDowned(downed(), fixedDice([face])));
    expect(result.steps[1]).toMatchObject({ result: { kind: "disadvantage-until-rest" } });
  });

  it("a 20 heals 1d8 on top of the 1 health", () => {
    const result = ok(stabiliseDowned(downed(), fixedDice([20, 6])));
    expect(result.state.health.value).toBe(7);
  });

  it("healing a downed character stabilises it, to the healed amount rather than 1", () => {
    const result = ok(
      applyHealing(downed(), { amount: 4, pool: "health", kind: "free" }, fixedDice([15]), "stabilise"),
    );
    expect(result.state.health.value).toBe(4);
    expect(result.state.downed).toBeNull();
    expect(result.state.status.unconscious).toBe(false);
  });

  it("the revert puts the character back down with its clock", () => {
    const before = endRounds(downed(), 4);
    const result = ok(stabiliseDowned(before, fixedDice([9])));
    expect(applyPatch(result.state, result.revert)).toEqual(before);
  });
});

describe("what the stabilise card tells", () => {
  it("each step of a lost size: the table's face, the step, the health gained", () => {
    expect(ok(stabiliseDowned(downed(), fixedDice([2]))).steps).toEqual([
      { kind: "stable" },
      { kind: "s1-injury", face: 2, result: { kind: "lose-step", attribute: "str" }, healRoll: null },
      { kind: "attribute-step", attribute: "str", from: 6, to: 4 },
      { kind: "healed", pool: "health", gained: 1, value: 1 },
    ]);
    expect(ok(stabiliseDowned(downed(), fixedDice([20, 6]))).steps.at(-1)).toEqual({
      kind: "healed",
      pool: "health",
      gained: 7,
      value: 7,
    });
  });

  it("a death from a lost size heals nothing; a lost body part steps no attribute down", () => {
    const frail = { str: 4, dex: 6, con: 6, int: 6, wis: 6, cha: 6 } as const;
    const dead = ok(stabiliseDowned(downed(true, { attributes: frail }), fixedDice([2])));
    expect(dead.state.health.value).toBe(0);
    expect(dead.steps.map((step) => step.kind)).not.toContain("healed");
    expect(dead.steps.at(-1)).toEqual({ kind: "dead", cause: "attribute-zero" });
    const maimed = ok(stabiliseDowned(downed(), fixedDice([8])));
    expect(maimed.state.attributes).toEqual(downed().attributes);
  });

  it("each round down counts towards the ten, and says how many are left", () => {
    expect(ok(endDownedRound(downed())).steps).toEqual([
      { kind: "downed-round", roundsElapsed: 1, roundsLeft: 9, fightOver: false },
    ]);
    expect(ok(endDownedRound(endRounds(downed(), 3))).steps[0]).toMatchObject({ roundsLeft: 6 });
  });

  it("going down undoes stable; only the downed and living can be stabilised", () => {
    const stable = createActorState({ endurance: { value: 0, max: 10 }, health: { value: 3, max: 10 } });
    const fallen = applyDamage(
      { ...stable, status: { ...stable.status, stable: true } },
      { amount: 9, type: "slashing", lethal: true },
      fixedDice([]),
      { rule: "stabilise", inCombat: true },
    ).state;
    expect(fallen.status).toMatchObject({ unconscious: true, stable: false });
    expect(stabiliseDowned(createActorState(), fixedDice([9]))).toEqual({ ok: false, reason: "not-downed" });
    const dead = { ...downed(), status: { ...downed().status, dead: true } };
    expect(stabiliseDowned(dead, fixedDice([9]))).toEqual({ ok: false, reason: "not-downed" });
  });
});

describe("the default d20 table", () => {
  it("covers every face from 1 to 20 exactly once", () => {
    const faces = S1_INJURY_TABLE.flatMap((row) =>
      Array.from({ length: row.to - row.from + 1 }, (_, index) => row.from + index),
    );
    expect(faces).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(s1InjuryRow(11).result).toEqual({ kind: "lose-body-part" });
    expect(() => s1InjuryRow(0)).toThrow("S1 injury table has no face 0");
    expect(() => s1InjuryRow(21)).toThrow("S1 injury table has no face 21");
  });
});
