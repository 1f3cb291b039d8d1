/**
 * Manual dice entry (core's per-user dice configuration) and rolls the GM's client makes for a
 * player. Brink's decision: a roll carried out for another user is never interactive, on either
 * screen. The player cannot type dice the GM's client rolls (a number the player chose would be
 * written as the rules' own), and the GM is never asked to type a player's dice, so a relayed
 * attack never waits on the GM's keyboard. Each user's manual entry applies to their own rolls.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, handEntries, queueDice } from "../fake-foundry/dice";
import { resetWorld, session, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { DISPOSITIONS, bootCombat, player, setUpFight } from "./combat-fixtures";

await bootCombat();
const { promptAttack } = await import("../../src/applications/rolls/flows");

const boudicasPlayer = player("boudica-player");
const everyDieByHand = {
  d4: "manual",
  d6: "manual",
  d8: "manual",
  d10: "manual",
  d12: "manual",
  d20: "manual",
};

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

async function duel() {
  const f = await setUpFight([
    { name: "Boudica", disposition: DISPOSITIONS.friendly, owner: boudicasPlayer },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  const spear = {
    name: "Spear",
    type: "weapon",
    system: { attributes: ["str"], damage: 4, damageType: "piercing" },
  };
  for (const name of ["Boudica", "Guard"])
    await f.actor(name).createEmbeddedDocuments("Item", [spear] as never);
  answerDialog({ startingTeam: f.teamId("Party"), attackedTeam: "" });
  await f.combat.startCombat();
  return f;
}

const attackCards = () => game.messages.contents.filter((message) => message.type === "attack");

/**
 * Lets the attack run to its end, typing a 1 for every die that waits to be typed (a die left
 * waiting would hold it for ever), and says whose screen asked for which die.
 */
async function typeEveryDie(attack: Promise<unknown>) {
  let done = false;
  void attack.then(() => (done = true));
  const asked: { userId: string; faces: number }[] = [];
  for (let i = 0; i < 1000 && !done; i += 1) {
    for (const entry of handEntries.splice(0)) {
      asked.push({ userId: entry.userId, faces: entry.faces });
      entry.enter(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await attack;
  return asked;
}

async function playersAttack(f: Awaited<ReturnType<typeof duel>>) {
  const boudica = f.actor("Boudica") as BrinkActor;
  await asUser(boudicasPlayer, () => f.combat.takeTurn(f.member("Boudica").id ?? ""));
  boudicasPlayer.targets.clear();
  boudicasPlayer.targets.add(f.token("Guard") as never);
  queueDice(3, 10);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  const before = attackCards().length;
  const waiting = await typeEveryDie(
    asUser(boudicasPlayer, () =>
      promptAttack(boudica, boudica.items.getName("Spear") as Item.Implementation),
    ),
  );
  return { waiting, cards: attackCards().length - before };
}

describe("manual dice entry and relayed rolls", () => {
  it("never asks the GM to type a player's dice: the relayed attack rolls at once", async () => {
    const f = await duel();
    await settings.set("core", "diceConfiguration", everyDieByHand);
    const { waiting, cards } = await playersAttack(f);
    expect(waiting).toEqual([]);
    expect(cards).toBe(1);
  });

  it("does not let the player type the dice the GM's client rolls for them either", async () => {
    const f = await duel();
    await asUser(boudicasPlayer, () => settings.set("core", "diceConfiguration", everyDieByHand));
    const { waiting, cards } = await playersAttack(f);
    expect(waiting).toEqual([]);
    expect(cards).toBe(1);
  });

  it("asks the GM to type the dice of the GM's own attack", async () => {
    const f = await duel();
    await settings.set("core", "diceConfiguration", everyDieByHand);
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    session.user.targets.clear();
    session.user.targets.add(f.token("Boudica") as never);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    const guard = f.actor("Guard") as BrinkActor;
    const before = attackCards().length;
    const asked = await typeEveryDie(
      promptAttack(guard, guard.items.getName("Spear") as Item.Implementation),
    );
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked.map((entry) => entry.userId))).toEqual(new Set([session.user.id]));
    expect(attackCards().length).toBe(before + 1);
  });
});
