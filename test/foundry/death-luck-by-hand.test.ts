/**
 * The death luck test by hand (issue 25, RULES §4): a blow the damage chain did not apply (a fall,
 * damage typed into the sheet) can still risk the death of a character at zero health. The GM's
 * sheet offers the test in its life section; the card shows the die and the outcome, and the GM can
 * revert it like any life card.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, settings, users, writeLog } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import type { BrinkActor } from "../../src/documents/actor";
import { clickAction, openSheet } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { lifeAction, revertLifeCard } = await import("../../src/workflows/life");
const { CharacterSheet } = await import("../../src/applications");

const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const NONE = CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
const player = users.add(makeUser({ id: "rolands-player", name: "Roland's player", isGM: false }));

interface Life {
  health: { value: number };
  luck: { bonus: number; deathDifficulty: number };
  conditions: Set<string>;
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;

async function fallen(health = 0) {
  return (await Actor.implementation.create({
    name: "Roland",
    type: "character",
    ownership: { default: NONE, [player.id ?? ""]: OWNER },
    system: {
      health: { value: health, max: 10 },
      luck: { bonus: 1, deathDifficulty: 10 },
      conditions: health === 0 ? ["unconscious"] : [],
    },
  })) as BrinkActor;
}

const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
const button = '[data-action="deathLuck"]';

beforeEach(() => {
  resetWorld();
  clearDice();
});
afterEach(() => settings.reset());

describe("the death luck test by hand", () => {
  it("is offered in the life section of the GM's sheet; a success cheats death and raises the difficulty by 5", async () => {
    const actor = await fallen();
    const sheet = await openSheet(CharacterSheet, actor);
    expect(sheet.element.querySelector(`.life-buttons ${button}`)?.textContent?.trim()).toBe(
      "Death luck test",
    );

    queueDice(12);
    await clickAction(sheet, button);

    expect(life(actor).luck.deathDifficulty).toBe(15);
    expect(life(actor).conditions.has("dead")).toBe(false);
    const card = lastCard();
    expect(card.content).toContain("Roland risks death");
    expect(card.content).toContain("Death luck test 13 vs 10: death cheated!");
  });

  it("kills on a failure, and the GM's revert brings the character back as they were", async () => {
    const actor = await fallen();
    queueDice(3);
    expect((await lifeAction(actor, { kind: "death-luck" })).ok).toBe(true);
    expect(life(actor).conditions.has("dead")).toBe(true);
    expect(lastCard().content).toContain("Death luck test 4 vs 10: failed.");

    expect((await revertLifeCard(lastCard().id ?? "")).ok).toBe(true);
    expect(life(actor).conditions.has("dead")).toBe(false);
    expect(life(actor).luck.deathDifficulty).toBe(10);
  });

  it("is not offered to a player, whose request is refused without a write", async () => {
    const actor = await fallen();
    const sheet = await asUser(player, () => openSheet(CharacterSheet, actor));
    expect(sheet.element.querySelector(button)).toBeNull();

    const before = writeLog.length;
    const result = await asUser(player, () => lifeAction(actor, { kind: "death-luck" }));
    expect(result.ok).toBe(false);
    expect(writeLog.slice(before)).toEqual([]);
  });

  it("is not offered above zero health, nor to the dead, and is refused there with a reason", async () => {
    const standing = await fallen(4);
    expect((await openSheet(CharacterSheet, standing)).element.querySelector(button)).toBeNull();
    expect(await lifeAction(standing, { kind: "death-luck" })).toMatchObject({
      ok: false,
      reason: "BRINK.Life.Refusal.not-at-zero-health",
    });

    const dead = await fallen();
    await dead.update({ system: { conditions: ["unconscious", "dead"] } } as never);
    expect((await openSheet(CharacterSheet, dead)).element.querySelector(button)).toBeNull();
    const before = writeLog.length;
    expect(await lifeAction(dead, { kind: "death-luck" })).toMatchObject({
      ok: false,
      reason: "BRINK.Life.Refusal.already-dead",
    });
    expect(writeLog.slice(before)).toEqual([]);
  });

  it("belongs to the luck death rule: under the dying rule it is neither offered nor taken", async () => {
    await settings.set("brink", "deathRule", "dying");
    const actor = await fallen();
    expect((await openSheet(CharacterSheet, actor)).element.querySelector(button)).toBeNull();
    expect(await lifeAction(actor, { kind: "death-luck" })).toMatchObject({
      ok: false,
      reason: "BRINK.Life.Refusal.not-luck-rule",
    });
  });
});
