import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");
const { requestResist } = await import("../../src/workflows/allies/resist");

/** RULES §3 Resist: a reaction for 1 focus; a WIS test against the difficulty the GM names. */

const rolandsPlayer = player("roland-player");
const thief = player("thief");
beforeEach(() => {
  resetWorld();
  clearDice();
});

async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.actor("Roland").update({ system: { attributes: { wis: { die: 8 } } } } as never);
  await f.combat.begin({ startingTeam: f.teamId("Foes") });
  return f;
}

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const focus = (f: Fight) => (f.actor("Roland").system as unknown as { focus: { value: number } }).focus.value;
const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string } | undefined;
const ask = (f: Fight, difficulty = 9) =>
  requestResist({ combatId: f.combat.id ?? "", combatantId: f.member("Roland").id ?? "", difficulty });

describe("Resist", () => {
  it("spends 1 focus and the reaction, rolls WIS against the difficulty and posts the card", async () => {
    const f = await fight();
    queueDice(7, 5);
    expect((await asRoland(() => ask(f))).ok).toBe(true);
    expect(focus(f)).toBe(2);
    expect(f.member("Roland").economy.reactionsLeft).toBe(0);
    expect(lastCard()?.content).toContain("Resist a mental effect");
    expect(lastCard()?.content).toMatch(/7[\s\S]*vs 9/);
  });

  it("carries Guard's +1 and exhaustion, and the card names each", async () => {
    const f = await fight();
    await f.actor("Roland").update({ system: { conditions: ["guarding"], exhaustion: 2 } } as never);
    queueDice(7, 5);
    expect((await asRoland(() => ask(f))).ok).toBe(true);
    const card = lastCard()?.content ?? "";
    expect(card).toMatch(/6[\s\S]*vs 9/);
    expect(card).toContain("Guard");
    expect(card).toContain("Exhaustion 2");
  });

  it("is refused with no reaction left, or no focus, before anything is rolled or spent", async () => {
    const f = await fight();
    queueDice(7, 5);
    await asRoland(() => ask(f));
    const before = game.messages.contents.length;
    expect(await asRoland(() => ask(f))).toMatchObject({
      ok: false,
      reason: "BRINK.Combat.Economy.noReactionLeft",
    });
    expect(game.messages.contents.length).toBe(before);
    expect(focus(f)).toBe(2);
    const g = await fight();
    await g.actor("Roland").update({ system: { focus: { value: 0 } } } as never);
    expect(await asRoland(() => ask(g))).toMatchObject({
      ok: false,
      reason: "BRINK.Combat.Economy.notEnoughFocus",
    });
  });

  it("is refused for someone else's character", async () => {
    const f = await fight();
    const writes = await writesDuring(() => asUser(thief, () => ask(f)));
    expect(writes).toEqual([]);
  });

  it("is taken from the actions panel: the player enters the difficulty", async () => {
    const f = await fight();
    const prompt = actionPrompt("resist");
    expect(prompt).toBeDefined();
    queueDice(7, 5);
    answerDialog({ difficulty: "11" });
    await asRoland(() => prompt!(f.member("Roland"), f.actor("Roland")));
    expect(lastCard()?.content).toMatch(/vs 11/);
    expect(focus(f)).toBe(1 + 1);
  });
});
