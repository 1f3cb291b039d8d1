import { describe, expect, it } from "vitest";
import { currentEconomy } from "../../src/rules/combat-state";
import {
  createEconomy,
  grantAction,
  holdsGrantedAction,
  spendAction,
  startTurn,
  type EconomyResult,
  type Resources,
} from "../../src/rules/turn-economy";

/** RULES §3 Command: the ally is given one action to take during the commander's turn. */

const PLENTY: Resources = { stamina: 3, focus: 3 };
const accepted = (result: EconomyResult) => {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
};
const clock = (round: number, turn: number, current: string | null) => ({ round, turn, current });

describe("a commanded action", () => {
  it("lets an ally act outside its own turn, once", () => {
    const ally = grantAction(createEconomy(), "commander");
    expect(ally.grantedBy).toBe("commander");
    expect(holdsGrantedAction(ally)).toBe(true);
    const first = accepted(spendAction(ally, "attack", PLENTY));
    expect(first.economy.grantedBy).toBeNull();
    expect(holdsGrantedAction(first.economy)).toBe(false);
    expect(first.economy.attacksThisRound).toBe(1);
    expect(first.economy.actionsLeft).toBe(0);
    expect(spendAction(first.economy, "attack", PLENTY)).toEqual({ ok: false, reason: "not-your-turn" });
  });

  it("is one action: nothing longer, and nothing that ends a turn", () => {
    const ally = grantAction(createEconomy(), "commander");
    expect(spendAction(ally, "resuscitate", PLENTY)).toEqual({ ok: false, reason: "granted-one-action" });
    expect(spendAction(ally, "guard", PLENTY)).toEqual({ ok: false, reason: "granted-one-action" });
    expect(spendAction(ally, "command", PLENTY, { target: "x" })).toEqual({
      ok: false,
      reason: "granted-one-action",
    });
    expect(spendAction(ally, { key: "reload", cost: 2 }, PLENTY)).toEqual({
      ok: false,
      reason: "granted-one-action",
    });
  });

  it("is not spent by an ally acting in its own turn", () => {
    const own = grantAction(startTurn(createEconomy()), "commander");
    const after = accepted(spendAction(own, "attack", PLENTY)).economy;
    expect(after.actionsLeft).toBe(2);
  });

  it("lapses when the commander's turn ends, or at the latest when the next turn starts", () => {
    const granted = grantAction(createEconomy(), "commander");
    const stamp = { round: 1, turn: 4 };
    expect(currentEconomy(granted, stamp, clock(1, 4, "commander"), "ally").grantedBy).toBe("commander");
    expect(currentEconomy(granted, stamp, clock(1, 4, null), "ally").grantedBy).toBeNull();
    expect(currentEconomy(granted, stamp, clock(1, 5, "commander"), "ally").grantedBy).toBeNull();
    expect(currentEconomy(granted, stamp, clock(2, 4, "commander"), "ally").grantedBy).toBeNull();
  });
});
