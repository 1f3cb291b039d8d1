import { describe, expect, it } from "vitest";
import {
  applyDamage,
  applyHealing,
  createActorState,
  resolveFortify,
  type ActorState,
  type Hit,
  type Step,
} from "../../src/rules/damage-chain";
import { fixedDice } from "../../src/rules/dice";

/*
 * The damage chain's less travelled paths (issue 27's mutation run): the fortify roll with edges and
 * bonuses, blows that skip deflection, zero health under each death rule with and without death
 * risk, and healing's refusals and wake-ups.
 */

/** STR d6, Athletics d4, fortitude +1, CON 4: 12 endurance and 12 health. */
const boudica = (overrides: Partial<ActorState> = {}): ActorState =>
  createActorState({
    endurance: { value: 12, max: 12 },
    health: { value: 12, max: 12 },
    attributes: { str: 6, dex: 6, con: 4, int: 6, wis: 6, cha: 6 },
    athletics: 4,
    fortitude: 1,
    ...overrides,
  });

const piercing = (amount: number, extra: Partial<Hit> = {}): Hit => ({
  amount,
  type: "piercing",
  lethal: true,
  ...extra,
});
const kinds = (steps: readonly Step[]): string[] => steps.map((step) => step.kind);
const fortifyStep = (steps: readonly Step[]) => {
  const step = steps.find((candidate) => candidate.kind === "fortify");
  if (step?.kind !== "fortify") throw new Error("no fortify step");
  return step;
};

/** 17 piercing takes Boudica to 7 health: 5 missing against CON 4, a fortify test against 5. */
const fortifyAgainstFive = (faces: number[], options: Parameters<typeof applyDamage>[3] = {}) =>
  applyDamage(boudica(), piercing(17), fixedDice(faces), { ...options, choices: { fortify: true } });

describe("the fortify test", () => {
  it("with advantage rolls STR and Athletics twice and keeps the better pair", () => {
    const result = fortifyAgainstFive([1, 1, 3, 2, 10], {
      defenceEdges: [{ label: "Rested", advantage: 1 }],
    });
    const step = fortifyStep(result.steps);
    expect(step.roll.dice).toEqual([
      { faces: 6, result: 3 },
      { faces: 4, result: 2 },
    ]);
    expect(step.roll.total).toBe(6);
    expect(step.roll.advantage).toBe(1);
    expect(step.edges).toEqual([{ label: "Rested", advantage: 1 }]);
    expect(step.success).toBe(true);
    expect(result.state.status.unconscious).toBe(false);
  });

  it("with disadvantage keeps the worse pair, and the character falls", () => {
    const result = fortifyAgainstFive([1, 1, 3, 2, 10], {
      defenceEdges: [{ label: "Injured", advantage: -1 }],
    });
    const step = fortifyStep(result.steps);
    expect(step.roll.dice).toEqual([
      { faces: 6, result: 1 },
      { faces: 4, result: 1 },
    ]);
    expect(step.roll.total).toBe(3);
    expect(step.roll.advantage).toBe(-1);
    expect(step.success).toBe(false);
    expect(result.state.status.unconscious).toBe(true);
  });

  it("edges cancel out: one pair rolled and no advantage named on the roll", () => {
    const result = fortifyAgainstFive([2, 1, 10], {
      defenceEdges: [
        { label: "Rested", advantage: 1 },
        { label: "Injured", advantage: -1 },
      ],
    });
    const step = fortifyStep(result.steps);
    expect(step.roll.total).toBe(4);
    expect(step.roll).not.toHaveProperty("advantage");
    expect(step.edges).toHaveLength(2);
  });

  it("advantage stops at two extra rolls however many sources stack", () => {
    const result = fortifyAgainstFive([1, 1, 1, 1, 2, 2, 10], {
      defenceEdges: [{ label: "Everything", advantage: 5 }],
    });
    const step = fortifyStep(result.steps);
    expect(step.roll.advantage).toBe(2);
    expect(step.roll.total).toBe(5);
    expect(step.success).toBe(true);
  });

  it("labelled bonuses add to fortitude and are named on the card; without any, none are listed", () => {
    const guarded = fortifyAgainstFive([1, 1, 10], { defenceBonuses: [{ label: "Guard", value: 2 }] });
    const step = fortifyStep(guarded.steps);
    expect(step.roll.modifier).toBe(3);
    expect(step.roll.total).toBe(5);
    expect(step.success).toBe(true);
    expect(step.bonuses).toEqual([{ label: "Guard", value: 2 }]);
    const plain = fortifyStep(fortifyAgainstFive([1, 1, 10]).steps);
    expect(plain.roll.total).toBe(3);
    expect(plain).not.toHaveProperty("bonuses");
    expect(plain).not.toHaveProperty("edges");
  });

  it("the luck die adds 4 when it reaches 20 with the luck bonus, and not below", () => {
    const lucky = fortifyStep(fortifyAgainstFive([1, 1, 18], {}).steps);
    expect(lucky.roll.luckAdded).toBe(0);
    const withBonus = applyDamage(boudica({ luckBonus: 2 }), piercing(17), fixedDice([1, 1, 18]), {
      choices: { fortify: true },
    });
    const step = fortifyStep(withBonus.steps);
    expect(step.roll.luckAdded).toBe(4);
    expect(step.roll.total).toBe(7);
    expect(step.success).toBe(true);
  });

  it("a character without Athletics rolls STR alone", () => {
    const result = applyDamage(boudica({ athletics: 0 }), piercing(17), fixedDice([4, 10]), {
      choices: { fortify: true },
    });
    const step = fortifyStep(result.steps);
    expect(step.roll.dice).toEqual([{ faces: 6, result: 4 }]);
    expect(step.roll.total).toBe(5);
  });

  it("an answer after the reaction or the stamina was spent elsewhere knocks out without a roll", () => {
    const pending = applyDamage(boudica(), piercing(17), fixedDice([])).state;
    expect(pending.pending).toBe("fortify");
    const noReaction = resolveFortify({ ...pending, reactionAvailable: false }, true, fixedDice([]));
    if (!noReaction.ok) throw new Error(noReaction.reason);
    expect(noReaction.steps).toEqual([{ kind: "unconscious", reason: "no-reaction" }]);
    expect(noReaction.state.pending).toBeNull();
    const noStamina = resolveFortify({ ...pending, stamina: { value: 0, max: 3 } }, true, fixedDice([]));
    if (!noStamina.ok) throw new Error(noStamina.reason);
    expect(noStamina.steps).toEqual([{ kind: "unconscious", reason: "no-stamina" }]);
    expect(noStamina.state.status.unconscious).toBe(true);
  });

  it("an unconscious character losing more health is not asked again", () => {
    const out = applyDamage(boudica(), piercing(17), fixedDice([]), { choices: { fortify: false } }).state;
    const again = applyDamage(out, piercing(2), fixedDice([]));
    expect(again.decision).toBeNull();
    expect(kinds(again.steps)).toEqual(["deflection", "health"]);
    expect(again.state.pending).toBeNull();
  });
});

describe("deflection skipped or pushed below zero", () => {
  const armoured = createActorState({ deflection: { physical: 4, elemental: 2 } });

  it("damage already reduced elsewhere (past a block) meets no deflection", () => {
    const result = applyDamage(armoured, piercing(3, { ignoreDeflection: true }), fixedDice([]));
    expect(result.steps[0]).toMatchObject({ deflection: 0, damage: 3 });
    expect(result.state.endurance.value).toBe(7);
  });

  it("a modifier larger than the armour leaves deflection at 0, never adding damage", () => {
    const result = applyDamage(armoured, piercing(3, { deflectionModifier: -6 }), fixedDice([]));
    expect(result.steps[0]).toMatchObject({ deflection: 0, damage: 3 });
    const fire = applyDamage(
      armoured,
      { amount: 3, type: "fire", lethal: true, deflectionModifier: 1 },
      fixedDice([]),
    );
    expect(fire.steps[0]).toMatchObject({ deflection: 3, damage: 1 });
  });
});

describe("zero health under each death rule", () => {
  /** No endurance, 1 health: any blow of 2 passes zero by 1. */
  const atOne = (overrides: Partial<ActorState> = {}) =>
    createActorState({ endurance: { value: 0, max: 10 }, health: { value: 1, max: 10 }, ...overrides });
  const stableAtZero = (rule: "dying" | "stabilise") =>
    applyDamage(atOne(), piercing(5), fixedDice([]), { rule, withoutDeathRisk: true });

  it("dying (S2) without death risk: stable at zero, never dying, nothing owed", () => {
    const result = stableAtZero("dying");
    expect(result.steps.slice(-3)).toEqual([
      { kind: "zero-health" },
      { kind: "no-death-risk", reason: "without-death-risk" },
      { kind: "stable" },
    ]);
    expect(result.state.status).toMatchObject({ unconscious: true, stable: true, dying: false });
    expect(result.state.dying).toBeNull();
    expect(result.decision).toBeNull();
  });

  it("stabilise (S1) without death risk: unconscious and stable, with no clock running", () => {
    const result = stableAtZero("stabilise");
    expect(kinds(result.steps).slice(-4)).toEqual(["zero-health", "unconscious", "no-death-risk", "stable"]);
    expect(result.state.status).toMatchObject({ unconscious: true, stable: true, dying: false });
    expect(result.state.downed).toBeNull();
  });

  it("stabilise (S1) outside a fight: the clock runs on world time, the fight already over", () => {
    const result = applyDamage(atOne(), piercing(5), fixedDice([]), { rule: "stabilise", inCombat: false });
    expect(result.state.downed).toEqual({ roundsElapsed: 0, fightOver: true });
    expect(result.steps.at(-1)).toEqual({ kind: "downed", roundsLeft: 10, fightOver: true });
  });

  it("a blow reaching zero clears a fortify answer still owed", () => {
    const owing = atOne({ pending: "fortify" });
    const result = applyDamage(owing, piercing(1), fixedDice([]));
    expect(result.state.pending).toBeNull();
    expect(result.decision).toBeNull();
  });

  it("a character already unconscious is not knocked out twice at zero", () => {
    const out = atOne({
      status: { unconscious: true, dying: false, stable: false, dead: false, routed: false },
    });
    const result = applyDamage(out, piercing(1), fixedDice([]));
    expect(kinds(result.steps)).toEqual(["deflection", "health", "zero-health", "no-death-risk"]);
  });

  it("a direct blow past zero (luck rule) is critical damage, not a death luck test", () => {
    const result = applyDamage(atOne(), piercing(3, { direct: true }), fixedDice([20]));
    expect(kinds(result.steps)).not.toContain("death-luck-test");
    expect(kinds(result.steps)).not.toContain("no-death-risk");
    expect(result.steps).toContainEqual(expect.objectContaining({ kind: "critical-damage", remainder: 2 }));
    expect(result.state.status.dead).toBe(false);
  });
});

describe("damage to a character already at zero", () => {
  const status = { unconscious: true, dying: false, stable: true, dead: false, routed: false };
  const stable = (overrides: Partial<ActorState> = {}) =>
    createActorState({
      endurance: { value: 0, max: 10 },
      health: { value: 0, max: 10 },
      status,
      ...overrides,
    });

  it("without death risk (retreat attrition) nothing changes", () => {
    for (const rule of ["luck", "dying", "stabilise"] as const) {
      const result = applyDamage(stable(), piercing(4), fixedDice([]), { rule, withoutDeathRisk: true });
      expect(result.steps.slice(1)).toEqual([{ kind: "no-death-risk", reason: "without-death-risk" }]);
      expect(result.update).toEqual({});
    }
  });

  it("luck rule: a direct blow rolls no death luck test but is critical damage", () => {
    const result = applyDamage(stable(), piercing(4, { direct: true }), fixedDice([20]));
    expect(kinds(result.steps)).not.toContain("death-luck-test");
    expect(result.steps).toContainEqual(expect.objectContaining({ kind: "critical-damage", remainder: 4 }));
  });

  it("dying (S2): a stable character hit at zero is dying again, with a failed save and nothing owed", () => {
    const result = applyDamage(stable(), piercing(4), fixedDice([]), { rule: "dying" });
    expect(result.steps.slice(1)).toEqual([
      { kind: "dying-started", turnsLeft: 10, resumed: true },
      { kind: "death-save", roll: null, automatic: true, success: false, successes: 0, failures: 1 },
    ]);
    expect(result.state.status).toMatchObject({ dying: true, stable: false, unconscious: false });
    expect(result.decision).toBeNull();
  });

  it("stabilise (S1): a stable character hit at zero is downed again; one already downed is not", () => {
    const again = applyDamage(stable(), piercing(4), fixedDice([]), { rule: "stabilise", inCombat: false });
    expect(again.state.downed).toEqual({ roundsElapsed: 0, fightOver: true });
    expect(again.state.status.stable).toBe(false);
    const downed = again.state;
    const later = applyDamage(downed, piercing(4), fixedDice([]), { rule: "stabilise" });
    expect(later.steps.at(-1)).toEqual({ kind: "no-effect", reason: "already-downed" });
    expect(later.state.downed).toEqual(downed.downed);
  });
});

/** No endurance, 1 health, a blow of 3 under the stabilise rule (S1): downed. */
const downedUnderS1 = () =>
  applyDamage(
    createActorState({ endurance: { value: 0, max: 10 }, health: { value: 1, max: 10 } }),
    piercing(3),
    fixedDice([]),
    { rule: "stabilise" },
  ).state;

describe("healing's other paths", () => {
  it("nothing to heal: an amount of 0 is refused", () => {
    expect(
      applyHealing(createActorState(), { amount: 0, pool: "health", kind: "free" }, fixedDice([])),
    ).toEqual({
      ok: false,
      reason: "nothing-to-heal",
    });
  });

  it("a conscious character healed does not wake; a stable one at zero does, and owes nothing", () => {
    const bruised = createActorState({ health: { value: 5, max: 10 } });
    const healed = applyHealing(bruised, { amount: 2, pool: "health", kind: "free" }, fixedDice([]));
    if (!healed.ok) throw new Error(healed.reason);
    expect(healed.steps).toEqual([{ kind: "healed", pool: "health", gained: 2, value: 7 }]);
    const stable = createActorState({
      health: { value: 0, max: 10 },
      status: { unconscious: false, dying: false, stable: true, dead: false, routed: false },
      pending: "fortify",
    });
    const woken = applyHealing(stable, { amount: 1, pool: "health", kind: "free" }, fixedDice([]));
    if (!woken.ok) throw new Error(woken.reason);
    expect(woken.steps.at(-1)).toEqual({ kind: "wakes" });
    expect(woken.state.status).toMatchObject({ unconscious: false, stable: false });
    expect(woken.state.pending).toBeNull();
  });

  it("a character downed under S1 and healed after the GM switched to the luck rule wakes, and is no longer downed", () => {
    const downed = downedUnderS1();
    expect(downed.downed).not.toBeNull();
    const result = applyHealing(downed, { amount: 3, pool: "health", kind: "free" }, fixedDice([]), "luck");
    if (!result.ok) throw new Error(result.reason);
    expect(kinds(result.steps)).toEqual(["healed", "wakes"]);
    expect(result.state.status).toMatchObject({ unconscious: false, stable: false });
    expect(result.state.downed).toBeNull();
  });

  it("stabilise (S1): healing a downed character's health stabilises it and rolls the injury table", () => {
    const downed = downedUnderS1();
    const result = applyHealing(
      downed,
      { amount: 3, pool: "health", kind: "free" },
      fixedDice([15]),
      "stabilise",
    );
    if (!result.ok) throw new Error(result.reason);
    expect(kinds(result.steps)).toEqual(["stable", "s1-injury", "healed"]);
    expect(result.state.downed).toBeNull();
    expect(result.state.health.value).toBe(3);
    const endurance = applyHealing(
      downed,
      { amount: 3, pool: "endurance", kind: "free" },
      fixedDice([]),
      "stabilise",
    );
    if (!endurance.ok) throw new Error(endurance.reason);
    expect(endurance.state.downed).toEqual(downed.downed);
    expect(kinds(endurance.steps)).toEqual(["healed"]);
  });
});

describe("what a blow reports, and when it asks", () => {
  it("harmed and bloodied are told once, when first reached", () => {
    const first = applyDamage(boudica(), piercing(16), fixedDice([]));
    expect(kinds(first.steps)).toEqual(["deflection", "endurance", "harmed", "health", "bloodied"]);
    const second = applyDamage(first.state, piercing(1), fixedDice([]), { choices: { fortify: false } });
    expect(kinds(second.steps)).not.toContain("harmed");
    expect(kinds(second.steps)).not.toContain("bloodied");
  });

  it("a blow that only takes endurance asks nothing, even with health already past CON", () => {
    const shaken = boudica({ endurance: { value: 5, max: 12 }, health: { value: 5, max: 12 } });
    const result = applyDamage(shaken, piercing(3), fixedDice([]));
    expect(kinds(result.steps)).toEqual(["deflection", "endurance"]);
    expect(result.decision).toBeNull();
  });

  it("one stamina left is enough to be asked to fortify, and to fortify", () => {
    const tired = boudica({ stamina: { value: 1, max: 3 } });
    const asked = applyDamage(tired, piercing(17), fixedDice([]));
    expect(asked.decision).toMatchObject({ kind: "fortify", stamina: 1 });
    const answered = resolveFortify(asked.state, true, fixedDice([6, 4, 10]));
    if (!answered.ok) throw new Error(answered.reason);
    expect(fortifyStep(answered.steps)).toMatchObject({ success: true, stamina: 0 });
    expect(answered.state.status.unconscious).toBe(false);
  });

  it("a direct blow that exactly empties health, or one without death risk, is no critical damage", () => {
    const atOne = boudica({ endurance: { value: 0, max: 12 }, health: { value: 1, max: 12 } });
    const exact = applyDamage(atOne, piercing(1, { direct: true }), fixedDice([]));
    expect(kinds(exact.steps)).not.toContain("critical-damage");
    const attrition = applyDamage(atOne, piercing(5, { direct: true }), fixedDice([]), {
      withoutDeathRisk: true,
    });
    expect(kinds(attrition.steps)).not.toContain("critical-damage");
    expect(attrition.state.status.stable).toBe(true);
  });
});

describe("choices and tracks that outlast a blow", () => {
  it("a strain-or-injury choice still owed (S2, healed before answering) survives falling unconscious", () => {
    const fallen = applyDamage(
      boudica({ endurance: { value: 0, max: 12 }, health: { value: 1, max: 12 } }),
      piercing(3),
      fixedDice([]),
      { rule: "dying" },
    ).state;
    const healed = applyHealing(fallen, { amount: 6, pool: "health", kind: "free" }, fixedDice([]), "dying");
    if (!healed.ok) throw new Error(healed.reason);
    expect(healed.state.pending).toBe("strain-or-injury");
    const knockedOut = applyDamage(
      { ...healed.state, reactionAvailable: false },
      piercing(1),
      fixedDice([]),
      {
        rule: "dying",
      },
    );
    expect(knockedOut.steps.at(-1)).toEqual({ kind: "unconscious", reason: "no-reaction" });
    expect(knockedOut.decision).toEqual({ kind: "strain-or-injury", strain: { value: 0, max: 4 } });
  });

  it("stabilise (S1): a stable character hit at zero during a fight is downed on the fight's clock", () => {
    const stable = createActorState({
      endurance: { value: 0, max: 10 },
      health: { value: 0, max: 10 },
      status: { unconscious: true, dying: false, stable: true, dead: false, routed: false },
    });
    const result = applyDamage(stable, piercing(2), fixedDice([]), { rule: "stabilise" });
    expect(result.state.downed).toEqual({ roundsElapsed: 0, fightOver: false });
  });

  it("an unconscious character given endurance only stays down; health wakes it", () => {
    const out = applyDamage(boudica(), piercing(17), fixedDice([]), { choices: { fortify: false } }).state;
    const endurance = applyHealing(out, { amount: 4, pool: "endurance", kind: "free" }, fixedDice([]));
    if (!endurance.ok) throw new Error(endurance.reason);
    expect(endurance.state.status.unconscious).toBe(true);
    expect(kinds(endurance.steps)).toEqual(["healed"]);
  });

  it("stabilise (S1): healing a character who is not downed is plain healing, with no injury roll", () => {
    const bruised = createActorState({ health: { value: 4, max: 10 } });
    const result = applyHealing(
      bruised,
      { amount: 3, pool: "health", kind: "free" },
      fixedDice([]),
      "stabilise",
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.steps).toEqual([{ kind: "healed", pool: "health", gained: 3, value: 7 }]);
  });
});

describe("a detachment (RULES §7.4) under the chain's options", () => {
  const band = () =>
    createActorState({
      endurance: { value: 0, max: 4 },
      health: { value: 2, max: 4 },
      attributes: { str: 8, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
    });

  it("an ordinary hit that leaves it standing neither routs nor destroys it", () => {
    const result = applyDamage(band(), piercing(1), fixedDice([]), { detachment: true });
    expect(result.state.status).toMatchObject({ routed: false, dead: false });
    expect(kinds(result.steps)).toEqual(["deflection", "health"]);
  });

  it("retreat attrition brings it to zero stable, never destroyed", () => {
    const result = applyDamage(band(), piercing(5), fixedDice([]), {
      detachment: true,
      withoutDeathRisk: true,
    });
    expect(result.state.status).toMatchObject({ dead: false, stable: true });
    expect(kinds(result.steps)).not.toContain("destroyed");
  });
});
