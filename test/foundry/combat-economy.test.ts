import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { trackerView } from "../../src/applications/combat";
import { bootCombat, player, rolandAgainstGuard, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();

/** RULES §3 turn economy on the combatant: pips the tracker shows, one write per action. */

const rolandsPlayer = player("roland-player");

beforeEach(() => resetWorld());

const fight = (): Promise<Fight> => rolandAgainstGuard(rolandsPlayer);

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const roland = (f: Fight) => f.member("Roland");
const messages = () => notifications.log.map((notice) => notice.message);

function pips(f: Fight, name: string) {
  const view = trackerView(f.combat, { isGM: true, owns: () => true });
  const member = view.sections.flatMap((section) => section.members).find((m) => m.name === name);
  const count = (list: { filled: boolean }[] = []) => `${list.filter((p) => p.filled).length}/${list.length}`;
  return { actions: count(member?.actions), reactions: count(member?.reactions) };
}

async function guardsTurn(f: Fight, during: () => Promise<unknown> = async () => undefined) {
  await f.combat.takeTurn(f.member("Guard").id ?? "");
  await during();
  await f.combat.endTurn();
}

describe("the turn economy", () => {
  it("starts each turn with three actions and the reaction back, without writing to the combatant", async () => {
    const f = await fight();
    const claim = await writesDuring(() => asRoland(() => f.combat.takeTurn(roland(f).id ?? "")));
    expect(claim.map((w) => w.documentName)).toEqual(["Combat"]);
    expect(roland(f).economy).toMatchObject({ inTurn: true, actionsLeft: 3, reactionsLeft: 1 });
    expect(pips(f, "Roland")).toEqual({ actions: "3/3", reactions: "1/1" });
  });

  it("spends actions with one write each, counts attacks for the penalty, and allows one move", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    const attack = await writesDuring(() => asRoland(() => roland(f).spendAction("attack")));
    expect(attack.map((w) => `${w.action} ${w.documentName}`)).toEqual(["update Combatant"]);
    await asRoland(() => roland(f).spendAction("move"));
    expect(roland(f).attacksThisRound).toBe(1);
    expect(pips(f, "Roland").actions).toBe("1/3");

    writeLog.length = 0;
    notifications.log.length = 0;
    await asRoland(() => roland(f).spendAction("move"));
    await asRoland(() => roland(f).takeFreeAction("step"));
    expect(messages()).toEqual([
      "Roland has already moved this turn.",
      "Roland has already moved this turn.",
    ]);
    expect(writeLog).toEqual([]);
  });

  it("clears attacks made this round when the round ends, without a write per combatant", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    await asRoland(() => roland(f).spendAction("attack"));
    await asRoland(() => roland(f).spendAction("attack"));
    await asRoland(() => f.combat.endTurn());
    expect(roland(f).attacksThisRound).toBe(2);
    const roundEnd = await writesDuring(() => guardsTurn(f));
    expect(roundEnd.map((w) => w.documentName)).toEqual(["Combat", "Combat"]);
    expect(f.combat.turnState.round).toBe(2);
    expect(roland(f).attacksThisRound).toBe(0);
    // Code that reads the combatant's data directly sees the same.
    expect(roland(f).system.attacksThisRound).toBe(0);
  });

  it("Guard ends the turn at once and gives +1 until the guard's next turn", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    await asRoland(() => roland(f).spendAction("guard"));
    expect(f.combat.turnState.current).toBeNull();
    expect(f.combat.turnState.toMove).toBe(f.teamId("Foes"));
    expect(roland(f).defenceBonus).toBe(1);
    await guardsTurn(f);
    expect(roland(f).defenceBonus).toBe(1);
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    expect(roland(f).defenceBonus).toBe(0);
  });

  it("spends the reaction on another's turn, pays its stamina, and gets it back at the start of its own turn", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    await asRoland(() => roland(f).spendAction("wait"));
    expect(pips(f, "Roland").reactions).toBe("2/2");
    await guardsTurn(f, async () => {
      const parry = await writesDuring(() => asRoland(() => roland(f).spendReaction("parry")));
      expect(parry.map((w) => w.documentName)).toEqual(["Combatant", "Actor"]);
      await asRoland(() => roland(f).spendReaction("dodge"));
      notifications.log.length = 0;
      await asRoland(() => roland(f).spendReaction("block"));
    });
    expect(messages()).toEqual(["Roland has no reaction left."]);
    expect(f.actor("Roland").system.stamina.value).toBe(1);
    expect(pips(f, "Roland").reactions).toBe("0/1");
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    expect(pips(f, "Roland").reactions).toBe("1/1");
  });

  it("carries an extended action over to the next turn, where it can be finished or abandoned", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    await asRoland(() => roland(f).spendAction("attack"));
    await asRoland(() => roland(f).spendAction("attack"));
    const reload = await asRoland(() => roland(f).spendAction({ key: "reload", cost: 2 }));
    expect(reload).toMatchObject({ ok: true, completed: false });
    await asRoland(() => f.combat.endTurn());
    const view = trackerView(f.combat, { isGM: false, owns: () => false });
    const shown = view.sections.flatMap((s) => s.members).find((m) => m.name === "Roland");
    expect(shown?.extended).toBe("reload: 1 to pay");

    await guardsTurn(f);
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    notifications.log.length = 0;
    await asRoland(() => roland(f).spendAction("attack"));
    expect(messages()).toEqual([
      "Roland is in the middle of an extended action. Continue or abandon it first.",
    ]);
    expect(await asRoland(() => roland(f).continueExtended())).toMatchObject({ ok: true, completed: true });
    expect(roland(f).economy).toMatchObject({ extended: null, actionsLeft: 2 });
  });

  it("refuses to spend another player's actions and writes nothing", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(roland(f).id ?? ""));
    writeLog.length = 0;
    notifications.log.length = 0;
    await asUser(player("someone-else"), () => roland(f).spendAction("attack"));
    expect(messages()).toEqual(["You do not own Roland."]);
    expect(writeLog).toEqual([]);
  });
});
