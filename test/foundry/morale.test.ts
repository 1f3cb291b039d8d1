import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { moraleCheck, retreatAction } = await import("../../src/applications/retreat");

const rolandPlayer = player("roland-player");
const conditions = (actor: Actor.Implementation) =>
  [...(actor.system as unknown as { conditions: Set<string> }).conditions].sort();
const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string; rolls: unknown[] };

/** Roland and Odette against a goblin boss and two goblins, begun with the party to move. */
async function goblinFight(): Promise<Fight> {
  const fight = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandPlayer, type: "character" },
    { name: "Odette", disposition: DISPOSITIONS.friendly, type: "character" },
    { name: "Boss", disposition: DISPOSITIONS.hostile },
    { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
    { name: "Goblin 2", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.actor("Boss").update({ system: { morale: 2, leader: true, attributes: { dex: { die: 8 } } } });
  await fight.combat.begin({ startingTeam: fight.teamId("Foes"), attackedTeam: fight.teamId("Party") });
  return fight;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  shownDialogs.length = 0;
});

describe("a morale check for a team", () => {
  it("is refused while the morale rule is off, writing nothing", async () => {
    const fight = await goblinFight();
    const writes = writeLog.length;
    expect(await moraleCheck(fight.combat, fight.teamId("Foes"))).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("Morale is switched off in this world's settings.");
    expect(writeLog.length).toBe(writes);
  });

  it("one roll for the whole team, with its best bonus: a failure routes them all, who stop acting", async () => {
    await settings.set("brink", "morale", true);
    const fight = await goblinFight();
    queueDice(8); // 8 + the boss's 2 = 10, short of 11
    answerDialog({ scope: "team" });
    const writes = await writesDuring(() => moraleCheck(fight.combat, fight.teamId("Foes")));
    expect(plannedDiceLeft()).toBe(0);
    for (const name of ["Boss", "Goblin 1", "Goblin 2"]) {
      expect(conditions(fight.actor(name))).toEqual(["routed"]);
      expect(fight.member(name).ableToAct).toBe(false);
    }
    expect(writes.filter((w) => w.documentName === "Actor")).toHaveLength(1);
    expect(lastCard().content).toContain("Morale check: Foes");
    expect(lastCard().content).toContain("Routed: Boss, Goblin 1, Goblin 2.");
    expect(lastCard().rolls).toHaveLength(1);
  });

  it("each alone: those who fail are routed, the others hold", async () => {
    await settings.set("brink", "morale", true);
    const fight = await goblinFight();
    queueDice(9, 12, 3); // boss 9 + 2 holds, goblin 1 holds, goblin 2 breaks
    answerDialog({ scope: "individual" });
    await moraleCheck(fight.combat, fight.teamId("Foes"));
    expect(conditions(fight.actor("Boss"))).toEqual([]);
    expect(conditions(fight.actor("Goblin 1"))).toEqual([]);
    expect(conditions(fight.actor("Goblin 2"))).toEqual(["routed"]);
    expect(lastCard().content).toContain("Routed: Goblin 2.");
  });

  it("player characters roll alone with their WIS modifier", async () => {
    await settings.set("brink", "morale", true);
    const fight = await goblinFight();
    await fight.actor("Roland").update({ system: { attributes: { wis: { die: 10 } } } });
    queueDice(9, 9); // Roland 9 + 2 holds; Odette 9 + 0 breaks
    answerDialog({ scope: "team" });
    await moraleCheck(fight.combat, fight.teamId("Party"));
    expect(conditions(fight.actor("Roland"))).toEqual([]);
    expect(conditions(fight.actor("Odette"))).toEqual(["routed"]);
  });
});

describe("the retreat action", () => {
  it("a DEX test that succeeds takes the combatant out of the fight and ends its turn", async () => {
    const fight = await goblinFight();
    const goblin = fight.member("Goblin 1");
    await fight.combat.takeTurn(goblin.id ?? "");
    queueDice(5, 10); // d6 5 vs 4, and the luck die
    answerDialog({ difficulty: "4", modifier: "0" });
    expect(await retreatAction(goblin)).toEqual({ ok: true });
    expect(conditions(fight.actor("Goblin 1"))).toEqual(["retreated"]);
    expect(fight.combat.turnState.current).toBeNull();
    expect(goblin.ableToAct).toBe(false);
    expect(lastCard().content).toContain("Goblin 1 gets away and leaves the fight.");
  });

  it("is a full test (RULES §2/§7.1): the luck die rolls, and exhaustion takes its toll", async () => {
    const fight = await goblinFight();
    const goblin = fight.member("Goblin 1");
    await fight.actor("Goblin 1").update({ system: { exhaustion: 2 } });
    await fight.combat.takeTurn(goblin.id ?? "");
    queueDice(3, 20); // d6 3 − 2 exhaustion + 4 (luck 20) = 5 vs 5
    answerDialog({ difficulty: "5", modifier: "0" });
    await retreatAction(goblin);
    expect(plannedDiceLeft()).toBe(0);
    expect(conditions(fight.actor("Goblin 1"))).toEqual(["retreated"]);
    expect(lastCard().content).toMatch(/card-die d20 luck-die[^>]*>20</);
    // The luck die says what it did, as on every card that rolls one.
    expect(lastCard().content).toContain('<span class="note">Lucky! +4 to the total.</span>');
    // The same layout as every rolled test: the die, exhaustion and luck's +4 as steps, the total.
    const content = lastCard().content.replace(/\s+/g, " ");
    expect(content).toContain('<span>Modifier</span><span class="value">−2</span>');
    expect(content).toContain('<span>Luck</span><span class="value">+4</span>');
    expect(content).toMatch(/<span class="total">5<\/span> <span class="versus">vs 5<\/span>/);
  });

  it("a failed test or a hit keeps it in the fight, and the turn is spent all the same", async () => {
    const fight = await goblinFight();
    const goblin = fight.member("Goblin 2");
    await fight.combat.takeTurn(goblin.id ?? "");
    queueDice(2, 10);
    answerDialog({ difficulty: "4", modifier: "1" });
    await retreatAction(goblin);
    expect(conditions(fight.actor("Goblin 2"))).toEqual([]);
    expect(fight.combat.turnState.current).toBeNull();
    expect(lastCard().content).toContain("Goblin 2 fails to break away and stays in the fight.");

    answerDialog({ attacksInstead: true, hit: true });
    await retreatAction(goblin);
    expect(conditions(fight.actor("Goblin 2"))).toEqual([]);
    expect(lastCard().content).toContain("The enemies attacked instead of a test.");
    expect(lastCard().content).toContain("Goblin 2 is hit and stays in the fight.");
  });

  it("a leader who gets away leaves its followers checking morale at disadvantage", async () => {
    const fight = await goblinFight();
    queueDice(6, 10, 18, 4, 15, 16); // boss d8 6 (luck 10) vs 4; goblin 1 keeps 4 of 18/4; goblin 2 keeps 15
    answerDialog({ difficulty: "4", "follower-0": true, "follower-1": true });
    await retreatAction(fight.member("Boss"));
    expect(shownDialogs.at(-1)?.content).toMatch(/name="follower-0" checked/);
    expect(plannedDiceLeft()).toBe(0);
    expect(conditions(fight.actor("Boss"))).toEqual(["retreated"]);
    expect(conditions(fight.actor("Goblin 1"))).toEqual(["routed"]);
    expect(conditions(fight.actor("Goblin 2"))).toEqual([]);
    expect(lastCard().content).toContain("Disadvantage");
    expect(lastCard().content).toContain("Routed: Goblin 1.");
    expect(lastCard().rolls).toHaveLength(6);

    // A morale card, drawn from its record (not its stored copy) when the chat log shows it.
    const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
      renderHTML(): Promise<HTMLElement>;
    };
    expect(card.type).toBe("morale");
    expect(card.system).toMatchObject({ action: { name: "Boss", outcome: "retreated" } });
    await card.update({ content: "<p>stale copy</p>" } as never);
    const drawn = (await card.renderHTML()).innerHTML;
    expect(drawn).not.toContain("stale copy");
    expect(drawn).toContain("Boss gets away and leaves the fight.");
    expect(drawn).toContain("Routed: Goblin 1.");
  });

  it("is the GM's to resolve", async () => {
    const fight = await goblinFight();
    const writes = writeLog.length;
    expect(await asUser(rolandPlayer, () => retreatAction(fight.member("Roland")))).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe("Only the GM can resolve a retreat action.");
    expect(writeLog.length).toBe(writes);
  });
});
