import { describe, expect, it } from "vitest";
import {
  applyDamage,
  applyHealing,
  createActorState,
  type ActorState,
  type Outcome,
  type RuleResult,
} from "../../src/rules/damage-chain";
import { fixedDice, seededDice } from "../../src/rules/dice";
import {
  S2_INJURY_TABLE,
  S2_SUB_TABLES,
  dyingOdds,
  endDyingTurn,
  freshDyingTrack,
  resolveStrainOrInjury,
  resurrect,
  rollDeathSave,
  stabiliseDying,
} from "../../src/rules/dying";
import { fraction, fractionValue } from "../../src/rules/death";

const ok = <Reason extends string>(outcome: Outcome<Reason>): RuleResult => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
};

/** Just fallen under S2, the strain-or-injury choice still owed. */
const fallen = (overrides: Partial<ActorState> = {}): ActorState =>
  applyDamage(
    createActorState({ endurance: { value: 0, max: 10 }, health: { value: 2, max: 10 }, ...overrides }),
    { amount: 5, type: "untyped", lethal: true },
    fixedDice([]),
    { rule: "dying" },
  ).state;

/** Dying with the choice answered. */
const dying = (overrides: Partial<ActorState> = {}): ActorState => ({ ...fallen(overrides), pending: null });

/** One of the dying character's turns: optionally a save, then the end of the turn. */
function turn(state: ActorState, saveFace: number | null): ActorState {
  const saved = saveFace === null ? state : ok(rollDeathSave(state, fixedDice([saveFace]))).state;
  if (!saved.status.dying) return saved;
  return ok(endDyingTurn(saved)).state;
}

describe("falling to zero health: system strain or an injury", () => {
  it("strain: 1d6 added, nothing else when it stays within CON", () => {
    const result = ok(resolveStrainOrInjury(fallen(), "strain", fixedDice([6])));
    expect(result.steps).toEqual([{ kind: "strain", rolled: 6, value: 6, max: 6, capped: false }]);
    expect(result.state.strain).toEqual({ value: 6, max: 6 });
    expect(result.state.injuries).toEqual([]);
    expect(result.state.pending).toBeNull();
  });

  it("strain past the max is capped at the CON value and an injury comes anyway", () => {
    const state = fallen({ strain: { value: 3, max: 6 } });
    const result = ok(resolveStrainOrInjury(state, "strain", fixedDice([5, 11])));
    expect(result.steps).toEqual([
      { kind: "strain", rolled: 5, value: 6, max: 6, capped: true },
      {
        kind: "injury",
        face: 11,
        key: "hobbled",
        subRoll: null,
        detail: null,
        permanent: false,
        repeated: false,
      },
    ]);
    expect(result.state.strain.value).toBe(6);
    expect(result.state.injuries).toEqual([{ key: "hobbled", detail: null, permanent: false }]);
  });

  it("an injury rolls its sub-table: a d6 for the skills hampered", () => {
    const result = ok(resolveStrainOrInjury(fallen(), "injury", fixedDice([6, 4])));
    expect(result.state.injuries).toEqual([{ key: "impaired-skills", detail: "wis", permanent: false }]);
  });

  it("the same injury rolled while still held becomes permanent", () => {
    const state = fallen({ injuries: [{ key: "impaired-skills", detail: "wis", permanent: false }] });
    const result = ok(resolveStrainOrInjury(state, "injury", fixedDice([6, 4])));
    expect(result.state.injuries).toEqual([{ key: "impaired-skills", detail: "wis", permanent: true }]);
    expect(result.steps[0]).toMatchObject({ permanent: true, repeated: true });
    const other = ok(resolveStrainOrInjury(state, "injury", fixedDice([6, 1])));
    expect(other.state.injuries).toHaveLength(2);
    expect(other.state.injuries.every((injury) => !injury.permanent)).toBe(true);
  });

  it("the choice is answered once", () => {
    const answered = ok(resolveStrainOrInjury(fallen(), "strain", fixedDice([1]))).state;
    expect(resolveStrainOrInjury(answered, "strain", fixedDice([1]))).toEqual({
      ok: false,
      reason: "no-choice-pending",
    });
  });
});

describe("the dying countdown and death saves", () => {
  it("dies at the end of its 10th turn, not before", () => {
    let state = dying();
    for (let i = 0; i < 9; i += 1) state = turn(state, null);
    expect(state.status.dying).toBe(true);
    expect(state.dying?.turnsTaken).toBe(9);
    const last = ok(endDyingTurn(state));
    expect(last.steps).toEqual([
      { kind: "dying-turn", turnsTaken: 10, turnsLeft: 0 },
      { kind: "dead", cause: "dying-countdown" },
    ]);
    expect(last.state.status.dead).toBe(true);
  });

  it("three successes: stable at zero health", () => {
    const state = turn(turn(turn(turn(dying(), 10), 3), 19), 15);
    expect(state.status).toEqual({
      unconscious: true,
      dying: false,
      stable: true,
      dead: false,
      routed: false,
    });
    expect(state.health.value).toBe(0);
    expect(state.dying).toBeNull();
  });

  it("three failures: dead", () => {
    const state = turn(turn(turn(turn(dying(), 9), 12), 1), 5);
    expect(state.status.dead).toBe(true);
  });

  it("a natural 20 brings 1 health and the character stands up to act", () => {
    const result = ok(rollDeathSave(turn(dying(), 2), fixedDice([20])));
    expect(result.state.health.value).toBe(1);
    expect(result.state.status).toEqual({
      unconscious: false,
      dying: false,
      stable: false,
      dead: false,
      routed: false,
    });
    expect(result.steps.at(-1)).toEqual({ kind: "stands" });
  });

  it("one death save per turn", () => {
    const saved = ok(rollDeathSave(dying(), fixedDice([12]))).state;
    expect(rollDeathSave(saved, fixedDice([12]))).toEqual({ ok: false, reason: "already-saved" });
    expect(rollDeathSave(createActorState(), fixedDice([12]))).toEqual({ ok: false, reason: "not-dying" });
  });

  it("damage while dying is an automatic failed save; the third one kills", () => {
    const hit = { amount: 1, type: "untyped" as const, lethal: false };
    const once = applyDamage(turn(dying(), 5), hit, fixedDice([]), { rule: "dying" });
    expect(once.steps.at(-1)).toEqual({
      kind: "death-save",
      roll: null,
      automatic: true,
      success: false,
      successes: 0,
      failures: 2,
    });
    const twice = applyDamage(once.state, hit, fixedDice([]), { rule: "dying" });
    expect(twice.state.status.dead).toBe(true);
  });

  it("any healing while dying: the character stands and may act", () => {
    const result = ok(
      applyHealing(dying(), { amount: 2, pool: "health", kind: "free" }, fixedDice([]), "dying"),
    );
    expect(result.state.health.value).toBe(2);
    expect(result.state.status).toEqual({
      unconscious: false,
      dying: false,
      stable: false,
      dead: false,
      routed: false,
    });
    expect(result.steps.at(-1)).toEqual({ kind: "stands" });
  });
});

describe("stabilising by an ally", () => {
  it("a Heal test against 8 with healing tools, 10 without", () => {
    expect(
      ok(stabiliseDying(dying(), { healTotal: 8, hasHealingTools: true, round: 1 })).state.status.stable,
    ).toBe(true);
    const without = ok(stabiliseDying(dying(), { healTotal: 9, hasHealingTools: false, round: 1 }));
    expect(without.state.status.dying).toBe(true);
    expect(without.steps).toEqual([{ kind: "stabilise-attempt", total: 9, difficulty: 10, success: false }]);
  });

  it("only one ally may try each round", () => {
    const tried = ok(stabiliseDying(dying(), { healTotal: 3, hasHealingTools: true, round: 2 })).state;
    expect(stabiliseDying(tried, { healTotal: 12, hasHealingTools: true, round: 2 })).toEqual({
      ok: false,
      reason: "already-attempted-this-round",
    });
    expect(
      ok(stabiliseDying(tried, { healTotal: 12, hasHealingTools: true, round: 3 })).state.status.stable,
    ).toBe(true);
  });
});

describe("system strain and healing", () => {
  const bruised = (strain: number) =>
    createActorState({ health: { value: 5, max: 10 }, strain: { value: strain, max: 6 } });

  it("easy healing costs 1 strain and is refused at max strain", () => {
    const healed = ok(
      applyHealing(bruised(2), { amount: 3, pool: "health", kind: "easy" }, fixedDice([]), "dying"),
    );
    expect(healed.state.strain.value).toBe(3);
    expect(healed.state.health.value).toBe(8);
    expect(
      applyHealing(bruised(6), { amount: 3, pool: "health", kind: "easy" }, fixedDice([]), "dying"),
    ).toEqual({
      ok: false,
      reason: "strain-at-max",
    });
  });

  it("natural healing stops at max strain; other healing is free", () => {
    expect(
      applyHealing(bruised(6), { amount: 1, pool: "health", kind: "natural" }, fixedDice([]), "dying"),
    ).toEqual({
      ok: false,
      reason: "strain-at-max",
    });
    const free = ok(
      applyHealing(bruised(6), { amount: 1, pool: "health", kind: "free" }, fixedDice([]), "dying"),
    );
    expect(free.state.strain.value).toBe(6);
  });

  it("strain is ignored under the other death rules", () => {
    const healed = ok(
      applyHealing(bruised(6), { amount: 1, pool: "health", kind: "easy" }, fixedDice([]), "luck"),
    );
    expect(healed.state.strain.value).toBe(6);
  });
});

describe("death while injured and resurrection", () => {
  it("dying while injured makes the injuries permanent", () => {
    const injured = dying({ injuries: [{ key: "useless-arm", detail: "left", permanent: false }] });
    const dead = turn(turn(turn(injured, 1), 1), 1);
    expect(dead.status.dead).toBe(true);
    expect(dead.injuries).toEqual([{ key: "useless-arm", detail: "left", permanent: true }]);
  });

  it("resurrection steps CON down one size for good, and strain max with it", () => {
    const dead = turn(turn(turn(dying({ strain: { value: 6, max: 6 } }), 1), 1), 1);
    const result = ok(resurrect(dead, 6));
    expect(result.state.attributes.con).toBe(4);
    expect(result.state.strain).toEqual({ value: 4, max: 4 });
    expect(result.state.health.value).toBe(1);
    expect(result.state.status.dead).toBe(false);
  });

  it("refuses the living, and a CON of d4 has nothing left to give", () => {
    expect(resurrect(createActorState(), 6)).toEqual({ ok: false, reason: "not-dead" });
    const frail = createActorState({
      attributes: { str: 6, dex: 6, con: 4, int: 6, wis: 6, cha: 6 },
      status: { unconscious: false, dying: false, stable: false, dead: true, routed: false },
    });
    expect(resurrect(frail, 4)).toEqual({ ok: false, reason: "con-exhausted" });
  });

  it("counts the character's own CON die: d4 is refused even when an effect raises CON", () => {
    const raised = createActorState({
      attributes: { str: 6, dex: 6, con: 8, int: 6, wis: 6, cha: 6 },
      status: { unconscious: false, dying: false, stable: false, dead: true, routed: false },
    });
    expect(resurrect(raised, 4)).toEqual({ ok: false, reason: "con-exhausted" });
  });

  it("refuses while injuries would step the lowered CON to 0, and steps both dice together otherwise", () => {
    const status = { unconscious: false, dying: false, stable: false, dead: true, routed: false };
    // Own d6, a serious injury on CON: d4 now; resurrected, the injury would take d4 to 0 (dead).
    const injured = createActorState({
      attributes: { str: 6, dex: 6, con: 4, int: 6, wis: 6, cha: 6 },
      status,
    });
    expect(resurrect(injured, 6)).toEqual({ ok: false, reason: "con-lost-to-injuries" });
    // Own d8 with the same injury: d6 now, d4 once resurrected (own d6, stepped once by the injury).
    const sturdier = createActorState({
      attributes: { str: 6, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
      status,
    });
    expect(ok(resurrect(sturdier, 8)).state.attributes.con).toBe(4);
  });
});

describe("the default d12 injury table", () => {
  it("has one row per face 1–12, each with a distinct key", () => {
    expect(S2_INJURY_TABLE.map((row) => row.face)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(S2_INJURY_TABLE.map((row) => row.key)).size).toBe(12);
  });

  it("sends faces 4 and 6 to d6 sub-tables and 12 to the arm side", () => {
    const withSub = S2_INJURY_TABLE.filter((row) => row.subTable !== null).map((row) => [
      row.face,
      row.subTable,
    ]);
    expect(withSub).toEqual([
      [4, "saves"],
      [6, "skills"],
      [12, "arm"],
    ]);
    expect(S2_SUB_TABLES.saves).toHaveLength(6);
    expect(S2_SUB_TABLES.skills).toEqual(["str", "dex", "con", "wis", "int", "cha"]);
  });
});

describe("exact odds for a character who only makes death saves", () => {
  // Each save: 1 face stands, 10 succeed (10–19), 9 fail (1–9). Five saves always settle it, so the
  // countdown never bites; closed form: the third failure (or success) after k of the other kind.
  const p = { fail: 9 / 20, success: 10 / 20 };
  const settleAfter = (third: number, other: number) => third ** 3 * (1 + 3 * other + 6 * other ** 2);

  it("matches the closed form", () => {
    const odds = dyingOdds();
    expect(odds.dies).toEqual(fraction(729, 2000));
    expect(odds.stable).toEqual(fraction(713, 1600));
    expect(odds.stands).toEqual(fraction(1519, 8000));
    expect(fractionValue(odds.dies)).toBeCloseTo(settleAfter(p.fail, p.success), 12);
    expect(fractionValue(odds.stable)).toBeCloseTo(settleAfter(p.success, p.fail), 12);
    expect(fractionValue(odds.stands) + fractionValue(odds.stable) + fractionValue(odds.dies)).toBeCloseTo(
      1,
      12,
    );
  });

  it("counts the countdown when few turns are left", () => {
    const odds = dyingOdds({ turnsLeft: 1, successes: 2, failures: 0 });
    expect(odds).toEqual({ stands: fraction(1, 20), stable: fraction(10, 20), dies: fraction(9, 20) });
    expect(dyingOdds({ turnsLeft: 2, successes: 0, failures: 0 }).dies).toEqual(fraction(361, 400));
  });

  it("is matched by 100 000 seeded runs of the state machine", () => {
    const runs = 100_000;
    const dice = seededDice(20240613);
    const tally = { stands: 0, stable: 0, dies: 0 };
    const start: ActorState = dying();
    for (let i = 0; i < runs; i += 1) {
      let state: ActorState = { ...start, dying: freshDyingTrack() };
      while (state.status.dying) {
        state = ok(rollDeathSave(state, dice)).state;
        if (state.status.dying) state = ok(endDyingTurn(state)).state;
      }
      if (state.status.dead) tally.dies += 1;
      else if (state.status.stable) tally.stable += 1;
      else tally.stands += 1;
    }
    const odds = dyingOdds();
    for (const outcome of ["stands", "stable", "dies"] as const) {
      const expected = fractionValue(odds[outcome]);
      const standardError = Math.sqrt((expected * (1 - expected)) / runs);
      expect(Math.abs(tally[outcome] / runs - expected)).toBeLessThan(4.5 * standardError);
    }
  });
});
