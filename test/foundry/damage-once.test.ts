/**
 * Issue 10: a blow lands once and only once (the card entry is marked before the actor is written,
 * so a failed half-write or a retry never applies it twice), and the GM's revert gives back what a
 * blow or a heal took on top of what happened since, or refuses, naming what changed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { clearCanvas, placeToken, type PlacedToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";
import { attackWith, mindBladeFoe } from "../support/attacks";

await bootBrink();
const { requestCardAction } = await import("../../src/workflows/damage");
const { lifeAction, revertLifeCard } = await import("../../src/workflows/life");

interface Life {
  endurance: { value: number };
  health: { value: number };
  conditions: Set<string>;
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;
const lastCard = () => game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
const entryOf = (card: ChatMessage.Implementation) =>
  Object.values((card.system as unknown as { applied: Record<string, { status: string }> }).applied)[0];

async function boudica(
  endurance = 12,
  items: object[] = [],
): Promise<{ actor: BrinkActor; token: PlacedToken }> {
  const actor = (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    system: {
      attributes: { str: { die: 6 }, con: { die: 4 } },
      skills: { athletics: { die: 4 } },
      evasion: 1,
      endurance: { value: endurance, max: 12 },
      health: { value: 12, max: 12 },
    },
    items,
  })) as BrinkActor;
  return { actor, token: placeToken(actor, 5, 5) };
}

/** A psychic (never deflected) blow of the d6 face + 4. */
async function blow(token: PlacedToken, face: number) {
  await attackWith(await mindBladeFoe(), token, face);
  return lastCard();
}

const apply = (card: ChatMessage.Implementation, token: PlacedToken) =>
  requestCardAction("apply", onCard(card, token));
const revert = (card: ChatMessage.Implementation, token: PlacedToken) =>
  requestCardAction("revert", onCard(card, token));

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("a blow whose actor write fails", () => {
  it("is not applied again on a retry; the GM is told, reverts it (nothing landed) and applies it once", async () => {
    const { actor, token } = await boudica();
    const card = await blow(token, 3); // 7 damage
    Hooks.once("preUpdateActor", () => false);
    const first = await apply(card, token);
    expect(first).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.interrupted" });
    expect(notifications.log.at(-1)?.message).toContain("Applying this to Boudica was interrupted");
    expect(life(actor).endurance.value).toBe(12);
    expect(entryOf(card)?.status).toBe("applying");

    const writes = writeLog.length;
    const retry = await apply(card, token);
    expect(retry).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.interrupted" });
    expect(writeLog.length).toBe(writes);
    expect(life(actor).endurance.value).toBe(12);

    expect((await revert(card, token)).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(12);
    expect((await apply(card, token)).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(5);
  });

  it("when the actor write landed but the card was not settled, the retry is refused and the revert gives it back", async () => {
    const { actor, token } = await boudica();
    const card = await blow(token, 3);
    let cardWrites = 0;
    const id = Hooks.on("preUpdateChatMessage", () => (++cardWrites === 2 ? false : undefined));
    await apply(card, token);
    Hooks.off("preUpdateChatMessage", id);
    expect(life(actor).endurance.value).toBe(5);
    expect(entryOf(card)?.status).toBe("applying");
    expect((await apply(card, token)).ok).toBe(false);
    expect(life(actor).endurance.value).toBe(5);
    expect((await revert(card, token)).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(12);
  });
});

describe("a block whose actor write fails", () => {
  it("spends nothing, wears nothing, refuses the retry, and reverts to nothing", async () => {
    const shield = { name: "Round shield", type: "shield", system: { block: 3, equipped: true } };
    const { actor, token } = await boudica(12, [shield]);
    const card = await blow(token, 3);
    const condition = () =>
      (actor.items.contents[0]?.system as unknown as { condition: { value: number } }).condition;
    const worn = condition().value;
    Hooks.once("preUpdateActor", () => false);
    const react = () => requestCardAction("react", { ...onCard(card, token), kind: "block" });
    expect(await react()).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.interrupted" });
    const writes = writeLog.length;
    expect(await react()).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.interrupted" });
    expect(writeLog.length).toBe(writes);
    expect((await revert(card, token)).ok).toBe(true);
    expect(condition().value).toBe(worn);
    expect(actor.system as unknown as { stamina: { value: number } }).toMatchObject({
      stamina: { value: 3 },
    });
  });
});

describe("the GM's revert of a blow", () => {
  it("gives back only what that blow took: a later blow stays", async () => {
    const { actor, token } = await boudica();
    const a = await blow(token, 1); // 5 damage
    await apply(a, token);
    const b = await blow(token, 2); // 6 damage
    await apply(b, token);
    expect(life(actor).endurance.value).toBe(1);
    expect((await revert(a, token)).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(6);
  });

  it("keeps a heal given since", async () => {
    const { actor, token } = await boudica(8);
    const card = await blow(token, 1); // 5 damage: 8 → 3
    await apply(card, token);
    await lifeAction(actor, { kind: "heal", amount: 2, pool: "endurance", healing: "free" });
    expect(life(actor).endurance.value).toBe(5);
    expect((await revert(card, token)).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(10);
  });

  it("refuses, saying so and writing nothing, when the character has died since", async () => {
    const { actor, token } = await boudica();
    const card = await blow(token, 1);
    await apply(card, token);
    await actor.update({ system: { conditions: ["dead"] } });
    const writes = writeLog.length;
    const result = await revert(card, token);
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.diedSince" });
    expect(notifications.log.at(-1)?.message).toBe(
      "Cannot revert: Boudica has died since this was applied. Revert what killed them first, or correct the sheet by hand.",
    );
    expect(writeLog.length).toBe(writes);
    expect(life(actor).endurance.value).toBe(7);
  });
});

describe("a life card", () => {
  it("is recorded before the actor write: a vetoed heal leaves an interrupted card the GM reverts without change", async () => {
    const { actor } = await boudica(4);
    Hooks.once("preUpdateActor", () => false);
    const result = await lifeAction(actor, { kind: "heal", amount: 3, pool: "endurance", healing: "free" });
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.interrupted" });
    const card = lastCard();
    expect(card.system).toMatchObject({ applying: true });
    expect(life(actor).endurance.value).toBe(4);
    expect((await revertLifeCard(card.id ?? "")).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(4);
  });

  it("reverts a heal by what it gave: a later blow stays", async () => {
    const { actor, token } = await boudica(4);
    await lifeAction(actor, { kind: "heal", amount: 3, pool: "endurance", healing: "free" });
    const heal = lastCard();
    await apply(await blow(token, 1), token); // 7 → 2
    expect((await revertLifeCard(heal.id ?? "")).ok).toBe(true);
    expect(life(actor).endurance.value).toBe(0);
  });
});
