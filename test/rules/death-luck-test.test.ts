import { describe, expect, it } from "vitest";
import { createActorState, type ActorState } from "../../src/rules/death";
import { deathLuckTestByHand } from "../../src/rules/death-luck-test";
import { fixedDice } from "../../src/rules/dice";

const down = (overrides: Partial<ActorState> = {}): ActorState =>
  createActorState({
    health: { value: 0, max: 10 },
    luckBonus: 2,
    deathDifficulty: 15,
    status: { unconscious: true, dying: false, stable: false, dead: false, routed: false },
    ...overrides,
  });

describe("the death luck test by hand (RULES §4)", () => {
  it("cheats death at the difficulty and raises it by 5 for good; one short kills", () => {
    const cheated = deathLuckTestByHand(down(), fixedDice([13]), "luck");
    expect(cheated).toMatchObject({
      ok: true,
      update: { deathDifficulty: 20 },
      revert: { deathDifficulty: 15 },
    });

    const killed = deathLuckTestByHand(down(), fixedDice([12]), "luck");
    expect(killed.ok && killed.update.status?.dead).toBe(true);
    expect(killed.ok && killed.steps.map((step) => step.kind)).toEqual(["death-luck-test", "dead"]);
  });

  it("is refused above zero health, for the dead and under another death rule, rolling nothing", () => {
    const dice = fixedDice([]);
    expect(deathLuckTestByHand(down({ health: { value: 1, max: 10 } }), dice, "luck")).toEqual({
      ok: false,
      reason: "not-at-zero-health",
    });
    const dead = down({
      status: { unconscious: true, dying: false, stable: false, dead: true, routed: false },
    });
    expect(deathLuckTestByHand(dead, dice, "luck")).toEqual({ ok: false, reason: "already-dead" });
    expect(deathLuckTestByHand(down(), dice, "dying")).toEqual({ ok: false, reason: "not-luck-rule" });
    expect(deathLuckTestByHand(down(), dice, "stabilise")).toEqual({ ok: false, reason: "not-luck-rule" });
  });
});
