/**
 * Issue 11: cards written before rolls listed their modifiers (no `edges` on a test or an attack,
 * no `tests` on an initiative card) still draw, with what they recorded and no empty source list.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session } from "../fake-foundry/install";
import { answerDialog, clearCanvas, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack, promptTest } = await import("../../src/applications/rolls/flows");

type Message = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastMessage = () => game.messages.contents.at(-1) as unknown as Message;
const plain = (message: Message) =>
  JSON.parse(JSON.stringify((message.system as unknown as { toObject(): unknown }).toObject())) as Record<
    string,
    unknown
  >;

async function character(name: string): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "character",
    system: { attributes: { str: { die: 6 } }, endurance: { value: 12, max: 12 } },
    items: [{ name: "Club", type: "weapon", system: { attributes: ["str"], damage: 2 } }],
  } as never)) as BrinkActor;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("a card from before modifiers were listed", () => {
  it("a test card without its sources draws its total", async () => {
    const actor = await character("Rhea");
    queueDice(5, 12);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0", difficulty: "6" });
    await promptTest(actor, { attribute: "str" });
    const { edges, ...older } = plain(lastMessage());
    expect(edges).toEqual([]);
    const message = (await ChatMessage.implementation.create({
      type: "test",
      system: older,
    } as never)) as Message;
    const html = await message.renderHTML();
    expect(html.querySelector(".card-total .total")?.textContent).toBe("5");
    expect(html.textContent).not.toMatch(/advantage:|disadvantage:/i);
  });

  it("an attack card without its sources draws its total and target", async () => {
    const attacker = await character("Rhea");
    const target = await character("Ostrog");
    const token = placeToken(target, 5, 5);
    session.user.targets.clear();
    session.user.targets.add(token);
    queueDice(6, 6, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(attacker, attacker.items.contents[0] as Item.Implementation);
    const record = plain(lastMessage()) as { attacks: Record<string, unknown>[] };
    const attacks = record.attacks.map(({ edges: _edges, ...attack }) => attack);
    expect(attacks[0]).not.toHaveProperty("edges");
    const message = (await ChatMessage.implementation.create({
      type: "attack",
      system: { ...record, attacks },
    } as never)) as Message;
    const html = await message.renderHTML();
    expect(html.textContent).toContain("Ostrog");
    expect(html.querySelector(".card-total .total")?.textContent).toBe("6");
  });

  it("an initiative card without its DEX tests draws its order", async () => {
    const message = (await ChatMessage.implementation.create({
      type: "initiative",
      system: { mode: "dexterity-test", places: [{ place: 1, names: "Roland" }] },
    } as never)) as Message;
    const html = await message.renderHTML();
    expect(html.textContent).toContain("Roland");
    expect(html.querySelector(".initiative-tests")).toBeNull();
  });

  it("an initiative card whose DEX tests kept no dice draws each test as its line", async () => {
    const test = {
      name: "Roland",
      total: 3,
      difficulty: 6,
      modifiers: [{ label: "Exhaustion 3", value: -3 }],
      edges: [],
    };
    const message = (await ChatMessage.implementation.create({
      type: "initiative",
      system: { mode: "dexterity-test", places: [{ place: 1, names: "Roland" }], tests: [test] },
    } as never)) as Message;
    const html = await message.renderHTML();
    expect(html.querySelector(".initiative-line")?.textContent).toBe("Roland: 3 vs 6 (Exhaustion 3 −3)");
    expect(html.querySelector(".initiative-test")).toBeNull();
  });
});
