/**
 * Issue 11, "the guarding target": played in a fight. Roland's player clicks Guard on the actions
 * panel; on the axeman's turn the card's damage number is what Roland loses, one less than without
 * Guard, and his dodge total is one more; once his next turn starts Guard is gone (RULES §3, §4).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootCombat, DISPOSITIONS, player, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();
const { actionPrompt } = await import("../../src/applications/actions/prompts");
const { requestCardAction } = await import("../../src/workflows/damage");
const { promptAttack } = await import("../../src/applications/rolls/flows");

const rolandsPlayer = player("roland-player");
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);

interface Sheet {
  endurance: { value: number };
}
const endurance = (f: Fight) => (f.actor("Roland").system as unknown as Sheet).endurance.value;
const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
/** The damage number the card shows in bold, as the chat log draws it. */
const shownDamage = async (card: ChatMessage.Implementation) => {
  const html = (await (card as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML()).innerHTML;
  const match = /<span class="damage">[\s\S]*?<strong>(\d+)<\/strong>/.exec(html);
  return Number(match?.[1]);
};
/** The dodge total on the card's reaction line ("Dodges: 6 vs 5." or "Fails to dodge: 2 vs 5."). */
const dodgeTotal = (content: string) => Number(/dodges?: (\d+) vs \d+\./i.exec(content)?.[1]);

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer, type: "character" },
    { name: "Axeman", disposition: DISPOSITIONS.hostile },
  ]);
  await f.actor("Roland").update({
    system: {
      evasion: 0,
      endurance: { value: 30, max: 30 },
      health: { value: 12, max: 12 },
      stamina: { value: 3, max: 3 },
    },
  } as never);
  await f
    .actor("Axeman")
    .createEmbeddedDocuments("Item", [
      { name: "Axe", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "slashing" } },
    ] as never);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

/** Roland's turn: his player clicks Guard (or just ends the turn). */
async function rolandsTurn(f: Fight, guard: boolean) {
  await asRoland(async () => {
    expect(await f.combat.takeTurn(f.member("Roland").id ?? "")).toEqual({ ok: true });
    if (guard) await actionPrompt("guard")!(f.member("Roland"), f.actor("Roland"));
    else await f.combat.endTurn();
  });
}

/** The axeman's turn: one axe blow at Roland with a d6 of 5 (5 + 4 = 9 raw). */
async function axeBlow(f: Fight) {
  await f.combat.takeTurn(f.member("Axeman").id ?? "");
  game.user.targets.clear();
  game.user.targets.add(f.token("Roland") as never);
  queueDice(5, 10);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  const axeman = f.actor("Axeman") as BrinkActor;
  await promptAttack(axeman, axeman.items.getName("Axe") as Item.Implementation);
  return lastCard();
}

const rolandOn = (f: Fight, card: ChatMessage.Implementation) =>
  onCard(card, { document: { uuid: f.token("Roland").document.uuid } });

describe("Guard taken from the actions panel", () => {
  it("the damage number on the card is what the guarding target loses, one less than unguarded", async () => {
    const f = await fight();
    await rolandsTurn(f, true);
    expect(f.actor("Roland").statuses.has("guarding")).toBe(true);
    const guarded = await axeBlow(f);
    const shownGuarded = await shownDamage(guarded);
    await requestCardAction("apply", rolandOn(f, guarded));
    expect(endurance(f)).toBe(30 - shownGuarded);
    await f.combat.endTurn();

    // His next turn starts: Guard is over. He ends the turn without guarding; the same blow lands.
    await rolandsTurn(f, false);
    expect(f.actor("Roland").statuses.has("guarding")).toBe(false);
    const plain = await axeBlow(f);
    const shownPlain = await shownDamage(plain);
    expect(shownPlain).toBeGreaterThan(1);
    expect(shownGuarded).toBe(shownPlain - 1);
    const before = endurance(f);
    await requestCardAction("apply", rolandOn(f, plain));
    expect(endurance(f)).toBe(before - shownPlain);
  });

  it("the guarding target's dodge total is one more than the same dodge unguarded", async () => {
    const f = await fight();
    await rolandsTurn(f, true);
    const guarded = await axeBlow(f);
    queueDice(1, 1, 1, 1, 10);
    await asRoland(() => requestCardAction("react", { ...rolandOn(f, guarded), kind: "dodge" }));
    const withGuard = dodgeTotal(lastCard().content);
    expect(withGuard).toBeGreaterThan(1);
    expect(lastCard().content).toContain("(Guard +1)");
    await f.combat.endTurn();

    clearDice(); // the dice the first dodge did not need

    await rolandsTurn(f, false);
    const plain = await axeBlow(f);
    queueDice(1, 1, 1, 1, 10);
    const r2 = await asRoland(() => requestCardAction("react", { ...rolandOn(f, plain), kind: "dodge" }));
    expect(r2).toEqual({ ok: true });
    expect(lastCard().content).not.toContain("(Guard +1)");
    expect(withGuard).toBe(dodgeTotal(lastCard().content) + 1);
  });
});
