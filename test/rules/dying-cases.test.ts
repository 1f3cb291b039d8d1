import { describe, expect, it } from "vitest";
import {
  applyDamage,
  applyHealing,
  createActorState,
  type ActorState,
  type Outcome,
  type RuleResult,
} from "../../src/rules/damage-chain";
import { fixedDice } from "../../src/rules/dice";
import {
  dyingOdds,
  endDyingTurn,
  healTemporaryInjuries,
  resolveStrainOrInjury,
  resurrect,
  rollDeathSave,
  s2InjuryRow,
  stabiliseDying,
} from "../../src/rules/dying";
import { fraction } from "../../src/rules/death";

/*
 * S2 "dying" (RULES §6), the paths issue 27's mutation run found untested: the arm and save
 * sub-tables, repeated permanent injuries, what each save and turn reports, stabilising, the strain
 * cost on the card, rest, resurrection's details and the odds at the end of the countdown.
 */

const ok = <Reason extends string>(outcome: Outcome<Reason>): RuleResult => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
};

/** Just fallen under S2 (2 health, a blow of 5), the strain-or-injury choice still owed. */
const fallen = (overrides: Partial<ActorState> = {}): ActorState =>
  applyDamage(
    createActorState({ endurance: { value: 0, max: 10 }, health: { value: 2, max: 10 }, ...overrides }),
    { amount: 5, type: "untyped", lethal: true },
    fixedDice([]),
    { rule: "dying" },
  ).state;

const dying = (overrides: Partial<ActorState> = {}): ActorState => ({ ...fallen(overrides), pending: null });

describe("the d12 injury's sub-tables", () => {
  it("a useless arm rolls a d2 for the side", () => {
    const result = ok(resolveStrainOrInjury(fallen(), "injury", fixedDice([12, 2])));
    expect(result.steps).toEqual([
      {
        kind: "injury",
        face: 12,
        key: "useless-arm",
        subRoll: 2,
        detail: "right",
        permanent: false,
        repeated: false,
      },
    ]);
  });

  it("shaken resolve rolls a d6 for the kind of save", () => {
    const result = ok(resolveStrainOrInjury(fallen(), "injury", fixedDice([4, 5])));
    expect(result.state.injuries).toEqual([{ key: "shaken-resolve", detail: "spells", permanent: false }]);
  });

  it("an injury without a sub-table rolls nothing more", () => {
    const dice = fixedDice([1]);
    const result = ok(resolveStrainOrInjury(fallen(), "injury", dice));
    expect(dice.remaining()).toBe(0);
    expect(result.state.injuries).toEqual([{ key: "unsteady-aim", detail: null, permanent: false }]);
  });

  it("a face the table does not have is an error, not a silent injury", () => {
    expect(() => s2InjuryRow(13)).toThrow(/no face 13/);
  });

  it("rolling a permanent injury again adds another permanent copy", () => {
    const scarred = fallen({ injuries: [{ key: "hobbled", detail: null, permanent: true }] });
    const result = ok(resolveStrainOrInjury(scarred, "injury", fixedDice([11])));
    expect(result.state.injuries).toEqual([
      { key: "hobbled", detail: null, permanent: true },
      { key: "hobbled", detail: null, permanent: true },
    ]);
    expect(result.steps[0]).toMatchObject({ permanent: true, repeated: true });
  });

  it("the same injury on another arm is a new, temporary one", () => {
    const hurt = fallen({ injuries: [{ key: "useless-arm", detail: "left", permanent: false }] });
    const result = ok(resolveStrainOrInjury(hurt, "injury", fixedDice([12, 2])));
    expect(result.state.injuries).toEqual([
      { key: "useless-arm", detail: "left", permanent: false },
      { key: "useless-arm", detail: "right", permanent: false },
    ]);
  });
});

describe("what each save and turn reports", () => {
  it("a natural 20 counts no success, heals exactly 1 and ends the dying track", () => {
    const result = ok(rollDeathSave(dying(), fixedDice([20])));
    expect(result.steps).toEqual([
      { kind: "death-save", roll: 20, automatic: false, success: true, successes: 0, failures: 0 },
      { kind: "healed", pool: "health", gained: 1, value: 1 },
      { kind: "stands" },
    ]);
    expect(result.state.dying).toBeNull();
  });

  it("a success and a failure are counted apart, each turn's save once", () => {
    const first = ok(rollDeathSave(dying(), fixedDice([10])));
    expect(first.steps).toEqual([
      { kind: "death-save", roll: 10, automatic: false, success: true, successes: 1, failures: 0 },
    ]);
    const turnEnded = ok(endDyingTurn(first.state));
    expect(turnEnded.steps).toEqual([{ kind: "dying-turn", turnsTaken: 1, turnsLeft: 9 }]);
    const second = ok(rollDeathSave(turnEnded.state, fixedDice([9])));
    expect(second.state.dying).toMatchObject({ successes: 1, failures: 1, savedThisTurn: true });
  });

  it("a character who is not dying has no turn to count", () => {
    expect(endDyingTurn(createActorState())).toEqual({ ok: false, reason: "not-dying" });
  });

  it("a third success is reported as stable, the track cleared", () => {
    const nearly = dying();
    const two: ActorState = { ...nearly, dying: { ...nearly.dying!, successes: 2 } };
    const result = ok(rollDeathSave(two, fixedDice([15])));
    expect(result.steps.at(-1)).toEqual({ kind: "stable" });
    expect(result.state.dying).toBeNull();
  });
});

describe("stabilising by an ally, reported", () => {
  it("a success is told on the card and the track cleared; a character not dying refuses", () => {
    const result = ok(stabiliseDying(dying(), { healTotal: 10, hasHealingTools: false, round: 1 }));
    expect(result.steps).toEqual([
      { kind: "stabilise-attempt", total: 10, difficulty: 10, success: true },
      { kind: "stable" },
    ]);
    expect(result.state.dying).toBeNull();
    expect(result.state.status).toMatchObject({ dying: false, stable: true, unconscious: true });
    expect(stabiliseDying(createActorState(), { healTotal: 20, hasHealingTools: true, round: 1 })).toEqual({
      ok: false,
      reason: "not-dying",
    });
  });
});

describe("strain on the card, rest, resurrection", () => {
  it("easy healing names its strain cost", () => {
    const bruised = createActorState({ health: { value: 5, max: 10 }, strain: { value: 2, max: 6 } });
    const result = ok(
      applyHealing(bruised, { amount: 1, pool: "health", kind: "easy" }, fixedDice([]), "dying"),
    );
    expect(result.steps[0]).toEqual({ kind: "strain-cost", value: 3, max: 6 });
    const natural = ok(
      applyHealing(bruised, { amount: 1, pool: "health", kind: "natural" }, fixedDice([]), "dying"),
    );
    expect(natural.state.strain.value).toBe(2);
  });

  it("a good night's rest clears the temporary injuries and keeps the permanent ones", () => {
    const state = createActorState({
      injuries: [
        { key: "hobbled", detail: null, permanent: false },
        { key: "useless-arm", detail: "left", permanent: true },
      ],
    });
    expect(healTemporaryInjuries(state).injuries).toEqual([
      { key: "useless-arm", detail: "left", permanent: true },
    ]);
  });

  it("resurrection reports the CON step, keeps strain below the new max and clears every status", () => {
    const dead = createActorState({
      health: { value: 0, max: 10 },
      strain: { value: 2, max: 6 },
      status: { unconscious: true, dying: false, stable: true, dead: true, routed: false },
    });
    const result = ok(resurrect(dead, 6));
    expect(result.steps).toEqual([
      { kind: "attribute-step", attribute: "con", from: 6, to: 4 },
      { kind: "resurrected", con: 4, health: 1 },
    ]);
    expect(result.state.strain).toEqual({ value: 2, max: 4 });
    expect(result.state.status).toEqual({
      unconscious: false,
      dying: false,
      stable: false,
      dead: false,
      routed: false,
    });
  });
});

describe("the odds at the end of the countdown", () => {
  it("no turn left is death, whatever was saved", () => {
    const none = { stands: fraction(0, 1), stable: fraction(0, 1), dies: fraction(1, 1) };
    expect(dyingOdds({ turnsLeft: 0, successes: 2, failures: 0 })).toEqual(none);
    expect(dyingOdds({ turnsLeft: -1, successes: 0, failures: 0 })).toEqual(none);
  });

  it("one turn left with two failures: a natural 20 stands, 10–19 is only a first success", () => {
    expect(dyingOdds({ turnsLeft: 1, successes: 0, failures: 2 })).toEqual({
      stands: fraction(1, 20),
      stable: fraction(0, 20),
      dies: fraction(19, 20),
    });
  });
});

describe("injuries matched by kind and detail", () => {
  it("another injury without a detail is a new one, not a repeat", () => {
    const hobbled = fallen({ injuries: [{ key: "hobbled", detail: null, permanent: false }] });
    const result = ok(resolveStrainOrInjury(hobbled, "injury", fixedDice([1])));
    expect(result.state.injuries).toEqual([
      { key: "hobbled", detail: null, permanent: false },
      { key: "unsteady-aim", detail: null, permanent: false },
    ]);
  });

  it("a repeat makes only that injury permanent", () => {
    const hurt = fallen({
      injuries: [
        { key: "hobbled", detail: null, permanent: false },
        { key: "unsteady-aim", detail: null, permanent: false },
      ],
    });
    const result = ok(resolveStrainOrInjury(hurt, "injury", fixedDice([11])));
    expect(result.state.injuries).toEqual([
      { key: "hobbled", detail: null, permanent: true },
      { key: "unsteady-aim", detail: null, permanent: false },
    ]);
  });
});

describe("the death and the states the chain does not make", () => {
  it("the third failed save names the death saves as the cause", () => {
    const nearly = dying();
    const two: ActorState = { ...nearly, dying: { ...nearly.dying!, failures: 2 } };
    const result = ok(rollDeathSave(two, fixedDice([3])));
    expect(result.steps.at(-1)).toEqual({ kind: "dead", cause: "death-saves" });
  });

  it("a dying status set by hand, without a dying track, is refused everywhere instead of crashing", () => {
    const byHand = createActorState({
      health: { value: 0, max: 10 },
      status: { unconscious: false, dying: true, stable: false, dead: false, routed: false },
    });
    expect(rollDeathSave(byHand, fixedDice([12]))).toEqual({ ok: false, reason: "not-dying" });
    expect(endDyingTurn(byHand)).toEqual({ ok: false, reason: "not-dying" });
    expect(stabiliseDying(byHand, { healTotal: 20, hasHealingTools: true, round: 1 })).toEqual({
      ok: false,
      reason: "not-dying",
    });
  });
});
