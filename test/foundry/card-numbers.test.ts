/**
 * Issue 25 item 5, numbers a player can follow: an attack card's damage line names where each
 * number comes from and adds up (attack total + weapon − deflection, the minimum of 1 said when it
 * holds), the block line splits the blow so its parts add up, and the attack dialog says what the
 * weapon puts on a hit beside the multiple-attack penalty.
 */
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import {
  answerDialog,
  clearCanvas,
  clearDialogAnswers,
  placeToken,
  shownDialogs,
  type PlacedToken,
} from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { bootBrink } from "./boot";

await bootBrink();
const { attackDialogInput, promptAttack } = await import("../../src/applications/rolls/flows");
const { followAttackOdds } = await import("../../src/applications/rolls/attack-dialog");
const { itemData, WeaponData } = await import("../../src/data");
const { describeStep } = await import("../../src/data/chat");

type Message = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastMessage = () => game.messages.contents.at(-1) as unknown as Message;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

async function target(deflection: number): Promise<PlacedToken> {
  const actor = (await Actor.implementation.create({
    name: "Clementine",
    type: "character",
    system: {
      evasion: 0,
      deflection: { physical: deflection, elemental: 0 },
      endurance: { value: 20, max: 20 },
    },
  } as never)) as BrinkActor;
  return placeToken(actor, 5, 5);
}

const club = {
  name: "Club",
  type: "weapon",
  system: {
    attributes: ["str"],
    damage: 3,
    criticalDamage: 7,
    criticalThreshold: 19,
    damageType: "bludgeoning",
  },
};

async function brute(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Brute",
    type: "npc",
    system: { attributes: { str: { die: 6 } } },
    items: [club],
  } as never)) as BrinkActor;
}

async function swing(token: PlacedToken, faces: number[]) {
  const foe = await brute();
  session.user.targets.clear();
  session.user.targets.add(token as never);
  queueDice(...faces);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(foe, foe.items.contents[0] as Item.Implementation);
  return text((await lastMessage().renderHTML()).querySelector("li.target .damage"));
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  shownDialogs.length = 0;
  session.user.targets.clear();
});

describe("an attack card's damage line", () => {
  it("names the attack total, the weapon's damage and the deflection it took off", async () => {
    expect(await swing(await target(2), [4, 10])).toBe(
      "4 attack total + 3 Club − 2 deflection = 5 Bludgeoning",
    );
  });

  it("names the weapon's critical damage on a critical", async () => {
    expect(await swing(await target(2), [4, 19])).toBe(
      "4 attack total + 7 Club critical − 2 deflection = 9 Bludgeoning",
    );
  });

  it("says when the minimum of 1 holds, so the line still adds up", async () => {
    expect(await swing(await target(12), [4, 10])).toBe(
      "4 attack total + 3 Club − 12 deflection (at least 1) = 1 Bludgeoning",
    );
  });
});

describe("a block's line", () => {
  it("splits the blow: what the block value stops, what the item takes, what it absorbs and what gets through", () => {
    const line = describeStep({
      kind: "block",
      amount: 14,
      blockValue: 3,
      itemDamage: 11,
      durability: 0,
      broken: true,
      excess: 9,
    }).text;
    expect(line).toBe(
      "Blocks 14: block value 3 stops 3, the item takes 11; it absorbs 2 (durability now 0) and 9 gets through.",
    );
  });

  it("keeps its old sentence on a card written before blocks recorded the blow", () => {
    const line = describeStep({
      kind: "block",
      blockValue: 3,
      itemDamage: 4,
      durability: 0,
      broken: true,
      excess: 0,
    }).text;
    expect(line).toBe("Blocks: block value 3, the item takes 4 (durability now 0); 0 gets through.");
  });
});

describe("the attack dialog", () => {
  it("says what the weapon puts on a hit and on a critical", async () => {
    await swing(await target(0), [4, 10]);
    const dialog = shownDialogs.at(-1)?.content ?? "";
    expect(dialog).toContain(
      '<p class="hint weapon-rolls">Club: attack total + 3 Bludgeoning damage; a luck of 19+ is a critical (cannot miss, + 7 instead).</p>',
    );
  });

  it("names the dice the attack rolls with the chosen attribute, and follows the choice", async () => {
    const fencer = (await Actor.implementation.create({
      name: "Fencer",
      type: "character",
      system: { attributes: { str: { die: 6 }, dex: { die: 10 } }, skills: { combat: { die: 8 } } },
      items: [{ ...club, name: "Rapier", system: { ...club.system, attributes: ["str", "dex"] } }],
    } as never)) as BrinkActor;
    session.user.targets.clear();
    session.user.targets.add((await target(0)) as never);
    answerDialog(null);
    const rapier = fencer.items.contents[0] as Item.Implementation;
    await promptAttack(fencer, rapier);
    // happy-dom's document stands in for the browser's; Brink's code takes the DOM's own types.
    const page = new Window().document as unknown as Document;
    page.body.innerHTML = `<form>${shownDialogs.at(-1)?.content ?? ""}</form>`;
    const root = page.body;
    const line = () => text(root.querySelector("[data-attack-dice]"));
    expect(line()).toBe("The attack rolls Strength d6 + Combat d8 and the luck d20.");
    const data = itemData(rapier, WeaponData)?.attackWeapon();
    if (!data) throw new Error("the rapier is no weapon");
    followAttackOdds(root, attackDialogInput(fencer, rapier, data, []), false);
    const select = page.querySelector<HTMLSelectElement>("select[name='attribute']");
    if (!select) throw new Error("the dialog offers no attribute");
    select.value = "dex";
    select.dispatchEvent(new (page.defaultView?.Event ?? Event)("change", { bubbles: true }));
    expect(line()).toBe("The attack rolls Dexterity d10 + Combat d8 and the luck d20.");
  });
});
