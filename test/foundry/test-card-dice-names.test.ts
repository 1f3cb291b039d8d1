/**
 * Issue 13: a test card names each die by what it was rolled for ("Dexterity d8", "Sneak d6"), as
 * an attack card does, on its Dice line and in each die's tooltip; an opposed card names both
 * sides'. Cards written before the names were recorded still draw, with the generic names.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import { answerDialog, clearCanvas, clearDialogAnswers, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { bootBrink } from "./boot";

await bootBrink();
const { promptTest } = await import("../../src/applications/rolls/flows");
const { promptOpposedTest } = await import("../../src/applications/rolls/opposed-flow");

type Message = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastMessage = () => game.messages.contents.at(-1) as unknown as Message;
const record = (message: Message) =>
  JSON.parse(JSON.stringify((message.system as unknown as { toObject(): unknown }).toObject())) as Record<
    string,
    unknown
  >;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

/** What a reader sees of the dice: the Dice line, then each die's name (its tooltip). */
const diceOf = (html: HTMLElement) => ({
  line: text(html.querySelector(".card-details > summary")),
  dice: [...html.querySelectorAll<HTMLElement>(".card-die:not(.d20)")].map((die) => die.dataset.tooltip),
  steps: [...html.querySelectorAll(".card-steps li")].map((step) => [...step.children].map(text).join(" ")),
  luck: text(html.querySelector(".card-luck")),
});

async function clementine(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Clementine",
    type: "character",
    system: { attributes: { dex: { die: 8 }, wis: { die: 6 } }, skills: { sneak: { die: 6 } } },
  } as never)) as BrinkActor;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  session.user.targets.clear();
});

describe("a test card's dice", () => {
  it("are named by the attribute and skill tested, beside the luck d20 and the proficiency", async () => {
    const actor = await clementine();
    queueDice(5, 3, 12);
    answerDialog({ attribute: "dex", skill: "sneak", proficient: true, advantage: "0", difficulty: "8" });
    await promptTest(actor, { skill: "sneak" });
    expect(diceOf(await lastMessage().renderHTML())).toEqual({
      line: "Dice Dexterity d8 + Sneak d6",
      dice: ["Dexterity d8", "Sneak d6"],
      steps: ["Proficiency +1"],
      luck: "12 Luck d20 Luck 12: no bonus.",
    });
  });

  it("name the attribute alone when no skill was tested, in every pool advantage rolled", async () => {
    const actor = await clementine();
    queueDice(2, 6, 9);
    answerDialog({ attribute: "wis", skill: "", advantage: "1", difficulty: "4" });
    await promptTest(actor, { attribute: "wis" });
    const { line, dice } = diceOf(await lastMessage().renderHTML());
    expect(line).toBe("Dice Wisdom d6");
    expect(dice).toEqual(["Wisdom d6", "Wisdom d6"]);
  });

  it("keep their generic names on a card from before the names were recorded", async () => {
    const actor = await clementine();
    queueDice(5, 3, 12);
    answerDialog({ attribute: "dex", skill: "sneak", advantage: "0", difficulty: "8" });
    await promptTest(actor, { skill: "sneak" });
    const { attribute: _attribute, skill: _skill, ...older } = record(lastMessage());
    const message = (await ChatMessage.implementation.create({
      type: "test",
      system: older,
    } as never)) as Message;
    const html = await message.renderHTML();
    expect(diceOf(html).dice).toEqual(["Attribute d8", "Skill d6"]);
    expect(html.querySelector(".card-total .total")?.textContent).toBe("8");
  });
});

describe("an opposed card's dice", () => {
  async function rollOpposed() {
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
  }

  it("are named for each side", async () => {
    await rollOpposed();
    const html = await lastMessage().renderHTML();
    expect(
      [...html.querySelectorAll<HTMLElement>(".card-die:not(.d20)")].map((d) => d.dataset.tooltip),
    ).toEqual(["Dexterity d8", "Sneak d6", "Wisdom d4", "Notice d4"]);
  });

  it("keep their generic names on a card from before the names were recorded", async () => {
    await rollOpposed();
    const { attacker, defender, ...rest } = record(lastMessage()) as {
      attacker: Record<string, unknown>;
      defender: Record<string, unknown>;
    };
    const older = (side: Record<string, unknown>) => {
      const { attribute: _attribute, skill: _skill, ...kept } = side;
      return kept;
    };
    const message = (await ChatMessage.implementation.create({
      type: "opposed",
      system: { ...rest, attacker: older(attacker), defender: older(defender) },
    } as never)) as Message;
    const html = await message.renderHTML();
    expect(
      [...html.querySelectorAll<HTMLElement>(".card-die:not(.d20)")].map((d) => d.dataset.tooltip),
    ).toEqual(["Attribute d8", "Skill d6", "Attribute d4", "Skill d4"]);
  });
});
