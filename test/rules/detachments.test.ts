import { describe, expect, it } from "vitest";
import { createActorState, type Step } from "../../src/rules/damage-chain";
import { applyDamage } from "../../src/rules/damage-chain";
import { attacksAsBlast, detachmentAftermath, detachmentEdges, netEdge } from "../../src/rules/detachments";
import { directDice } from "../../src/rules/direct-damage";
import { fixedDice } from "../../src/rules/dice";

describe("detachments' edges on an attack (RULES §7.4)", () => {
  const attack = (attackerIsDetachment: boolean, weaponBlast: boolean, targets: boolean[]) =>
    detachmentEdges({ attackerIsDetachment, weaponBlast, targetsAreDetachments: targets });

  it("impairs an individual attacking a detachment, unless the weapon is blast", () => {
    expect(attack(false, false, [true])).toEqual([{ advantage: -1, reason: "target-detachment" }]);
    expect(attack(false, true, [true])).toEqual([]);
    expect(attack(false, false, [false])).toEqual([]);
  });

  it("enhances a detachment attacking individuals, and makes its attack blast", () => {
    expect(attack(true, false, [false, false])).toEqual([{ advantage: 1, reason: "attacker-detachment" }]);
    expect(attacksAsBlast({ attackerIsDetachment: true, weaponBlast: false })).toBe(true);
    expect(attacksAsBlast({ attackerIsDetachment: false, weaponBlast: false })).toBe(false);
  });

  it("[decision] gives a detachment attacking a detachment neither edge", () => {
    expect(attack(true, false, [true])).toEqual([]);
    expect(attack(true, false, [false, true])).toEqual([]);
  });

  it("counts an edge only when every target earns it, and none with no target", () => {
    expect(attack(false, false, [true, false])).toEqual([]);
    expect(attack(false, false, [])).toEqual([]);
    expect(attack(true, false, [])).toEqual([]);
    expect(
      netEdge([
        { advantage: 1, reason: "attacker-detachment" },
        { advantage: -1, reason: "target-detachment" },
      ]),
    ).toBe(0);
    expect(netEdge([{ advantage: -1, reason: "target-detachment" }])).toBe(-1);
  });

  it("under direct damage turns the edges into d4s and d12s, cancelling a chosen position", () => {
    const dice = directDice(
      [
        { attackerId: "a", die: 8, detachment: -1 },
        { attackerId: "b", die: 8, detachment: 1 },
        { attackerId: "c", die: 8, detachment: 0 },
      ],
      "normal",
    );
    expect(dice.map((d) => [d.size, d.reason])).toEqual([
      [4, "impaired-detachment"],
      [12, "enhanced-detachment"],
      [8, "weapon"],
    ]);
    expect(directDice([{ attackerId: "a", die: 8, detachment: -1 }], "enhanced")).toEqual([
      { attackerId: "a", size: 8, reason: "weapon" },
    ]);
  });
});

describe("damage to a detachment (RULES §7.4)", () => {
  const band = () =>
    createActorState({
      endurance: { value: 0, max: 4 },
      health: { value: 2, max: 4 },
      attributes: { str: 8, dex: 6, con: 6, int: 6, wis: 6, cha: 6 },
    });
  const hit = (amount: number, extra: Record<string, unknown> = {}) => ({
    amount,
    type: "slashing" as const,
    lethal: true,
    ignoreDeflection: true,
    ...extra,
  });

  it("direct: damage beyond zero routs it without a STR test; STR 0 destroys it", () => {
    const routed = applyDamage(band(), hit(4, { direct: true }), fixedDice([]), { detachment: true });
    expect(routed.ok && routed.state.status).toMatchObject({ routed: true, dead: false, unconscious: false });
    expect(routed.ok && routed.steps.map((s) => s.kind)).toEqual([
      "deflection",
      "health",
      "critical-damage",
      "routed",
    ]);
    const destroyed = applyDamage(band(), hit(10, { direct: true }), fixedDice([]), { detachment: true });
    expect(destroyed.ok && destroyed.state.status).toMatchObject({ dead: true });
    expect(destroyed.ok && destroyed.steps.at(-1)).toEqual({ kind: "destroyed", reason: "zero-strength" });
  });

  it("core: a critical hit routs it, zero health destroys it, a nonlethal blow to zero routs it", () => {
    const critical = applyDamage(band(), hit(1, { critical: true }), fixedDice([]), { detachment: true });
    expect(critical.ok && critical.state.status).toMatchObject({ routed: true, dead: false });
    const killed = applyDamage(band(), hit(5), fixedDice([]), { detachment: true });
    expect(killed.ok && killed.state.status).toMatchObject({ dead: true, unconscious: false });
    const spared = applyDamage(band(), hit(5, { lethal: false }), fixedDice([]), { detachment: true });
    expect(spared.ok && spared.state.status).toMatchObject({ routed: true, dead: false });
  });

  it("tells on its card why it was routed or destroyed", () => {
    const steps = (blow: Partial<Parameters<typeof detachmentAftermath>[1]>) => {
      const log: Step[] = [];
      const base = { direct: false, lethal: true, critical: false, atZero: false, remainder: 0 };
      detachmentAftermath(band(), { ...base, ...blow }, log);
      return log;
    };
    expect(steps({ critical: true })).toEqual([{ kind: "routed", reason: "critical-hit" }]);
    expect(steps({ atZero: true })).toEqual([{ kind: "destroyed", reason: "zero-health" }]);
    expect(steps({ atZero: true, lethal: false })).toEqual([{ kind: "routed", reason: "nonlethal" }]);
    expect(steps({ direct: true, remainder: 1 }).at(-1)).toEqual({
      kind: "routed",
      reason: "critical-damage",
    });
    expect(steps({ direct: true, remainder: 0, critical: true })).toEqual([]);
  });

  it("does not repeat the rout of a detachment already routed", () => {
    const log: Step[] = [];
    const already = { ...band(), status: { ...band().status, routed: true } };
    const blow = { direct: false, lethal: true, critical: true, atZero: false, remainder: 0 };
    expect(detachmentAftermath(already, blow, log)).toBe(already);
    expect(log).toEqual([]);
  });
});
