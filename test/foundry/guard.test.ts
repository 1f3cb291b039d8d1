import { beforeEach, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { clearCanvas, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { attackWith } from "../support/attacks";
import { bootBrink } from "./boot";

await bootBrink();
const { requestCardAction } = await import("../../src/workflows/damage");

/** RULES §3/§9 Guard: +1 to every defence; the damage on the card is the damage applied. */

const endurance = (actor: BrinkActor) =>
  (actor.system as unknown as { endurance: { value: number } }).endurance.value;
const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
const cardDamage = (card: ChatMessage.Implementation) =>
  (card.system as unknown as { record: { attacks: { result: { targets: { damage: number }[] } }[] } }).record
    .attacks[0]?.result.targets[0]?.damage;

async function guard() {
  const actor = (await Actor.implementation.create({
    name: "Roland",
    type: "character",
    system: {
      evasion: 0,
      endurance: { value: 20, max: 20 },
      health: { value: 12, max: 12 },
      conditions: ["guarding"],
    },
  })) as BrinkActor;
  return { actor, token: placeToken(actor, 5, 5) };
}

async function foe(damageType: string) {
  return (await Actor.implementation.create({
    name: "Foe",
    type: "npc",
    system: { attributes: { str: { die: 6 } } },
    items: [{ name: "Blade", type: "weapon", system: { attributes: ["str"], damage: 4, damageType } }],
  } as never)) as BrinkActor;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("a guarding target", () => {
  for (const type of ["slashing", "fire"]) {
    it(`takes the damage the card shows (${type}): Guard's +1 deflection is applied too`, async () => {
      const { actor, token } = await guard();
      expect(actor.statuses.has("guarding")).toBe(true);
      await attackWith(await foe(type), token, 5); // 5 + 4 = 9 raw, deflection 0 + Guard 1
      const card = lastCard();
      expect(cardDamage(card)).toBe(8);
      await requestCardAction("apply", onCard(card, token));
      expect(endurance(actor)).toBe(20 - 8);
    });
  }

  it("dodges with +1, and the card names Guard as its source", async () => {
    const { token } = await guard();
    await attackWith(await foe("slashing"), token, 5);
    const card = lastCard();
    await requestCardAction("react", { ...onCard(card, token), kind: "dodge" });
    expect(lastCard().content).toContain("(Guard +1)");
  });

  it("fortifies with +1, and the card names Guard as its source", async () => {
    const { actor, token } = await guard();
    await actor.update({ system: { endurance: { value: 0 } } } as never);
    await attackWith(await foe("slashing"), token, 5); // 8 after Guard: health 12 → 4, missing 8 > CON
    const card = lastCard();
    await requestCardAction("apply", onCard(card, token));
    await requestCardAction("choose", { ...onCard(card, token), choice: "fortify" });
    expect(lastCard().content).toMatch(/Fortify \d+ vs 8: [^<]*\(Guard \+1\)/);
  });
});
