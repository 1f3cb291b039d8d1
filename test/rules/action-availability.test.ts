import { describe, expect, it } from "vitest";
import {
  actionAvailability,
  situationBlocker,
  type ActorSituation,
} from "../../src/rules/action-availability";
import {
  ACTION_KEYS,
  FREE_ACTIONS,
  REACTIONS,
  createEconomy,
  spendAction,
  startTurn,
  type TurnEconomy,
} from "../../src/rules/turn-economy";

const fit: ActorSituation = { conditions: [], exhaustion: 0, speed: 5 };
const rich = { stamina: 5, focus: 5 };
const turn = (): TurnEconomy => startTurn(createEconomy());
const row = (options: ReturnType<typeof actionAvailability>["options"], key: string) => {
  const found = options.find((option) => option.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};
const reasonOf = (economy: TurnEconomy, key: string, situation = fit, resources = rich, acting = true) => {
  const option = row(actionAvailability({ economy, resources, situation, acting }).options, key);
  return option.available ? "available" : option.reason;
};

describe("which actions the acting character can take now (RULES §3, S4)", () => {
  it("lists every action, free action and reaction with its cost in actions, stamina and focus", () => {
    const { options } = actionAvailability({
      economy: turn(),
      resources: rich,
      situation: fit,
      acting: true,
    });
    expect(options.map((o) => `${o.kind}:${o.key}`)).toEqual(
      expect.arrayContaining([
        "action:attack",
        "action:sprint",
        "action:custom",
        "free:step",
        "reaction:dodge",
        "reaction:resist",
      ]),
    );
    expect(row(options, "sprint")).toMatchObject({ cost: 1, stamina: 1, focus: 0 });
    expect(row(options, "command")).toMatchObject({ cost: 1, focus: 2 });
    expect(row(options, "shortTask")).toMatchObject({ cost: 3 });
    expect(row(options, "guard")).toMatchObject({ endsTurn: true });
    expect(row(options, "step")).toMatchObject({ cost: 0, kind: "free" });
    expect(row(options, "resist")).toMatchObject({ kind: "reaction", focus: 1 });
  });

  it("gives the same refusals as spending the action: not your turn, no actions left, moved, move first", () => {
    expect(reasonOf(createEconomy(), "attack")).toBe("not-your-turn");
    expect(reasonOf(turn(), "attack", fit, rich, false)).toBe("not-your-turn");
    expect(reasonOf({ ...turn(), actionsLeft: 0 }, "attack")).toBe("no-actions-left");
    expect(reasonOf(turn(), "sprint")).toBe("move-first");
    const moved = spendAction(turn(), "move", rich);
    if (!moved.ok) throw new Error("move refused");
    expect(reasonOf(moved.economy, "move")).toBe("already-moved");
    expect(reasonOf(moved.economy, "step")).toBe("already-moved");
    expect(reasonOf(moved.economy, "sprint")).toBe("available");
    expect(reasonOf(moved.economy, "sprint", fit, { stamina: 0, focus: 0 })).toBe("not-enough-stamina");
    expect(reasonOf(turn(), "command", fit, { stamina: 0, focus: 1 })).toBe("not-enough-focus");
    expect(reasonOf({ ...turn(), stepped: true }, "move")).toBe("already-stepped");
  });

  it("an action costing more than the actions left is still offered: it starts as an extended action", () => {
    expect(reasonOf({ ...turn(), actionsLeft: 1 }, "shortTask")).toBe("available");
    expect(
      row(
        actionAvailability({
          economy: { ...turn(), actionsLeft: 1 },
          resources: rich,
          situation: fit,
          acting: true,
        }).options,
        "shortTask",
      ).extends,
    ).toBe(true);
  });

  it("shows a pending extended action with what is owed; other actions wait for it", () => {
    const economy = { ...turn(), extended: { key: "reload", remaining: 2 } };
    const panel = actionAvailability({ economy, resources: rich, situation: fit, acting: true });
    expect(panel.extended).toEqual({ key: "reload", remaining: 2, canContinue: true });
    expect(reasonOf(economy, "attack")).toBe("extended-in-progress");
    expect(reasonOf(economy, "custom")).toBe("extended-in-progress");
    const outOfTurn = actionAvailability({
      economy: { ...economy, inTurn: false },
      resources: rich,
      situation: fit,
      acting: false,
    });
    expect(outOfTurn.extended).toEqual({
      key: "reload",
      remaining: 2,
      canContinue: false,
      reason: "not-your-turn",
    });
  });

  it("a character who cannot act, is too exhausted, has speed 0 or is (not) prone is told why", () => {
    expect(reasonOf(turn(), "guard", { ...fit, conditions: ["paralysed"] })).toBe("cannot-act");
    expect(reasonOf(turn(), "attack", { ...fit, exhaustion: 5 })).toBe("too-exhausted");
    expect(reasonOf(turn(), "move", { ...fit, exhaustion: 5, speed: 0 })).toBe("no-speed");
    expect(reasonOf(turn(), "step", { ...fit, speed: 0 })).toBe("no-speed");
    expect(reasonOf(turn(), "standUp")).toBe("not-prone");
    expect(reasonOf(turn(), "standUp", { ...fit, conditions: ["prone"] })).toBe("available");
    expect(reasonOf(turn(), "dropProne", { ...fit, conditions: ["prone"] })).toBe("already-prone");
  });

  it("the dying keep only a move and a step; every other action and every reaction waits", () => {
    const dying = { ...fit, conditions: ["dying"] };
    expect(reasonOf(turn(), "attack", dying)).toBe("dying");
    expect(reasonOf(turn(), "dodge", dying)).toBe("dying");
    expect(reasonOf(turn(), "step", dying)).toBe("available");
  });

  it("exhaustion and speed 0 stop no reaction", () => {
    expect(reasonOf(turn(), "dodge", { ...fit, exhaustion: 5, speed: 0 })).toBe("available");
  });

  it("an available row carries no reason; only an action the turn cannot pay now, and that does not end it, extends", () => {
    const oneLeft = actionAvailability({
      economy: { ...turn(), actionsLeft: 2 },
      resources: rich,
      situation: fit,
      acting: true,
    }).options;
    expect("reason" in row(oneLeft, "attack")).toBe(false);
    expect(row(oneLeft, "resuscitate").extends).toBe(false);
    expect(row(oneLeft, "shortTask").extends).toBe(true);
    expect(row(oneLeft, "guard").extends).toBe(false);
    const exhausted = actionAvailability({
      economy: { ...turn(), actionsLeft: 0 },
      resources: rich,
      situation: { ...fit, exhaustion: 5 },
      acting: true,
    }).options;
    expect(row(exhausted, "attack")).toMatchObject({ available: false, extends: false });
  });

  it("reactions: available while one is left and the pool can pay, on anyone's turn", () => {
    expect(reasonOf(createEconomy(), "dodge", fit, rich, false)).toBe("available");
    expect(reasonOf({ ...createEconomy(), reactionsLeft: 0 }, "dodge")).toBe("no-reaction-left");
    expect(reasonOf(createEconomy(), "resist", fit, { stamina: 5, focus: 0 })).toBe("not-enough-focus");
    expect(reasonOf(createEconomy(), "dodge", { ...fit, conditions: ["unconscious"] })).toBe("cannot-act");
  });
});

describe("the panel's rows in full", () => {
  const panel = (economy: TurnEconomy, situation = fit, acting = true) =>
    actionAvailability({ economy, resources: rich, situation, acting });

  it("lists each option once, in the table's order: actions, the custom action, free actions, reactions", () => {
    expect(panel(turn()).options.map((o) => o.key)).toEqual([
      ...ACTION_KEYS,
      "custom",
      ...FREE_ACTIONS,
      ...Object.keys(REACTIONS),
    ]);
  });

  it("shows free actions, the custom action and reactions with their exact costs", () => {
    const { options } = panel({ ...turn(), actionsLeft: 1 });
    const free = {
      kind: "free",
      cost: 0,
      endsTurn: false,
      stamina: 0,
      focus: 0,
      available: true,
      extends: false,
    };
    expect(row(options, "dropItem")).toEqual({ key: "dropItem", ...free });
    expect(row(options, "step")).toEqual({ key: "step", ...free });
    expect(row(options, "custom")).toEqual({
      key: "custom",
      kind: "action",
      cost: 1,
      endsTurn: false,
      stamina: 0,
      focus: 0,
      available: true,
      extends: false,
    });
    const reaction = { kind: "reaction", cost: 0, endsTurn: false, available: true, extends: false };
    expect(row(options, "block")).toEqual({ key: "block", ...reaction, stamina: 1, focus: 0 });
    expect(row(options, "resist")).toEqual({ key: "resist", ...reaction, stamina: 0, focus: 1 });
  });

  it("lets a pending extended action wait while its owner cannot act, and says why", () => {
    const economy = { ...turn(), extended: { key: "reload", remaining: 1 } };
    expect(panel(economy, { ...fit, conditions: ["paralysed"] }).extended).toEqual({
      key: "reload",
      remaining: 1,
      canContinue: false,
      reason: "cannot-act",
    });
    const moving = { ...turn(), extended: { key: "move", remaining: 1 } };
    expect(panel(moving, { ...fit, speed: 0 }).extended).toMatchObject({
      canContinue: false,
      reason: "no-speed",
    });
  });

  it("stops a killing strike, like an attack, at exhaustion 5", () => {
    expect(situationBlocker("killingStrike", "action", { ...fit, exhaustion: 5 })).toBe("too-exhausted");
    expect(situationBlocker("killingStrike", "action", { ...fit, exhaustion: 4 })).toBeUndefined();
  });
});
