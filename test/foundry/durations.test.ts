import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { setTimedCondition, durationsSettled } = await import("../../src/workflows/durations");
const { requestRest } = await import("../../src/workflows/rest");

/** RULES §9: timed conditions end by themselves at the right moment of Brink's team order. */

const rolandsPlayer = player("roland-player");
beforeEach(() => resetWorld());

/** Roland and Clementine (the party) against a Guard; the party moves first. */
async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
    { name: "Clementine", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

const has = (f: Fight, name: string, status: string) => f.actor(name).statuses.has(status);
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const actorWrites = async (work: () => Promise<unknown>) =>
  (
    await writesDuring(async () => {
      await work();
      await durationsSettled();
    })
  ).filter((write) => write.documentName === "Actor").length;

/** A whole turn for a member, taken and ended by the GM. */
async function turn(f: Fight, name: string) {
  await f.combat.takeTurn(f.member(name).id ?? "");
  await f.combat.endTurn();
  await durationsSettled();
}

describe("Seek Cover", () => {
  it("puts Roland in cover for one action, through a team-mate's turn, the foes' turn and the round's end, until his next turn starts", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    const result = await asRoland(() => f.member("Roland").spendAction("seekCover"));
    expect(result.ok).toBe(true);
    expect(f.member("Roland").economy.actionsLeft).toBe(2);
    expect(has(f, "Roland", "in-cover")).toBe(true);
    await asRoland(() => f.combat.endTurn());
    await turn(f, "Guard");
    await turn(f, "Clementine"); // a team-mate's turn is not Roland's
    expect(has(f, "Roland", "in-cover")).toBe(true);
    expect(f.combat.turnState.round).toBe(2);
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await durationsSettled();
    expect(has(f, "Roland", "in-cover")).toBe(false);
  });
});

describe("the moments a timed condition ends at", () => {
  it("the end of the character's next turn, when set during its own turn", async () => {
    const f = await fight();
    await f.combat.takeTurn(f.member("Roland").id ?? "");
    await setTimedCondition(f.actor("Roland"), "prone", "ownTurnEnd", { inOwnTurn: true });
    await f.combat.endTurn();
    await durationsSettled();
    expect(has(f, "Roland", "prone")).toBe(true);
    await turn(f, "Guard");
    await turn(f, "Clementine");
    await f.combat.takeTurn(f.member("Roland").id ?? "");
    await durationsSettled();
    expect(has(f, "Roland", "prone")).toBe(true);
    await f.combat.endTurn();
    await durationsSettled();
    expect(has(f, "Roland", "prone")).toBe(false);
  });

  it("the end of a round, counted down over two rounds", async () => {
    const f = await fight();
    await setTimedCondition(f.actor("Clementine"), "separated", "roundEnd", { rounds: 2 });
    await turn(f, "Roland");
    await turn(f, "Guard");
    await turn(f, "Clementine");
    expect(f.combat.turnState.round).toBe(2);
    expect(has(f, "Clementine", "separated")).toBe(true);
    await turn(f, "Roland");
    await turn(f, "Guard");
    await turn(f, "Clementine");
    expect(has(f, "Clementine", "separated")).toBe(false);
  });

  it("the next rest: the rest's card names what ended, and a condition timed in turns stays", async () => {
    const f = await fight();
    const roland = f.actor("Roland");
    await setTimedCondition(roland, "disoriented", "rest");
    await setTimedCondition(roland, "in-cover", "ownTurnStart");
    const result = await asRoland(() =>
      requestRest("short", [{ actorUuid: roland.uuid, hitDice: 0, sleptInArmour: false }]),
    );
    expect(result.ok).toBe(true);
    expect(roland.statuses.has("disoriented")).toBe(false);
    expect(roland.statuses.has("in-cover")).toBe(true);
    const card = game.messages.contents.at(-1) as unknown as { content: string };
    expect(card.content).toContain("Ends: Disoriented");
  });

  it("the end of the combat ends what is counted in turns and rounds, not what lasts until a rest", async () => {
    const f = await fight();
    const roland = f.actor("Roland");
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await asRoland(() => f.member("Roland").spendAction("seekCover"));
    await setTimedCondition(roland, "surprised", "roundEnd", { rounds: 3 });
    await setTimedCondition(roland, "disoriented", "rest");
    answerDialog({});
    await f.combat.endCombat();
    await durationsSettled();
    expect([...roland.statuses].filter((s) => ["in-cover", "surprised", "disoriented"].includes(s))).toEqual([
      "disoriented",
    ]);
  });
});

describe("the writes", () => {
  it("one actor write for cover and Guard ending together; none for a turn that ends nothing", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await asRoland(() => f.member("Roland").spendAction("seekCover"));
    await asRoland(() => f.member("Roland").spendAction("guard")); // ends the turn
    expect(has(f, "Roland", "guarding")).toBe(true);
    expect(await actorWrites(() => turn(f, "Guard"))).toBe(0);
    expect(await actorWrites(() => turn(f, "Clementine"))).toBe(0);
    expect(await actorWrites(() => f.combat.takeTurn(f.member("Roland").id ?? ""))).toBe(1);
    expect(has(f, "Roland", "guarding")).toBe(false);
    expect(has(f, "Roland", "in-cover")).toBe(false);
  });

  it("one write per actor at a round's end, even when the last turn's end is due on the same actor", async () => {
    const f = await fight();
    await turn(f, "Roland");
    await turn(f, "Guard");
    await f.combat.takeTurn(f.member("Clementine").id ?? "");
    await setTimedCondition(f.actor("Clementine"), "prone", "ownTurnEnd");
    await setTimedCondition(f.actor("Clementine"), "surprised", "roundEnd");
    await setTimedCondition(f.actor("Roland"), "surprised", "roundEnd");
    // Clementine's turn ends (prone), then the round (surprised): two events, each one write.
    expect(await actorWrites(() => f.combat.endTurn())).toBe(3);
    for (const name of ["Roland", "Clementine"]) {
      expect(has(f, name, "surprised")).toBe(false);
      expect(has(f, name, "prone")).toBe(false);
    }
  });
});

describe("a condition toggled on the token HUD", () => {
  it("stays untimed: Roland put back in cover by hand is not taken out of it at his next turn", async () => {
    const f = await fight();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    await asRoland(() => f.member("Roland").spendAction("seekCover"));
    await asRoland(() => f.combat.endTurn());
    await f.actor("Roland").toggleStatusEffect("in-cover", { active: false });
    await f.actor("Roland").toggleStatusEffect("in-cover", { active: true });
    await turn(f, "Guard");
    await turn(f, "Clementine");
    await f.combat.takeTurn(f.member("Roland").id ?? "");
    await durationsSettled();
    expect(has(f, "Roland", "in-cover")).toBe(true);
  });
});

describe("an actor saved before timers existed", () => {
  it("loads with its conditions and no timers, so nothing of it ends by itself", async () => {
    const { timersOf } = await import("../../src/workflows/durations");
    const actor = await Actor.implementation.create({
      name: "Old hand",
      type: "character",
      system: { conditions: ["in-cover"] },
    });
    if (!actor) throw new Error("not created");
    expect(actor.statuses.has("in-cover")).toBe(true);
    expect(timersOf(actor)).toEqual([]);
  });
});
