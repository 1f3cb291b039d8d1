import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");
const { requestFortify } = await import("../../src/workflows/allies/resist");

/**
 * RULES §3 Fortify outside the damage chain (poison, shoves, grabs): a reaction for 1 stamina, a
 * STR + Athletics test (plus fortitude) against the difficulty the GM names, called for by the
 * owner or the GM from the actions panel.
 */

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
  await f.actor("Roland").update({
    system: { attributes: { str: { die: 8 } }, skills: { athletics: { die: 4 } }, fortitude: 1 },
  } as never);
  await f.combat.begin({ startingTeam: f.teamId("Foes") });
  return f;
}

const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const stamina = (f: Fight) =>
  (f.actor("Roland").system as unknown as { stamina: { value: number } }).stamina.value;
const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string } | undefined;
const ask = (f: Fight, difficulty = 9) =>
  requestFortify({ combatId: f.combat.id ?? "", combatantId: f.member("Roland").id ?? "", difficulty });

describe("Fortify, called for outside an attack", () => {
  it("is taken from the actions panel: 1 stamina and the reaction, STR + Athletics + fortitude vs the difficulty", async () => {
    const f = await fight();
    const before = stamina(f);
    const prompt = actionPrompt("fortify");
    expect(prompt).toBeDefined();
    queueDice(6, 3, 5); // 6 + 3 + fortitude 1 = 10 vs 11
    answerDialog({ difficulty: "11" });
    await asRoland(() => prompt!(f.member("Roland"), f.actor("Roland")));
    expect(stamina(f)).toBe(before - 1);
    expect(f.member("Roland").economy.reactionsLeft).toBe(0);
    const card = lastCard()?.content ?? "";
    expect(card).toContain("Fortify: STR + Athletics");
    expect(card).toMatch(/10[\s\S]*vs 11/);
  });

  it("can be called for by the GM, and is refused with no reaction left, before anything is rolled", async () => {
    const f = await fight();
    queueDice(6, 3, 5);
    expect((await ask(f)).ok).toBe(true);
    const cards = game.messages.size;
    expect(await asRoland(() => ask(f))).toMatchObject({
      ok: false,
      reason: "BRINK.Combat.Economy.noReactionLeft",
    });
    expect(game.messages.size).toBe(cards);
  });

  it("is refused for someone else's character, and a difficulty out of range is refused, nothing written", async () => {
    const f = await fight();
    expect(await writesDuring(() => asUser(thief, () => ask(f)))).toEqual([]);
    expect(await writesDuring(() => asRoland(() => ask(f, 1000)))).toEqual([]);
  });
});
