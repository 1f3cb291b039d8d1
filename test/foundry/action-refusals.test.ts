/**
 * Issue 11, "for each action: available/unavailable, cost, effect, refusal text": what the actions
 * panel greys out must also be refused by the GM's client when it is asked anyway (a player's
 * client is not trusted), before anything is spent; and the movement actions' costs and effects
 * through the panel's prompts (RULES §3, S4).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, player, rolandAgainstGuard, type Fight } from "./combat-fixtures";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");
const { actionsPanelView } = await import("../../src/applications/actions/panel");

const rolandsPlayer = player("roland-player");

beforeEach(() => resetWorld());

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const roland = (f: Fight) => f.member("Roland");
const messages = () => notifications.log.map((notice) => notice.message);
const stamina = (f: Fight) =>
  (f.actor("Roland").system as unknown as { stamina: { value: number } }).stamina.value;

async function rolandsTurn(system: Record<string, unknown> = {}): Promise<Fight> {
  const f = await rolandAgainstGuard(rolandsPlayer);
  await f.actor("Roland").update({ system: { stamina: { value: 3, max: 3 }, ...system } } as never);
  await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
  return f;
}

/** Roland's player clicks the panel's button for `key` (the prompt runs whatever the panel shows). */
const click = async (f: Fight, key: string) => {
  const start = actionPrompt(key);
  expect(start, `a prompt for ${key}`).toBeDefined();
  await asRoland(() => start!(roland(f), f.actor("Roland")));
};

const panelRow = (f: Fight, key: string) =>
  [...(panel(f)?.common ?? []), ...(panel(f)?.more.flatMap((group) => group.rows) ?? [])].find(
    (row) => row.key === key,
  );
const panel = (f: Fight) => actionsPanelView(roland(f));

describe("Move, Sprint and Step", () => {
  it("Move costs one action; Sprint after it one more action and 1 stamina; a second move is refused", async () => {
    const f = await rolandsTurn();
    expect(panelRow(f, "sprint")?.available).toBe(false);
    await click(f, "move");
    expect(roland(f).economy.actionsLeft).toBe(2);
    expect(panelRow(f, "sprint")?.available).toBe(true);
    await click(f, "sprint");
    expect(roland(f).economy.actionsLeft).toBe(1);
    expect(stamina(f)).toBe(2);

    const writes = writeLog.length;
    notifications.log.length = 0;
    await click(f, "move");
    expect(messages()).toEqual(["Roland has already moved this turn."]);
    expect(writeLog.length).toBe(writes);
  });

  it("Sprint before moving is refused with its reason, nothing spent", async () => {
    const f = await rolandsTurn();
    const writes = writeLog.length;
    notifications.log.length = 0;
    await click(f, "sprint");
    expect(messages()).toEqual(["Roland must move before sprinting."]);
    expect(writeLog.length).toBe(writes);
    expect(stamina(f)).toBe(3);
  });

  it("Step is free, and takes the place of the turn's move", async () => {
    const f = await rolandsTurn();
    await click(f, "step");
    expect(roland(f).economy.actionsLeft).toBe(3);
    expect(panelRow(f, "move")?.available).toBe(false);
    notifications.log.length = 0;
    await click(f, "move");
    expect(messages()).toEqual(["Roland has already stepped this turn, instead of moving."]);
    expect(roland(f).economy.actionsLeft).toBe(3);
  });

  it("at speed 0 (exhaustion 5) are greyed out, and refused by the GM's client when asked anyway", async () => {
    const f = await rolandsTurn({ exhaustion: 5 });
    for (const key of ["move", "sprint", "step"]) {
      expect(panelRow(f, key)?.available, key).toBe(false);
      const writes = writeLog.length;
      notifications.log.length = 0;
      await click(f, key);
      expect(messages(), key).toEqual(["Roland cannot move: speed 0."]);
      expect(writeLog.length, key).toBe(writes);
    }
    expect(roland(f).economy).toMatchObject({ actionsLeft: 3, moved: false });
    expect(stamina(f)).toBe(3);
  });
});

describe("Drop Prone", () => {
  it("is refused for a character already prone: no card, nothing written", async () => {
    const f = await rolandsTurn();
    await f.actor("Roland").toggleStatusEffect("prone", { active: true });
    expect(panelRow(f, "dropProne")?.available).toBe(false);
    const cards = game.messages.size;
    const writes = writeLog.length;
    notifications.log.length = 0;
    await click(f, "dropProne");
    expect(messages()).toEqual(["Roland is already prone."]);
    expect(writeLog.length).toBe(writes);
    expect(game.messages.size).toBe(cards);
  });
});

describe("a reaction", () => {
  it("is refused for a character who cannot act (unconscious), before the reaction or stamina is spent", async () => {
    const f = await rolandsTurn();
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.actor("Roland").toggleStatusEffect("unconscious", { active: true });
    // The GM's client takes the fallen Roland out of the schedule before the reaction is asked for.
    await f.combat.whenSynced();
    const writes = writeLog.length;
    notifications.log.length = 0;
    await asRoland(() => roland(f).spendReaction("parry"));
    expect(messages()).toEqual(["Roland cannot act right now."]);
    expect(writeLog.length).toBe(writes);
    expect(roland(f).economy.reactionsLeft).toBe(1);
  });

  it("spent on a foe's turn comes back with the owner's next turn, even a turn that spends nothing", async () => {
    const f = await rolandsTurn();
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    expect(await asRoland(() => roland(f).spendReaction("parry"))).toMatchObject({ ok: true });
    await f.combat.endTurn();
    expect(roland(f).economy.reactionsLeft).toBe(0);

    // Round 2: Roland takes his turn and ends it at once; nothing is written to his combatant.
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    await asRoland(() => f.combat.endTurn());
    expect(roland(f).economy.reactionsLeft).toBe(1);
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    expect(await asRoland(() => roland(f).spendReaction("parry"))).toMatchObject({ ok: true });
  });

  it("Wait ends the turn with a second reaction, which lapses when the owner's next turn starts", async () => {
    const f = await rolandsTurn();
    await click(f, "wait");
    expect(f.combat.turnState.current).toBeNull();
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    expect(roland(f).economy.reactionsLeft).toBe(2);
    await asRoland(() => roland(f).spendReaction("dodge"));
    expect(roland(f).economy.reactionsLeft).toBe(1);
    await f.combat.endTurn();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    expect(roland(f).economy.reactionsLeft).toBe(1);
  });
});
