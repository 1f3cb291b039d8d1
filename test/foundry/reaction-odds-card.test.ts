/**
 * Issue 25 item 3, reactions that explain themselves: on the attack card the defender's buttons say
 * what each reaction would do with what they hold (the block value and the shield's durability, the
 * parry's bonus and the weapon's) and the dodge's exact odds against this attack's total, from the
 * rules' own odds, as the defender sees them now.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken, type PlacedToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { dodgeChance } from "../../src/rules/defences";
import { createActorState } from "../../src/rules/damage-chain";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

type Card = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastCard = () => game.messages.contents.at(-1) as unknown as Card;
const text = (element: Element | null | undefined) =>
  (element?.textContent ?? "").replace(/\s+/g, " ").trim();

const boudicasPlayer = users.add(makeUser({ id: "boudica-player", name: "Boudica's player", isGM: false }));
const onlookersPlayer = users.add(makeUser({ id: "onlooker", name: "Onlooker", isGM: false }));

async function captain() {
  return (await Actor.implementation.create({
    name: "Guard Captain",
    type: "npc",
    system: { attributes: { str: { die: 6 } }, skills: { combat: { die: 8 } } },
    items: [
      {
        name: "Longsword",
        type: "weapon",
        system: { attributes: ["str"], damage: 5, damageType: "slashing" },
      },
    ],
  } as never)) as BrinkActor;
}

const roundShield = {
  name: "Round shield",
  type: "shield",
  system: { block: 3, equipped: true, durability: { value: 2, max: 4 } },
};
const armingSword = {
  name: "Arming sword",
  type: "weapon",
  system: { attributes: ["str"], damage: 4, parry: 2, equipped: true },
};

async function boudica(items: object[] = [roundShield, armingSword]): Promise<PlacedToken> {
  const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
  const actor = (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    ownership: { default: NONE, [boudicasPlayer.id ?? ""]: OWNER },
    system: {
      evasion: 4,
      deflection: { physical: 2, elemental: 0 },
      attributes: { dex: { die: 8 } },
      skills: { athletics: { die: 4 } },
      luck: { bonus: 1 },
      endurance: { value: 20, max: 20 },
    },
    items,
  } as never)) as BrinkActor;
  return placeToken(actor, 3, 3);
}

/** The captain's d6 + d8 show these faces (then a luck of 10): the attack total is their sum. */
async function swing(token: PlacedToken, faces: [number, number]) {
  const attacker = await captain();
  game.user.targets.clear();
  game.user.targets.add(token as never);
  queueDice(...faces, 10);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(attacker, attacker.items.getName("Longsword") as Item.Implementation);
  return lastCard();
}

/** The reaction buttons on the card's first row, as this client's user reads them. */
async function reactions(card: Card) {
  const html = await card.renderHTML();
  const buttons = html.querySelectorAll<HTMLButtonElement>(
    "li.target .defender-reactions button[data-action=react]",
  );
  return [...buttons].map((button) => text(button));
}

/** DEX d8 + Athletics d4, luck bonus 1, against `total`: the rules' exact odds, as a card prints them. */
const dodgeOdds = (total: number) => {
  const state = createActorState({
    attributes: { str: 6, dex: 8, con: 6, int: 6, wis: 6, cha: 6 },
    athletics: 4,
    luckBonus: 1,
  });
  return `${Math.round(dodgeChance(state, total).value * 1000) / 10}%`;
};

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("the defender's reactions on the attack card", () => {
  it("name the block value and the shield's durability, the parry's bonus and weapon, and the dodge's odds", async () => {
    const token = await boudica();
    const card = await swing(token, [4, 5]); // attack total 9
    // 10 of the 32 dice pairs reach 9, and 26 with luck's +4 (faces 19 and 20 with her bonus of 1):
    // (18 × 10 + 2 × 26) / 640 = 36.25%.
    expect(dodgeOdds(9)).toBe("36.3%");
    const seen = await asUser(boudicasPlayer, () => reactions(card));
    expect(seen).toEqual([
      "Block 3 · Round shield 2/4 · 1 stamina",
      "Parry +2 · Arming sword 4/4 · 1 stamina",
      "Dodge · 1 stamina · 36.3%",
    ]);
  });

  it("give the dodge's odds against this attack's total: a harder blow is harder to dodge", async () => {
    const token = await boudica();
    const light = await swing(token, [1, 3]); // total 4
    const heavy = await swing(token, [6, 8]); // total 14
    const odds = async (card: Card) => (await asUser(boudicasPlayer, () => reactions(card)))[2];
    expect(await odds(light)).toBe(`Dodge · 1 stamina · ${dodgeOdds(4)}`);
    expect(await odds(heavy)).toBe(`Dodge · 1 stamina · ${dodgeOdds(14)}`);
    expect(dodgeOdds(4)).not.toBe(dodgeOdds(14));
  });

  it("follow the shield as it wears: the next card shows the durability a block left, then none", async () => {
    const sturdy = { ...roundShield, system: { ...roundShield.system, durability: { value: 10, max: 10 } } };
    const token = await boudica([sturdy]);
    const block = (card: Card) =>
      asUser(boudicasPlayer, () =>
        requestCardAction("react", {
          messageId: card.id ?? "",
          attack: 0,
          target: token.document.uuid,
          kind: "block",
        } as never),
      );
    const first = await swing(token, [2, 2]); // total 4, + 5 = 9: the shield's 3 stops 3, it takes 6
    expect((await block(first)).ok).toBe(true);
    const second = await swing(token, [2, 2]);
    expect((await asUser(boudicasPlayer, () => reactions(second)))[0]).toBe(
      "Block 3 · Round shield 4/10 · 1 stamina",
    );
    expect((await block(second)).ok).toBe(true); // it takes 6 more with 4 left: broken
    const third = await swing(token, [2, 2]);
    const [blocking, parrying] = await asUser(boudicasPlayer, () => reactions(third));
    // A broken item cannot block or parry (RULES §4), and she holds nothing else.
    expect(blocking).toBe("Block · nothing in hand blocks · 1 stamina");
    expect(parrying).toBe("Parry · nothing in hand parries · 1 stamina");
  });

  it("leave out the percentage for a player who hides exact odds, and show nothing to onlookers", async () => {
    const token = await boudica();
    const card = await swing(token, [4, 5]);
    await asUser(boudicasPlayer, () => game.settings.set("brink", "showExactOdds", false));
    expect((await asUser(boudicasPlayer, () => reactions(card)))[2]).toBe("Dodge · 1 stamina");
    expect(await asUser(onlookersPlayer, () => reactions(card))).toEqual([]);
  });
});
