/**
 * Issue 12, RULES §7.3 (S3): under direct damage a character with no weapon (or who wants to punch)
 * attacks unarmed from the sheet's combat section: bare hands roll a d4, with no attack test. The
 * core attack rule (RULES §4) has no unarmed attack, so the sheet offers none there.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, clearDialogAnswers, placeToken, shownDialogs } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { clickAction, openSheet } from "../support/sheets";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet } = await import("../../src/applications/sheets");
const { requestCardAction } = await import("../../src/workflows/damage");
const { promptUnarmed } = await import("../../src/applications/rolls/flows");

const mara = player("mara-player");
const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;

const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
    content: string;
    system: unknown;
  };
const endurance = (actor: BrinkActor) =>
  (actor.system as unknown as { endurance: { value: number } }).endurance.value;

async function fighter(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Mara",
    type: "character",
    ownership: { default: NONE, [mara.id]: OWNER },
  } as never)) as BrinkActor;
}

async function foe() {
  const actor = (await Actor.implementation.create({
    name: "Ostrog",
    type: "npc",
    system: { deflection: { physical: 1, elemental: 0 }, endurance: { value: 6, max: 6 } },
  } as never)) as BrinkActor;
  return { actor, token: placeToken(actor, 3, 3) };
}

beforeEach(async () => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  shownDialogs.length = 0;
  notifications.log.length = 0;
});

describe("the sheet's unarmed attack", () => {
  it("under direct damage rolls a d4 for a character with no weapon, and the blow lands through deflection", async () => {
    await settings.set("brink", "damageRule", "direct");
    const attacker = await fighter();
    placeToken(attacker, 1, 1);
    const { actor, token } = await foe();
    const sheet = await asUser(mara, () => openSheet(CharacterSheet, attacker));
    const button = sheet.element.querySelector('[data-action="rollUnarmed"]');
    expect(button?.getAttribute("aria-label")).toBe("Attack unarmed");
    expect(sheet.element.querySelector(".unarmed-row")?.textContent).toContain("d4");
    queueDice(4);
    answerDialog({ position: "normal", offhandId: "" });
    await asUser(mara, async () => {
      game.user.targets.clear();
      game.user.targets.add(token as never);
      await clickAction(sheet, '[data-action="rollUnarmed"]');
    });
    expect(notifications.log.map((n) => n.message)).toEqual([]);
    expect(plannedDiceLeft()).toBe(0);
    expect(shownDialogs.at(-1)?.content).toContain("Mara: bare hands (d4)");
    const card = lastCard();
    const direct = (card.system as { attacks: { direct?: { dice: { size: number; face: number }[] } }[] })
      .attacks[0]?.direct;
    expect(direct?.dice).toEqual([expect.objectContaining({ size: 4, face: 4 })]);
    expect(card.content).toContain("4 on the die − 1 deflection</span> = <strong>3</strong>");
    await asUser(mara, () => requestCardAction("apply", onCard(card, token)));
    expect(endurance(actor)).toBe(3);
  });

  it("is not offered under the core attack rule, and is refused there with a message", async () => {
    const attacker = await fighter();
    const sheet = await asUser(mara, () => openSheet(CharacterSheet, attacker));
    expect(sheet.element.querySelector('[data-action="rollUnarmed"]')).toBeNull();
    const messages = game.messages.contents.length;
    await asUser(mara, () => promptUnarmed(attacker));
    expect(notifications.log.at(-1)?.message).toBe(
      "Unarmed attacks are a direct damage rule: the attack rule has none.",
    );
    expect(game.messages.contents.length).toBe(messages);
  });
});
