import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");

/**
 * RULES §3 Resuscitate: two actions; the taker goes prone, then a WIS + Heal test against 10 (the
 * stabilising difficulty without healing tools) returns an unconscious character to consciousness.
 */

const rolandsPlayer = player("roland-player");
beforeEach(() => {
  resetWorld();
  clearDice();
});

async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
    { name: "Fabian", disposition: DISPOSITIONS.friendly },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  // WIS d12, no Heal: the test is one d12 and the luck die.
  await f.actor("Roland").update({ system: { attributes: { wis: { die: 12 } } } } as never);
  await f.actor("Fabian").toggleStatusEffect("unconscious", { active: true });
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  await asUser(rolandsPlayer, () => f.combat.takeTurn(f.member("Roland").id ?? ""));
  return f;
}

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const resuscitate = (f: Fight, who = "Fabian") =>
  asRoland(() => f.member("Roland").spendAction("resuscitate", f.member(who).id ?? ""));
const cards = () => game.messages.contents as unknown as { content: string }[];

describe("Resuscitate", () => {
  it("costs two actions, lays the taker prone, and a test of 10+ wakes the target", async () => {
    const f = await fight();
    queueDice(10, 5);
    expect((await resuscitate(f)).ok).toBe(true);
    expect(f.member("Roland").economy.actionsLeft).toBe(1);
    expect(f.actor("Roland").statuses.has("prone")).toBe(true);
    expect(f.actor("Fabian").statuses.has("unconscious")).toBe(false);
    expect(f.member("Fabian").ableToAct).toBe(true);
    // The tracker lets the woken character take a turn this round: the party's next move.
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    await f.combat.takeTurn(f.member("Fabian").id ?? "");
    expect(f.combat.turnState.current).toBe(f.member("Fabian").id);
    expect(cards().at(-1)?.content).toContain("Resuscitate Fabian");
    expect(cards().at(-1)?.content).toMatch(/10[\s\S]*vs 10/);
  });

  it("leaves the target unconscious on a failed test; the taker is prone all the same", async () => {
    const f = await fight();
    queueDice(3, 5);
    expect((await resuscitate(f)).ok).toBe(true);
    expect(f.actor("Roland").statuses.has("prone")).toBe(true);
    expect(f.actor("Fabian").statuses.has("unconscious")).toBe(true);
    expect(cards().at(-1)?.content).toContain("Resuscitate Fabian");
  });

  it("is refused for a conscious or dead target, before anything is spent", async () => {
    const f = await fight();
    for (const [who, reason] of [
      ["Guard", "BRINK.Allies.Refusal.notUnconscious"],
      ["Roland", "BRINK.Allies.Refusal.notUnconscious"],
    ] as const) {
      const writes = await writesDuring(() => resuscitate(f, who));
      expect(writes).toEqual([]);
      expect(await resuscitate(f, who)).toMatchObject({ ok: false, reason });
    }
    await f.actor("Fabian").toggleStatusEffect("dead", { active: true });
    expect(await resuscitate(f)).toMatchObject({ ok: false, reason: "BRINK.Allies.Refusal.dead" });
    expect(f.member("Roland").economy.actionsLeft).toBe(3);
    expect(f.actor("Roland").statuses.has("prone")).toBe(false);
  });

  it("is refused without a target", async () => {
    const f = await fight();
    const result = await asRoland(() => f.member("Roland").spendAction("resuscitate"));
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Allies.Refusal.noTarget" });
  });

  it("started with one action left, finishes on the next turn with the same target", async () => {
    const f = await fight();
    await asRoland(() => f.member("Roland").spendAction("attack"));
    await asRoland(() => f.member("Roland").spendAction("attack"));
    expect((await resuscitate(f)).ok).toBe(true);
    expect(f.actor("Roland").statuses.has("prone")).toBe(false);
    await asRoland(() => f.combat.endTurn());
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    await f.combat.endTurn();
    await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
    queueDice(10, 5);
    expect((await asRoland(() => f.member("Roland").continueExtended())).ok).toBe(true);
    expect(f.actor("Fabian").statuses.has("unconscious")).toBe(false);
  });

  it("is started from the actions panel: the player picks among the unconscious", async () => {
    const f = await fight();
    const prompt = actionPrompt("resuscitate");
    expect(prompt).toBeDefined();
    queueDice(10, 5);
    answerDialog({ target: f.member("Fabian").id ?? "" });
    await asRoland(() => prompt!(f.member("Roland"), f.actor("Roland")));
    expect(f.actor("Fabian").statuses.has("unconscious")).toBe(false);
  });
});
