import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  ACTIONS,
  ACTION_KEYS,
  ACTIONS_PER_TURN,
  FREE_ACTIONS,
  REACTIONS,
  abandonExtended,
  continueExtended,
  grantAction,
  createEconomy,
  endRound,
  endTurn,
  spendAction,
  spendReaction,
  startTurn,
  takeFreeAction,
  triggerReadied,
} from "../../src/rules/turn-economy";
import type { ActionKey, EconomyResult, Resources, TurnEconomy } from "../../src/rules/turn-economy";

const PLENTY: Resources = { stamina: 3, focus: 3 };
const RELOAD = { key: "reload", cost: 2 };

function accepted(result: EconomyResult): Extract<EconomyResult, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

const inTurn = (): TurnEconomy => startTurn(createEconomy());
const spend = (economy: TurnEconomy, action: ActionKey | typeof RELOAD): TurnEconomy =>
  accepted(spendAction(economy, action, PLENTY)).economy;

describe("the S4 action tables", () => {
  it("carry the costs and resource prices of the source", () => {
    const costs = Object.fromEntries(Object.entries(ACTIONS).map(([key, action]) => [key, action.cost]));
    expect(costs).toEqual({
      attack: 1,
      brandish: 1,
      command: 1,
      interact: 1,
      guard: 1,
      move: 1,
      ready: 1,
      resuscitate: 2,
      seekCover: 1,
      shortTask: 3,
      sprint: 1,
      standUp: 1,
      wait: 1,
    });
    const turnEnders = Object.entries(ACTIONS).filter(
      ([, action]) => "endsTurn" in action && action.endsTurn,
    );
    expect(turnEnders.map(([key]) => key)).toEqual(["guard", "ready", "wait"]);
    expect(ACTIONS.command.focus).toBe(2);
    expect(ACTIONS.sprint.stamina).toBe(1);
    expect(FREE_ACTIONS).toEqual(["dropItem", "dropProne", "step"]);
    expect(Object.keys(REACTIONS)).toEqual(["block", "dodge", "fortify", "intercept", "parry", "resist"]);
    expect(REACTIONS.resist).toEqual({ focus: 1 });
  });
});

describe("actions in a turn", () => {
  it("gives three actions a turn and refuses a fourth", () => {
    let economy = inTurn();
    expect(economy.actionsLeft).toBe(ACTIONS_PER_TURN);
    economy = spend(spend(spend(economy, "interact"), "brandish"), "standUp");
    expect(spendAction(economy, "interact", PLENTY)).toEqual({ ok: false, reason: "no-actions-left" });
  });

  it("refuses actions outside the owner's turn", () => {
    expect(spendAction(createEconomy(), "attack", PLENTY)).toEqual({ ok: false, reason: "not-your-turn" });
    expect(spendAction(endTurn(inTurn()), "attack", PLENTY)).toEqual({ ok: false, reason: "not-your-turn" });
  });

  it("lets Petra start reloading with her last action and finish with the first of her next turn", () => {
    let economy = spend(spend(inTurn(), "attack"), "seekCover");
    expect(economy.actionsLeft).toBe(1);
    const started = accepted(spendAction(economy, RELOAD, PLENTY));
    expect(started.completed).toBe(false);
    expect(started.economy.extended).toEqual({ key: "reload", remaining: 1 });
    expect(started.economy.actionsLeft).toBe(0);

    economy = startTurn(endTurn(started.economy));
    expect(spendAction(economy, "attack", PLENTY)).toEqual({ ok: false, reason: "extended-in-progress" });
    const finished = accepted(continueExtended(economy));
    expect(finished.completed).toBe(true);
    expect(finished.economy.extended).toBeNull();
    expect(finished.economy.actionsLeft).toBe(2);
    expect(accepted(spendAction(finished.economy, "attack", PLENTY)).economy.actionsLeft).toBe(1);
  });

  it("spreads an action longer than a turn over several turns", () => {
    const ritual = { key: "ritual", cost: 7 };
    let economy = accepted(spendAction(inTurn(), ritual, PLENTY)).economy;
    expect(economy.extended?.remaining).toBe(4);
    economy = startTurn(endTurn(economy));
    const second = accepted(continueExtended(economy));
    expect(second.completed).toBe(false);
    expect(second.economy.extended?.remaining).toBe(1);
    const third = accepted(continueExtended(startTurn(endTurn(second.economy))));
    expect(third.completed).toBe(true);
    expect(third.economy.actionsLeft).toBe(2);
  });

  it("lets an extended action be abandoned for free, leaving the whole turn", () => {
    const started = spend(spend(spend(inTurn(), "move"), "attack"), RELOAD);
    const economy = accepted(abandonExtended(startTurn(endTurn(started)))).economy;
    expect(economy.extended).toBeNull();
    expect(economy.actionsLeft).toBe(3);
    expect(abandonExtended(economy)).toEqual({ ok: false, reason: "no-extended-action" });
  });

  it("allows one move a turn and a sprint only after it, for a stamina point", () => {
    const fresh = inTurn();
    expect(spendAction(fresh, "sprint", PLENTY)).toEqual({ ok: false, reason: "move-first" });
    const moved = spend(fresh, "move");
    expect(spendAction(moved, "move", PLENTY)).toEqual({ ok: false, reason: "already-moved" });
    expect(spendAction(moved, "sprint", { stamina: 0, focus: 3 })).toEqual({
      ok: false,
      reason: "not-enough-stamina",
    });
    const sprint = accepted(spendAction(moved, "sprint", { stamina: 1, focus: 0 }));
    expect(sprint.spent).toEqual({ stamina: 1, focus: 0 });
    expect(sprint.economy.actionsLeft).toBe(1);
    expect(startTurn(endTurn(sprint.economy)).moved).toBe(false);
  });

  it("lets a character step once instead of moving", () => {
    const stepped = accepted(takeFreeAction(inTurn(), "step")).economy;
    expect(stepped.actionsLeft).toBe(3);
    expect(takeFreeAction(stepped, "step")).toEqual({ ok: false, reason: "already-stepped" });
    expect(spendAction(stepped, "move", PLENTY)).toEqual({ ok: false, reason: "already-stepped" });
    expect(takeFreeAction(spend(inTurn(), "move"), "step")).toEqual({ ok: false, reason: "already-moved" });
    expect(accepted(takeFreeAction(stepped, "dropProne")).economy.actionsLeft).toBe(3);
  });

  it("ends the turn with Guard, which protects until the next turn", () => {
    const guard = accepted(spendAction(spend(inTurn(), "attack"), "guard", PLENTY));
    expect(guard.endsTurn).toBe(true);
    expect(guard.economy).toMatchObject({ inTurn: false, actionsLeft: 0, guarding: true });
    expect(startTurn(guard.economy).guarding).toBe(false);
  });

  it("takes Command's focus and allows it once per ally each turn", () => {
    const first = accepted(spendAction(inTurn(), "command", PLENTY, { target: "roland" }));
    expect(first.spent).toEqual({ stamina: 0, focus: 2 });
    expect(spendAction(first.economy, "command", PLENTY, { target: "roland" })).toEqual({
      ok: false,
      reason: "already-commanded",
    });
    expect(spendAction(first.economy, "command", { stamina: 3, focus: 1 }, { target: "petra" })).toEqual({
      ok: false,
      reason: "not-enough-focus",
    });
  });

  it("counts attacks this round for the multiple attack penalty and clears them when the round ends", () => {
    let economy = spend(spend(inTurn(), "attack"), "attack");
    expect(economy.attacksThisRound).toBe(2);
    economy = startTurn(endTurn(economy));
    expect(economy.attacksThisRound).toBe(2);
    expect(endRound(economy).attacksThisRound).toBe(0);
  });
});

describe("reactions", () => {
  it("allows one a round, regained only when the owner's own turn starts", () => {
    const dodged = accepted(spendReaction(createEconomy(), "dodge", PLENTY));
    expect(dodged.spent).toEqual({ stamina: 1, focus: 0 });
    expect(spendReaction(dodged.economy, "parry", PLENTY)).toEqual({ ok: false, reason: "no-reaction-left" });
    expect(spendReaction(endRound(dodged.economy), "parry", PLENTY).ok).toBe(false);
    expect(accepted(spendReaction(startTurn(dodged.economy), "parry", PLENTY)).economy.reactionsLeft).toBe(0);
  });

  it("gives one extra reaction for Waiting, which lapses at the next turn", () => {
    const waited = accepted(spendAction(inTurn(), "wait", PLENTY));
    expect(waited.endsTurn).toBe(true);
    expect(waited.economy.reactionsLeft).toBe(2);
    const once = accepted(spendReaction(waited.economy, "block", PLENTY)).economy;
    const twice = accepted(spendReaction(once, "resist", PLENTY)).economy;
    expect(spendReaction(twice, "dodge", PLENTY)).toEqual({ ok: false, reason: "no-reaction-left" });
    expect(startTurn(waited.economy).reactionsLeft).toBe(1);
  });

  it("charges stamina or focus and refuses when the pool is empty", () => {
    expect(spendReaction(createEconomy(), "fortify", { stamina: 0, focus: 3 })).toEqual({
      ok: false,
      reason: "not-enough-stamina",
    });
    expect(accepted(spendReaction(createEconomy(), "resist", PLENTY)).spent).toEqual({
      stamina: 0,
      focus: 1,
    });
  });

  it("lets Intercept's follow-up defence be free of the reaction limit but not of stamina", () => {
    const intercepted = accepted(spendReaction(createEconomy(), "intercept", PLENTY)).economy;
    const parry = accepted(spendReaction(intercepted, "parry", PLENTY, { free: true }));
    expect(parry.spent.stamina).toBe(1);
    expect(parry.economy.reactionsLeft).toBe(0);
  });

  it("fires a readied action once as a reaction", () => {
    const readied = accepted(spendAction(inTurn(), "ready", PLENTY)).economy;
    const fired = accepted(triggerReadied(readied)).economy;
    expect(fired).toMatchObject({ readied: false, reactionsLeft: 0 });
    expect(triggerReadied(fired)).toEqual({ ok: false, reason: "not-readied" });
  });
});

describe("turn economy property", () => {
  it("never spends more than three actions in a turn nor lets actions go negative", () => {
    const action = fc.constantFrom(...ACTION_KEYS);
    fc.assert(
      fc.property(fc.array(action, { maxLength: 12 }), (actions) => {
        let economy = inTurn();
        let paid = 0;
        for (const key of actions) {
          const result = spendAction(economy, key, PLENTY);
          if (!result.ok) continue;
          paid += economy.actionsLeft - result.economy.actionsLeft;
          economy = result.economy;
          expect(economy.actionsLeft).toBeGreaterThanOrEqual(0);
          if (result.endsTurn) expect(economy.inTurn).toBe(false);
        }
        expect(paid).toBeLessThanOrEqual(ACTIONS_PER_TURN);
      }),
    );
  });
});

describe("the edges of a turn", () => {
  it("starts a combatant who joins the fight with no turn, one reaction and nothing pending", () => {
    expect(createEconomy()).toEqual({
      inTurn: false,
      actionsLeft: 0,
      reactionsLeft: 1,
      moved: false,
      stepped: false,
      guarding: false,
      readied: false,
      commanded: [],
      grantedBy: null,
      attacksThisRound: 0,
      extended: null,
    });
  });

  it("lets an ally commanded before its first turn move, and counts that move", () => {
    const moved = accepted(spendAction(grantAction(createEconomy(), "commander"), "move", PLENTY)).economy;
    expect(moved.moved).toBe(true);
    expect(moved.grantedBy).toBeNull();
  });

  it("gives back the step, the readied action and the commanded allies when the next turn starts", () => {
    let economy = accepted(takeFreeAction(inTurn(), "step")).economy;
    economy = accepted(spendAction(economy, "command", PLENTY, { target: "roland" })).economy;
    expect(economy.commanded).toEqual(["roland"]);
    economy = accepted(spendAction(economy, "ready", PLENTY)).economy;
    expect(economy).toMatchObject({ readied: true, inTurn: false });
    const next = startTurn(economy);
    expect(next).toMatchObject({ stepped: false, readied: false, commanded: [] });
    expect(accepted(takeFreeAction(next, "step")).economy.stepped).toBe(true);
    expect(accepted(spendAction(next, "command", PLENTY, { target: "roland" })).economy.commanded).toEqual([
      "roland",
    ]);
  });

  it("records no ally for a Command without a target", () => {
    const economy = accepted(spendAction(inTurn(), "command", PLENTY)).economy;
    expect(economy.commanded).toEqual([]);
    expect(economy.actionsLeft).toBe(2);
  });

  it("treats a custom action named like a built-in one as just an action", () => {
    const custom = accepted(spendAction(inTurn(), { key: "wait", cost: 1 }, PLENTY));
    expect(custom.endsTurn).toBe(false);
    expect(custom.economy).toMatchObject({ inTurn: true, actionsLeft: 2, reactionsLeft: 1 });
    const move = accepted(spendAction(inTurn(), { key: "move", cost: 1 }, PLENTY)).economy;
    expect(move.moved).toBe(false);
  });

  it("counts a killing strike as an attack, landing at once with a whole turn", () => {
    const strike = accepted(spendAction(inTurn(), { key: "killingStrike", cost: 3 }, PLENTY));
    expect(strike.completed).toBe(true);
    expect(strike.economy).toMatchObject({ attacksThisRound: 1, actionsLeft: 0, extended: null });
  });

  it("keeps Resuscitate's target while it is paid over two turns", () => {
    const started = accepted(
      spendAction(spend(spend(inTurn(), "move"), "attack"), "resuscitate", PLENTY, {
        target: "roland",
      }),
    );
    expect(started.completed).toBe(false);
    expect(started.economy.extended).toEqual({ key: "resuscitate", remaining: 1, target: "roland" });
    const pending = endTurn(started.economy);
    expect(pending.extended).toEqual({ key: "resuscitate", remaining: 1, target: "roland" });
    const finished = accepted(continueExtended(startTurn(pending)));
    expect(finished.completed).toBe(true);
    expect(finished.economy.actionsLeft).toBe(2);
  });

  it("refuses to pay an extended action outside the turn, without one, or with no action left", () => {
    const started = accepted(spendAction(spend(spend(inTurn(), "move"), "attack"), RELOAD, PLENTY)).economy;
    expect(started).toMatchObject({ inTurn: true, actionsLeft: 0 });
    expect(continueExtended(started)).toEqual({ ok: false, reason: "no-actions-left" });
    expect(continueExtended(endTurn(started))).toEqual({ ok: false, reason: "not-your-turn" });
    expect(continueExtended(inTurn())).toEqual({ ok: false, reason: "no-extended-action" });
    const paid = accepted(continueExtended(startTurn(endTurn(started))));
    expect(paid.spent).toEqual({ stamina: 0, focus: 0 });
    expect(paid.endsTurn).toBe(false);
  });

  it("allows free actions only in the owner's turn, and only the step uses up anything", () => {
    expect(takeFreeAction(createEconomy(), "dropItem")).toEqual({ ok: false, reason: "not-your-turn" });
    const dropped = accepted(takeFreeAction(inTurn(), "dropItem"));
    expect(dropped.economy).toEqual(inTurn());
    expect(dropped).toMatchObject({ completed: true, endsTurn: false, spent: { stamina: 0, focus: 0 } });
    expect(accepted(takeFreeAction(dropped.economy, "step")).economy.stepped).toBe(true);
  });
});

describe("reactions at the edges", () => {
  it("refuses Resist without focus and leaves a free reaction's economy as it was", () => {
    expect(spendReaction(createEconomy(), "resist", { stamina: 3, focus: 0 })).toEqual({
      ok: false,
      reason: "not-enough-focus",
    });
    const economy = createEconomy();
    const free = accepted(spendReaction(economy, "block", PLENTY, { free: true }));
    expect(free.economy).toEqual(economy);
    expect(free).toMatchObject({ completed: true, endsTurn: false });
  });

  it("fires a readied action only with a reaction left, as one action held during the acting turn", () => {
    const readied = accepted(spendAction(inTurn(), "ready", PLENTY)).economy;
    const reacted = accepted(spendReaction(readied, "dodge", PLENTY)).economy;
    expect(triggerReadied(reacted)).toEqual({ ok: false, reason: "no-reaction-left" });
    const fired = accepted(triggerReadied(readied, "goblin"));
    expect(fired.economy.grantedBy).toBe("goblin");
    expect(fired).toMatchObject({ completed: true, endsTurn: false, spent: { stamina: 0, focus: 0 } });
    expect(accepted(spendAction(fired.economy, "attack", PLENTY)).economy.attacksThisRound).toBe(1);
    expect(accepted(triggerReadied(readied)).economy.grantedBy).toBeNull();
  });
});

describe("what each payment reports to the table", () => {
  it("takes effect at once for a commanded action or one that ends the turn", () => {
    const granted = accepted(spendAction(grantAction(createEconomy(), "commander"), "attack", PLENTY));
    expect(granted).toMatchObject({ completed: true, endsTurn: false });
    const guard = accepted(spendAction(inTurn(), "guard", PLENTY));
    expect(guard).toMatchObject({ completed: true, endsTurn: true });
  });

  it("keeps the turn going after an extended action is abandoned", () => {
    const started = accepted(spendAction(spend(spend(inTurn(), "move"), "attack"), RELOAD, PLENTY)).economy;
    const abandoned = accepted(abandonExtended(startTurn(endTurn(started))));
    expect(abandoned).toMatchObject({ completed: true, endsTurn: false, spent: { stamina: 0, focus: 0 } });
  });

  it("limits Command, not other actions aimed at the same ally", () => {
    const commanded = accepted(spendAction(inTurn(), "command", PLENTY, { target: "roland" })).economy;
    const resuscitated = accepted(spendAction(commanded, "resuscitate", PLENTY, { target: "roland" }));
    expect(resuscitated.economy.commanded).toEqual(["roland"]);
    const first = accepted(spendAction(inTurn(), "resuscitate", PLENTY, { target: "roland" })).economy;
    expect(first.commanded).toEqual([]);
    expect(accepted(spendAction(first, "command", PLENTY, { target: "roland" })).economy.commanded).toEqual([
      "roland",
    ]);
  });

  it("lets a character who moved still drop prone or drop an item", () => {
    const moved = spend(inTurn(), "move");
    expect(accepted(takeFreeAction(moved, "dropProne")).economy.actionsLeft).toBe(2);
    expect(accepted(takeFreeAction(moved, "dropItem")).economy.moved).toBe(true);
  });
});
