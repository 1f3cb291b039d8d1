/**
 * Chat cards as Foundry stores and shows them: creation data is expanded (dots in keys become
 * nesting), and a roll whose content a viewer may not read is shown through its roll template.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session, settings, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack, promptTest } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

const player = users.add(makeUser({ id: "rhea", name: "Rhea's player", isGM: false }));
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
type Message = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastMessage = () => game.messages.contents.at(-1) as unknown as Message;

async function character(name: string, owner?: string): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, ...(owner ? { [owner]: OWNER } : {}) },
    system: { attributes: { str: { die: 6 } }, endurance: { value: 12, max: 12 } },
    items: [{ name: "Club", type: "weapon", system: { attributes: ["str"], damage: 2 } }],
  })) as BrinkActor;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("an attack card", () => {
  it("still names its target once damage is applied and the card is drawn again", async () => {
    const attacker = await character("Rhea");
    const target = await character("Ostrog");
    const token = placeToken(target, 5, 5);
    session.user.targets.clear();
    session.user.targets.add(token);
    queueDice(6, 6, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(attacker, attacker.items.contents[0] as Item.Implementation);
    const card = lastMessage();
    expect(card.content).toContain("Ostrog");

    const applied = await requestCardAction("apply", onCard(card, token));
    expect(applied.ok).toBe(true);
    expect(card.content).toContain("Ostrog");
    expect(card.content).not.toMatch(/>\?</);
  });
});

describe("a blind test", () => {
  it("shows its player the roll with the result hidden, and the GM the whole card", async () => {
    const actor = await character("Rhea", player.id);
    await asUser(player, async () => {
      await settings.set("core", "rollMode", "blindroll");
      queueDice(6, 12);
      answerDialog({ attribute: "str", advantage: "0", modifier: "0", difficulty: "6" });
      await promptTest(actor, { attribute: "str" });
    });
    const message = lastMessage();
    const seenByPlayer = await asUser(player, () => message.renderHTML());
    expect(seenByPlayer.querySelector(".dice-total")?.textContent).toBe("?");
    expect(seenByPlayer.querySelector(".outcome")).toBeNull();
    const seenByGM = await message.renderHTML();
    expect(seenByGM.querySelector(".outcome")?.textContent).toBe("Success by 0");
  });
});

describe("an attack card from Brink 0.1.0", () => {
  it("finds its targets again in the map Foundry stored nested", async () => {
    const target = { uuid: "Scene.s1.Token.t1", name: "Ostrog", img: "ostrog.webp" };
    const message = await ChatMessage.implementation.create({
      type: "attack",
      system: { attacks: [{ result: {}, targets: { Scene: { s1: { Token: { t1: target } } } } }] },
    } as never);
    const system = message?.system as unknown as { attacks: { targets: unknown }[] };
    expect(system.attacks[0]?.targets).toEqual([target]);
  });
});
