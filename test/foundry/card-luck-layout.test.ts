/**
 * Issue 25 items 4 and 5: every card that rolls a test lays it out the same way (dice, modifiers,
 * the luck die, the total with what it means), and every luck die says what it did: on a test, an
 * opposed test, an attack, a dodge, and a death luck test on a life card or in an attack card's
 * headline, or taken by hand from the GM's sheet, each drawn like every other die and styled as luck.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import {
  answerDialog,
  clearCanvas,
  clearDialogAnswers,
  placeToken,
  type PlacedToken,
} from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { clickAction, openSheet } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { promptTest, promptAttack } = await import("../../src/applications/rolls/flows");
const { promptOpposedTest } = await import("../../src/applications/rolls/opposed-flow");
const { requestCardAction } = await import("../../src/workflows/damage");
const { CharacterSheet } = await import("../../src/applications");

type Message = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastMessage = () => game.messages.contents.at(-1) as unknown as Message;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

/** The order of a rolled test's parts on a card: the dice, the luck die, the total. */
const layout = (root: Element) =>
  [...root.querySelectorAll(":scope > .card-details, :scope > .card-luck, :scope > .card-total")].map(
    (part) => part.className.split(" ")[0],
  );

/** What a luck die shows: the d20 styled as luck, its face, and the note that says what it did. */
const luckOf = (luck: Element | null) => ({
  die: luck?.querySelector(".card-die.d20.luck-die")?.textContent ?? null,
  tone: luck?.className.replace("card-luck", "").trim() ?? null,
  note: text(luck?.querySelector(".note")),
});

async function clementine(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Clementine",
    type: "character",
    system: {
      attributes: { dex: { die: 8 }, str: { die: 6 } },
      skills: { sneak: { die: 6 }, athletics: { die: 4 } },
      endurance: { value: 10, max: 10 },
      health: { value: 4, max: 10 },
    },
  } as never)) as BrinkActor;
}

async function brute(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Brute",
    type: "npc",
    system: { attributes: { str: { die: 6 } } },
    items: [
      { name: "Club", type: "weapon", system: { attributes: ["str"], damage: 3, damageType: "bludgeoning" } },
    ],
  } as never)) as BrinkActor;
}

async function attack(target: PlacedToken, faces: number[]) {
  const foe = await brute();
  session.user.targets.clear();
  session.user.targets.add(target as never);
  queueDice(...faces);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(foe, foe.items.contents[0] as Item.Implementation);
  return lastMessage();
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  session.user.targets.clear();
});

describe("one layout for every card that rolls a test", () => {
  it("a test card: dice, luck, then the total against the difficulty with its outcome", async () => {
    queueDice(5, 3, 20);
    answerDialog({ attribute: "dex", skill: "sneak", advantage: "0", difficulty: "12" });
    await promptTest(await clementine(), { skill: "sneak" });
    const card = (await lastMessage().renderHTML()).querySelector(".test-card");
    expect(layout(card as Element)).toEqual(["card-details", "card-luck", "card-total"]);
    expect(luckOf(card?.querySelector(".card-luck") ?? null)).toEqual({
      die: "20",
      tone: "lucky",
      note: "Lucky! +4 to the total.",
    });
    expect(text(card?.querySelector(".card-total"))).toBe("Total 12 vs 12 Success by 0");
  });

  it("an opposed card: each side the same, its total against the other's", async () => {
    const actor = await clementine();
    const foe = (await Actor.implementation.create({
      name: "Goblin",
      type: "npc",
      system: { attributes: { wis: { die: 4 } }, skills: { notice: { die: 4 } } },
    } as never)) as BrinkActor;
    const token = placeToken(foe, 3, 3);
    session.user.targets.add(token as never);
    queueDice(5, 4, 10, 2, 3, 7);
    answerDialog({
      defender: token.document.uuid,
      attribute: "dex",
      skill: "sneak",
      defenderAttribute: "wis",
      defenderSkill: "notice",
    });
    await promptOpposedTest(actor, {});
    const sides = [...(await lastMessage().renderHTML()).querySelectorAll(".opposed-side")];
    expect(sides.map(layout)).toEqual([
      ["card-details", "card-luck", "card-total"],
      ["card-details", "card-luck", "card-total"],
    ]);
    expect(sides.map((side) => luckOf(side.querySelector(".card-luck")).note)).toEqual([
      "Luck 10: no bonus.",
      "Luck 7: no bonus.",
    ]);
    expect(sides.map((side) => text(side.querySelector(".card-total")))).toEqual([
      "Total 9 vs 5",
      "Total 5 vs 9",
    ]);
  });

  it("an attack card: the same parts, its luck die saying it made no critical, or what it did", async () => {
    const token = placeToken(await clementine(), 5, 5);
    const plain = (await (await attack(token, [4, 11])).renderHTML()).querySelector(".attack");
    expect(layout(plain as Element)).toEqual(["card-details", "card-luck", "card-total"]);
    expect(luckOf(plain?.querySelector(".card-luck") ?? null)).toEqual({
      die: "11",
      tone: "",
      note: "Luck 11: no critical.",
    });
    const critical = (await (await attack(token, [4, 20])).renderHTML()).querySelector(".attack .card-luck");
    expect(luckOf(critical ?? null)).toEqual({
      die: "20",
      tone: "lucky",
      note: "Critical! Cannot miss; critical damage.",
    });
  });
});

describe("the luck die of a reaction and of a death luck test", () => {
  it("a dodge's luck die leads its line and says what it did", async () => {
    const actor = await clementine();
    const token = placeToken(actor, 5, 5);
    const card = await attack(token, [6, 10]); // total 6
    queueDice(2, 1, 20); // DEX 2 + Athletics 1 = 3, luck 20: +4 makes 7
    await requestCardAction("react", {
      messageId: card.id ?? "",
      attack: 0,
      target: token.document.uuid,
      kind: "dodge",
    });
    const reaction = (await card.renderHTML()).querySelector(".damage-application .reaction");
    expect(luckOf(reaction?.querySelector(".card-luck") ?? null)).toEqual({
      die: "20",
      tone: "lucky",
      note: "Dodges: 7 vs 6. Lucky! +4 to the total.",
    });
  });

  it("a death luck test in an attack card's headline shows its die, styled as luck", async () => {
    const actor = await clementine();
    await actor.update({ system: { endurance: { value: 0 }, health: { value: 1 } } } as never);
    const token = placeToken(actor, 5, 5);
    const card = await attack(token, [6, 10]);
    queueDice(3); // the death luck test: 3 vs 10
    await requestCardAction("apply", { messageId: card.id ?? "", attack: 0, target: token.document.uuid });
    const headline = (await card.renderHTML()).querySelector(".life-headline");
    expect(text(headline?.querySelector("p"))).toBe("Clementine is dead.");
    expect(luckOf(headline?.querySelector(".card-luck") ?? null)).toEqual({
      die: "3",
      tone: "unlucky",
      note: "Death luck test 3 vs 10: failed.",
    });
  });

  it("a death luck test by hand, from the GM's sheet, puts its die on the life card like every other die", async () => {
    const actor = (await Actor.implementation.create({
      name: "Roland",
      type: "character",
      system: {
        health: { value: 0, max: 10 },
        luck: { bonus: 1, deathDifficulty: 10 },
        conditions: ["unconscious"],
      },
    } as never)) as BrinkActor;
    const sheet = await openSheet(CharacterSheet, actor);
    queueDice(12);
    await clickAction(sheet, '[data-action="deathLuck"]');
    const steps = [...(await lastMessage().renderHTML()).querySelectorAll(".life-card .damage-steps li")];
    const rolled = steps.find((step) => step.querySelector(".card-luck"));
    expect(luckOf(rolled?.querySelector(".card-luck") ?? null)).toEqual({
      die: "12",
      tone: "lucky",
      note: "Death luck test 13 vs 10: death cheated!",
    });
    expect(text(rolled?.querySelector(".luck-sum"))).toBe("Luck d20 +1 = 13");
    expect(steps.filter((step) => step.querySelector(".card-luck"))).toHaveLength(1);
  });
});
