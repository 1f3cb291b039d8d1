import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAMAGE_TYPES, type DamageType } from "../../src/rules/damage";
import {
  applyDamage,
  applyHealing,
  applyPatch,
  createActorState,
  resolveFortify,
  type ActorState,
  type DeathRule,
  type Hit,
  type Step,
} from "../../src/rules/damage-chain";
import { fixedDice, seededDice, type DieRating } from "../../src/rules/dice";

const boudica = (): ActorState =>
  createActorState({
    endurance: { value: 12, max: 12 },
    health: { value: 12, max: 12 },
    attributes: { str: 6, dex: 6, con: 4, int: 6, wis: 6, cha: 6 },
    athletics: 4,
    fortitude: 1,
  });

const piercing = (amount: number, lethal = true): Hit => ({ amount, type: "piercing", lethal });
const kinds = (steps: readonly Step[]): string[] => steps.map((step) => step.kind);

/** A character already at zero health, unconscious, under the luck rule. */
const downAtZero = (): ActorState =>
  createActorState({
    endurance: { value: 0, max: 10 },
    health: { value: 0, max: 10 },
    status: { unconscious: true, dying: false, stable: false, dead: false, routed: false },
  });

describe("the S4 Boudica sequence", () => {
  it("harmed, fortified, then killed by a failed death luck test", () => {
    const first = applyDamage(boudica(), piercing(7), fixedDice([]));
    expect(first.steps).toEqual([
      { kind: "deflection", type: "piercing", raw: 7, deflection: 0, damage: 7 },
      { kind: "endurance", lost: 7, value: 5 },
      { kind: "harmed" },
    ]);
    expect(first.state.endurance.value).toBe(5);
    expect(first.decision).toBeNull();

    const second = applyDamage(first.state, piercing(10), fixedDice([]));
    expect(second.steps).toEqual([
      { kind: "deflection", type: "piercing", raw: 10, deflection: 0, damage: 10 },
      { kind: "endurance", lost: 5, value: 0 },
      { kind: "health", lost: 5, value: 7 },
      { kind: "bloodied" },
      { kind: "conscious-check", missing: 5, con: 4 },
    ]);
    expect(second.decision).toEqual({ kind: "fortify", difficulty: 5, missing: 5, con: 4, stamina: 3 });

    // STR d6 shows 4, Athletics d4 shows 2, +1 fortitude = 7; the luck die (10) adds nothing.
    const dice = fixedDice([4, 2, 10]);
    const fortified = resolveFortify(second.state, true, dice);
    if (!fortified.ok) throw new Error(fortified.reason);
    expect(dice.remaining()).toBe(0);
    const fortifyStep = fortified.steps[0];
    expect(fortifyStep).toMatchObject({ kind: "fortify", difficulty: 5, success: true, stamina: 2 });
    expect(fortifyStep?.kind === "fortify" && fortifyStep.roll.total).toBe(7);
    expect(fortified.state.status.unconscious).toBe(false);
    expect(fortified.state.reactionAvailable).toBe(false);
    expect(fortified.state.pending).toBeNull();

    const deathDice = fixedDice([1]);
    const third = applyDamage(fortified.state, piercing(8), deathDice);
    expect(third.steps).toEqual([
      { kind: "deflection", type: "piercing", raw: 8, deflection: 0, damage: 8 },
      { kind: "health", lost: 7, value: 0 },
      { kind: "zero-health" },
      { kind: "unconscious", reason: "zero-health" },
      { kind: "risk-of-death", overflow: 1 },
      { kind: "death-luck-test", roll: 1, bonus: 0, total: 1, difficulty: 10, success: false },
      { kind: "dead", cause: "death-luck-test" },
    ]);
    expect(deathDice.remaining()).toBe(0);
    expect(third.state).toMatchObject({
      endurance: { value: 0, max: 12 },
      health: { value: 0, max: 12 },
      stamina: { value: 2, max: 3 },
      deathDifficulty: 10,
      status: { unconscious: true, dead: true, dying: false, stable: false },
    });
  });

  it("runs the same sequence in one call when the fortify choice is given up front", () => {
    const harmed = applyDamage(boudica(), piercing(7), fixedDice([])).state;
    const result = applyDamage(harmed, piercing(10), fixedDice([4, 2, 10]), { choices: { fortify: true } });
    expect(kinds(result.steps)).toEqual([
      "deflection",
      "endurance",
      "health",
      "bloodied",
      "conscious-check",
      "fortify",
    ]);
    expect(result.decision).toBeNull();
    expect(result.state.stamina.value).toBe(2);
  });
});

describe("staying conscious", () => {
  const hurt = (overrides: Partial<ActorState>): ActorState => ({ ...boudica(), ...overrides });

  it("a failed fortify test leaves the character unconscious and the stamina spent", () => {
    const result = applyDamage(boudica(), piercing(17), fixedDice([1, 1, 2]), { choices: { fortify: true } });
    expect(result.steps.at(-1)).toEqual({ kind: "unconscious", reason: "failed-fortify" });
    expect(result.state.status.unconscious).toBe(true);
    expect(result.state.stamina.value).toBe(2);
    expect(result.state.health.value).toBe(7);
  });

  it("declining to fortify costs nothing and knocks the character out", () => {
    const result = applyDamage(boudica(), piercing(17), fixedDice([]), { choices: { fortify: false } });
    expect(result.steps.at(-1)).toEqual({ kind: "unconscious", reason: "declined-fortify" });
    expect(result.state.stamina.value).toBe(3);
    expect(result.state.reactionAvailable).toBe(true);
  });

  it("without a reaction or without stamina there is no choice: unconscious", () => {
    const noReaction = applyDamage(hurt({ reactionAvailable: false }), piercing(17), fixedDice([]));
    expect(noReaction.steps.at(-1)).toEqual({ kind: "unconscious", reason: "no-reaction" });
    expect(noReaction.decision).toBeNull();
    const noStamina = applyDamage(hurt({ stamina: { value: 0, max: 3 } }), piercing(17), fixedDice([]));
    expect(noStamina.steps.at(-1)).toEqual({ kind: "unconscious", reason: "no-stamina" });
  });

  it("missing health equal to CON asks for nothing", () => {
    const result = applyDamage(boudica(), piercing(16), fixedDice([]));
    expect(result.state.health.value).toBe(8);
    expect(result.decision).toBeNull();
    expect(kinds(result.steps)).not.toContain("conscious-check");
  });

  it("a fortify answer is taken once: a second click is refused instead of spending more stamina", () => {
    const pending = applyDamage(boudica(), piercing(17), fixedDice([])).state;
    const once = resolveFortify(pending, true, fixedDice([6, 4, 10]));
    if (!once.ok) throw new Error(once.reason);
    expect(resolveFortify(once.state, true, fixedDice([6, 4, 10]))).toEqual({
      ok: false,
      reason: "no-decision-pending",
    });
  });
});

describe("zero health and the risk of death (luck rule)", () => {
  it("a blow that exactly empties health knocks out without risking death", () => {
    const state = createActorState({ endurance: { value: 0, max: 10 } });
    const result = applyDamage(state, piercing(10), fixedDice([]));
    expect(result.steps.slice(-3)).toEqual([
      { kind: "zero-health" },
      { kind: "unconscious", reason: "zero-health" },
      { kind: "no-death-risk", reason: "not-exceeded" },
    ]);
    expect(result.state.status).toEqual({
      unconscious: true,
      dying: false,
      stable: false,
      dead: false,
      routed: false,
    });
  });

  it("a successful death luck test cheats death and raises the difficulty by 5 for good", () => {
    const state = createActorState({ endurance: { value: 0, max: 10 }, luckBonus: 2 });
    const result = applyDamage(state, piercing(15), fixedDice([8]));
    expect(result.steps.slice(-2)).toEqual([
      { kind: "death-luck-test", roll: 8, bonus: 2, total: 10, difficulty: 10, success: true },
      { kind: "cheated-death", difficulty: 15 },
    ]);
    expect(result.state.deathDifficulty).toBe(15);
    expect(result.state.status.dead).toBe(false);
  });

  it("a nonlethal blow past zero does not risk death, but the next blow does, even a nonlethal one", () => {
    const state = createActorState({ endurance: { value: 0, max: 10 } });
    const knockedOut = applyDamage(state, piercing(25, false), fixedDice([]));
    expect(knockedOut.steps.at(-1)).toEqual({ kind: "no-death-risk", reason: "nonlethal" });
    expect(knockedOut.state.status.dead).toBe(false);

    const followUp = applyDamage(knockedOut.state, piercing(1, false), fixedDice([9]));
    expect(followUp.steps.slice(-3)).toEqual([
      { kind: "risk-of-death", overflow: 1 },
      { kind: "death-luck-test", roll: 9, bonus: 0, total: 9, difficulty: 10, success: false },
      { kind: "dead", cause: "death-luck-test" },
    ]);
  });

  it("without risking death (retreat attrition) a character brought to zero is stable and cannot die", () => {
    const state = createActorState({ endurance: { value: 0, max: 10 } });
    const result = applyDamage(state, piercing(30), fixedDice([]), { withoutDeathRisk: true });
    expect(result.state.status).toEqual({
      unconscious: true,
      dying: false,
      stable: true,
      dead: false,
      routed: false,
    });
    const again = applyDamage(result.state, piercing(30), fixedDice([]), { withoutDeathRisk: true });
    expect(again.state.status.dead).toBe(false);
  });

  it("a dead character takes no further damage", () => {
    const dead = createActorState({
      status: { unconscious: true, dying: false, stable: false, dead: true, routed: false },
    });
    const result = applyDamage(dead, piercing(5), fixedDice([]));
    expect(result.steps).toEqual([{ kind: "no-effect", reason: "dead" }]);
    expect(result.update).toEqual({});
  });
});

describe("deflection", () => {
  const armoured = createActorState({
    deflection: { physical: 8, elemental: 3 },
    endurance: { value: 30, max: 30 },
  });

  it("physical and elemental damage meet their own deflection, at least 1 gets through", () => {
    expect(applyDamage(armoured, piercing(10), fixedDice([])).state.endurance.value).toBe(28);
    expect(
      applyDamage(armoured, { amount: 10, type: "fire", lethal: true }, fixedDice([])).state.endurance.value,
    ).toBe(23);
    expect(applyDamage(armoured, piercing(3), fixedDice([])).state.endurance.value).toBe(29);
  });

  it("a larger attacker lowers deflection through the hit's modifier", () => {
    const hit: Hit = { ...piercing(10), deflectionModifier: -1 };
    expect(applyDamage(armoured, hit, fixedDice([])).steps[0]).toMatchObject({ deflection: 7, damage: 3 });
  });
});

describe("healing", () => {
  it("restores health up to its max and wakes a character left above zero", () => {
    const result = applyHealing(downAtZero(), { amount: 25, pool: "health", kind: "free" }, fixedDice([]));
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.health).toEqual({ value: 10, max: 10 });
    expect(result.steps).toEqual([
      { kind: "healed", pool: "health", gained: 10, value: 10 },
      { kind: "wakes" },
    ]);
    expect(result.state.status.unconscious).toBe(false);
  });

  it("endurance healing does not wake a character at zero health", () => {
    const result = applyHealing(downAtZero(), { amount: 4, pool: "endurance", kind: "free" }, fixedDice([]));
    if (!result.ok) throw new Error(result.reason);
    expect(result.state.endurance.value).toBe(4);
    expect(result.state.status.unconscious).toBe(true);
  });

  it("the dead cannot be healed", () => {
    const dead = createActorState({
      status: { unconscious: true, dying: false, stable: false, dead: true, routed: false },
    });
    expect(applyHealing(dead, { amount: 5, pool: "health", kind: "free" }, fixedDice([]))).toEqual({
      ok: false,
      reason: "dead",
    });
  });
});

describe("the death rule decides what zero health means", () => {
  const atOne = () => createActorState({ endurance: { value: 0, max: 10 }, health: { value: 1, max: 10 } });

  it("dying (S2): the character is dying, not unconscious, and owes strain or an injury", () => {
    const result = applyDamage(atOne(), piercing(9), fixedDice([]), { rule: "dying" });
    expect(result.state.status).toEqual({
      unconscious: false,
      dying: true,
      stable: false,
      dead: false,
      routed: false,
    });
    expect(result.decision).toEqual({ kind: "strain-or-injury", strain: { value: 0, max: 6 } });
    expect(kinds(result.steps)).not.toContain("death-luck-test");
  });

  it("dying (S2): the strain choice can be given up front", () => {
    const result = applyDamage(atOne(), piercing(9), fixedDice([4]), {
      rule: "dying",
      choices: { strainOrInjury: "strain" },
    });
    expect(result.decision).toBeNull();
    expect(result.state.strain.value).toBe(4);
  });

  it("stabilise (S1): the character is incapacitated with ten rounds on the clock", () => {
    const result = applyDamage(atOne(), piercing(9), fixedDice([]), { rule: "stabilise" });
    expect(result.state.status.unconscious).toBe(true);
    expect(result.state.downed).toEqual({ roundsElapsed: 0, fightOver: false });
    expect(result.steps.at(-1)).toEqual({ kind: "downed", roundsLeft: 10, fightOver: false });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const dieRating = fc.constantFrom<DieRating>(0, 4, 6, 8, 10, 12);
const pool = (maxLimit: number) =>
  fc
    .integer({ min: 1, max: maxLimit })
    .chain((max) => fc.record({ value: fc.integer({ min: 0, max }), max: fc.constant(max) }));

const actorState: fc.Arbitrary<ActorState> = fc
  .record({
    endurance: pool(30),
    health: pool(30),
    stamina: pool(5),
    con: fc.constantFrom<DieRating>(4, 6, 8, 10, 12),
    str: dieRating,
    athletics: dieRating,
    physical: fc.integer({ min: 0, max: 10 }),
    elemental: fc.integer({ min: 0, max: 10 }),
    luckBonus: fc.integer({ min: -2, max: 4 }),
    deathDifficulty: fc.constantFrom(10, 15, 20, 25),
    reactionAvailable: fc.boolean(),
    unconscious: fc.boolean(),
  })
  .map((r) =>
    createActorState({
      endurance: r.endurance,
      health: r.health,
      stamina: r.stamina,
      attributes: { str: r.str, dex: 6, con: r.con, int: 6, wis: 6, cha: 6 },
      athletics: r.athletics,
      deflection: { physical: r.physical, elemental: r.elemental },
      luckBonus: r.luckBonus,
      deathDifficulty: r.deathDifficulty,
      reactionAvailable: r.reactionAvailable,
      status: {
        unconscious: r.unconscious || r.health.value === 0,
        dying: false,
        stable: false,
        dead: false,
        routed: false,
      },
      strain: { value: 0, max: r.con },
    }),
  );

const ALL_TYPES = Object.keys(DAMAGE_TYPES).filter((key): key is DamageType => key in DAMAGE_TYPES);
const damageType = fc.constantFrom(...ALL_TYPES);
const hit: fc.Arbitrary<Hit> = fc.record({
  amount: fc.integer({ min: 0, max: 40 }),
  type: damageType,
  lethal: fc.boolean(),
});
const rule = fc.constantFrom<DeathRule>("luck", "dying", "stabilise");
const choices = fc.record({
  fortify: fc.boolean(),
  strainOrInjury: fc.constantFrom("strain" as const, "injury" as const),
});

describe("properties of the damage chain", () => {
  it("a hit always deals at least 1, and takes exactly what the pools could give", () => {
    fc.assert(
      fc.property(actorState, hit, rule, fc.integer(), (state, blow, deathRule, seed) => {
        const result = applyDamage(state, blow, seededDice(seed), { rule: deathRule });
        const deflection = result.steps[0];
        if (deflection?.kind !== "deflection") throw new Error("first step must be deflection");
        expect(deflection.damage).toBeGreaterThanOrEqual(1);
        const lost =
          state.endurance.value -
          result.state.endurance.value +
          (state.health.value - result.state.health.value);
        expect(lost).toBe(Math.min(deflection.damage, state.endurance.value + state.health.value));
      }),
    );
  });

  it("endurance and health stay within 0 and their max, through damage and healing", () => {
    fc.assert(
      fc.property(
        actorState,
        hit,
        rule,
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        choices,
        (state, blow, deathRule, healed, seed, answer) => {
          const dice = seededDice(seed);
          const hurt = applyDamage(state, blow, dice, { rule: deathRule, choices: answer }).state;
          const healing = applyHealing(
            hurt,
            { amount: healed, pool: "health", kind: "free" },
            dice,
            deathRule,
          );
          for (const after of [hurt, healing.ok ? healing.state : hurt]) {
            for (const p of [after.endurance, after.health]) {
              expect(p.value).toBeGreaterThanOrEqual(0);
              expect(p.value).toBeLessThanOrEqual(p.max);
            }
          }
        },
      ),
    );
  });

  it("typeless damage ignores every deflection", () => {
    fc.assert(
      fc.property(
        actorState,
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom<DamageType>("psychic", "untyped"),
        (state, amount, type) => {
          const result = applyDamage(
            state,
            { amount, type, lethal: true, deflectionModifier: 5 },
            seededDice(1),
          );
          expect(result.steps[0]).toMatchObject({ kind: "deflection", deflection: 0, damage: amount });
        },
      ),
    );
  });

  it("the revert restores the exact prior state and the update reproduces the new one", () => {
    fc.assert(
      fc.property(
        actorState,
        hit,
        rule,
        fc.integer(),
        choices,
        fc.boolean(),
        (state, blow, deathRule, seed, answer, ask) => {
          const result = applyDamage(state, blow, seededDice(seed), {
            rule: deathRule,
            choices: ask ? {} : answer,
          });
          expect(applyPatch(result.state, result.revert)).toEqual(state);
          expect(applyPatch(state, result.update)).toEqual(result.state);
          expect(Object.keys(result.revert).sort()).toEqual(Object.keys(result.update).sort());
        },
      ),
    );
  });

  it("a nonlethal blow on a character above zero never rolls for death nor kills (luck rule)", () => {
    fc.assert(
      fc.property(actorState, hit, fc.integer(), (state, blow, seed) => {
        fc.pre(state.health.value > 0);
        const result = applyDamage(state, { ...blow, lethal: false }, seededDice(seed), {
          choices: { fortify: true },
        });
        expect(kinds(result.steps)).not.toContain("death-luck-test");
        expect(result.state.status.dead).toBe(false);
      }),
    );
  });

  it("any damage at zero health under the luck rule risks death, lethal or not", () => {
    fc.assert(
      fc.property(actorState, hit, fc.integer(), (state, blow, seed) => {
        const atZero = {
          ...state,
          health: { ...state.health, value: 0 },
          endurance: { ...state.endurance, value: 0 },
        };
        const result = applyDamage(atZero, blow, seededDice(seed));
        expect(kinds(result.steps)).toContain("death-luck-test");
      }),
    );
  });
});
