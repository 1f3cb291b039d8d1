import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, session, users, writeLog } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken, shownDialogs, type PlacedToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";
import { attackWith, mindBladeFoe } from "../support/attacks";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

const attackerPlayer = users.add(makeUser({ id: "attacker", name: "Attacker's player", isGM: false }));
const boudicaPlayer = users.add(makeUser({ id: "boudica", name: "Boudica's player", isGM: false }));
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;

interface Life {
  endurance: { value: number };
  health: { value: number };
  stamina: { value: number };
  luck: { deathDifficulty: number };
  conditions: Set<string>;
  harmed: boolean;
  bloodied: boolean;
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;
const shownDialogsText = () => shownDialogs.at(-1)?.content ?? "";
const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };

async function boudica(): Promise<{ actor: BrinkActor; token: PlacedToken }> {
  const actor = (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, boudica: OWNER },
    system: {
      attributes: { str: { die: 6 }, con: { die: 4 } },
      skills: { athletics: { die: 4 } },
      fortitude: 1,
      evasion: 1,
      endurance: { value: 12, max: 12 },
      health: { value: 12, max: 12 },
    },
    items: [{ name: "Round shield", type: "shield", system: { block: 3, equipped: true } }],
  })) as BrinkActor;
  return { actor, token: placeToken(actor, 5, 5) };
}

/** An attacker whose psychic (never deflected) blows deal exactly what the d6 shows + `damage`. */
const attacker = (damage: number) => mindBladeFoe({ damage, owner: "attacker" });

async function attack(foe: BrinkActor, token: PlacedToken, face: number, luck = 10) {
  await attackWith(foe, token, face, luck);
  return lastCard();
}

const apply = (card: ChatMessage.Implementation, token: PlacedToken) =>
  requestCardAction("apply", onCard(card, token));

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("applying damage from an attack card", () => {
  it("runs S4's Boudica sequence to her death, step by step", async () => {
    const { actor, token } = await boudica();
    const foe = await attacker(4);

    await apply(await attack(foe, token, 3), token); // 7 damage
    expect(life(actor)).toMatchObject({
      endurance: { value: 5 },
      health: { value: 12 },
      harmed: true,
      bloodied: false,
    });

    const second = await attack(foe, token, 6, 10); // 10 damage (6 + 4)
    await apply(second, token);
    expect(life(actor)).toMatchObject({ endurance: { value: 0 }, health: { value: 7 } });
    expect(second.content).toContain("Missing health 5 is more than CON 4");
    queueDice(4, 2, 10); // STR d6 4 + Athletics d4 2 + fortitude 1 = 7 vs 5
    await asUser(boudicaPlayer, () =>
      requestCardAction("choose", { ...onCard(second, token), choice: "fortify" }),
    );
    expect(life(actor)).toMatchObject({ health: { value: 7 }, stamina: { value: 2 }, bloodied: true });
    expect(life(actor).conditions.has("unconscious")).toBe(false);
    expect(lastCard().content).toContain("Fortify 7 vs 5: stays conscious");

    const third = await attack(foe, token, 4, 10); // 8 damage
    queueDice(1); // the death luck test
    await apply(third, token);
    expect(life(actor).health.value).toBe(0);
    expect([...life(actor).conditions].sort()).toEqual(["dead", "unconscious"]);
    expect(actor.statuses.has("dead")).toBe(true);
    expect(third.content).toContain("Death luck test 1 vs 10: failed.");
    // The row's headline says it before the steps do, beside the death luck test's die (a 1, failed).
    expect(third.content).toMatch(
      /<div class="life-headline"><div class="card-luck unlucky">\s*<span class="card-die d20 luck-die[^"]*"[^>]*>1<\/span>[\s\S]*?<p>Boudica is dead\.<\/p><\/div>/,
    );
  });

  it("cheats death on a good luck test and raises the difficulty by 5 for good", async () => {
    const { actor, token } = await boudica();
    await actor.update({ system: { endurance: { value: 0 }, health: { value: 3 } } });
    const card = await attack(await attacker(4), token, 4);
    queueDice(15);
    await apply(card, token);
    expect(life(actor).luck.deathDifficulty).toBe(15);
    expect(life(actor).conditions.has("dead")).toBe(false);
    expect(life(actor).conditions.has("unconscious")).toBe(true);
    expect(card.content).toMatch(
      /<div class="life-headline"><div class="card-luck lucky">\s*<span class="card-die d20 luck-die[^"]*"[^>]*>15<\/span>[\s\S]*?<p>Boudica cheated death, and is down\.<\/p><\/div>/,
    );
  });

  it("applies a card once: the second click changes nothing", async () => {
    const { actor, token } = await boudica();
    const card = await attack(await attacker(4), token, 3);
    await apply(card, token);
    const writes = writeLog.length;
    const second = await apply(card, token);
    expect(second).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.alreadyApplied" });
    expect(writeLog.length).toBe(writes);
    expect(life(actor).endurance.value).toBe(5);
  });

  it("marks the card, writes the actor, settles the card; the GM's revert restores the exact prior state", async () => {
    const { actor, token } = await boudica();
    await actor.update({ system: { endurance: { value: 0 }, health: { value: 3 } } });
    const before = structuredClone(actor.toObject().system);
    const card = await attack(await attacker(4), token, 4);
    queueDice(15);
    const writes = writeLog.length;
    await apply(card, token);
    expect(writeLog.slice(writes).map((w) => w.documentName)).toEqual([
      "ChatMessage",
      "Actor",
      "ChatMessage",
    ]);
    await requestCardAction("revert", onCard(card, token));
    expect(actor.toObject().system).toEqual(before);
    expect(lastCard().content).toContain("Reverted by the GM.");
    const again = await requestCardAction("revert", onCard(card, token));
    expect(again.ok).toBe(false);
  });

  it("lets only the attacker's player or the GM apply, and only the GM revert", async () => {
    const { actor, token } = await boudica();
    const foe = await attacker(4);
    const card = await asUser(attackerPlayer, () => attack(foe, token, 3));
    const writes = writeLog.length;
    const stranger = await asUser(boudicaPlayer, () => apply(card, token));
    expect(stranger).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.notYourCard" });
    expect(writeLog.length).toBe(writes);
    expect(notifications.log.at(-1)?.message).toBe(
      "Only the attacker's player or the GM can apply this damage.",
    );
    expect((await asUser(attackerPlayer, () => apply(card, token))).ok).toBe(true);
    const revert = await asUser(attackerPlayer, () => requestCardAction("revert", onCard(card, token)));
    expect(revert.ok).toBe(false);
    expect(life(actor).endurance.value).toBe(5);
  });

  it("refuses a target that is not on the card and a target whose actor is gone", async () => {
    const { token } = await boudica();
    const card = await attack(await attacker(4), token, 3);
    const wrong = await requestCardAction("apply", {
      messageId: card.id ?? "",
      attack: 0,
      target: "Scene.x.Token.nobody",
    });
    expect(wrong).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.noTarget" });
    clearCanvas();
    expect(await apply(card, token)).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.targetGone" });
  });
});

describe("a killing strike", () => {
  async function knockedOut() {
    const { actor, token } = await boudica();
    await actor.update({
      system: { endurance: { value: 0 }, health: { value: 0 }, conditions: ["unconscious"] },
    });
    return { actor, token };
  }

  it("is offered against one unconscious target, and a success kills when applied", async () => {
    const { actor, token } = await knockedOut();
    const foe = await attacker(4);
    session.user.targets.clear();
    session.user.targets.add(token);
    // Two pools of one d6 (advantage) and the luck die: 5 vs CON 4.
    queueDice(2, 5, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0", killingStrike: "on" });
    await promptAttack(foe, foe.items.contents[0] as Item.Implementation);
    const card = lastCard();
    expect(shownDialogsText()).toContain("Killing strike");
    expect(card.content).toContain("Killing strike 5 vs CON 4: it lands.");
    await apply(card, token);
    expect(life(actor).conditions.has("dead")).toBe(true);
  });

  it("becomes a sneak attack when it fails", async () => {
    const { token } = await knockedOut();
    const foe = await attacker(4);
    session.user.targets.clear();
    session.user.targets.add(token);
    queueDice(1, 2, 10, 3, 4, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0", killingStrike: "on" });
    await promptAttack(foe, foe.items.contents[0] as Item.Implementation);
    expect(lastCard().content).toContain("it fails, and becomes a sneak attack");
  });
});

describe("reactions from the card", () => {
  it("blocks with a shield: its block value replaces deflection and its durability takes the rest", async () => {
    const { actor, token } = await boudica();
    const card = await attack(await attacker(4), token, 3); // 7 raw
    const result = await asUser(boudicaPlayer, () =>
      requestCardAction("react", { ...onCard(card, token), kind: "block" }),
    );
    expect(result.ok).toBe(true);
    // 7 − block 3 = 4 to the shield's 4 durability: all absorbed, nothing reaches Boudica.
    const shield = actor.items.contents[0]?.system as unknown as {
      condition: { value: number; broken: boolean };
    };
    expect(shield.condition).toMatchObject({ value: 0, broken: true });
    expect(life(actor)).toMatchObject({ endurance: { value: 12 }, stamina: { value: 2 } });
    // The line adds up: 7 = 3 stopped + 4 taken; 4 = 4 absorbed + 0 through.
    expect(lastCard().content).toContain(
      "Blocks 7: block value 3 stops 3, the item takes 4; it absorbs 4 (durability now 0) and 0 gets through.",
    );
    expect((await apply(card, token)).ok).toBe(false);
  });

  it("dodges with DEX + Athletics against the attack total", async () => {
    const { actor, token } = await boudica();
    const card = await attack(await attacker(4), token, 3); // total 3
    queueDice(2, 2, 10);
    await asUser(boudicaPlayer, () => requestCardAction("react", { ...onCard(card, token), kind: "dodge" }));
    expect(life(actor).endurance.value).toBe(12);
    expect(lastCard().content).toContain("Dodges: 4 vs 3.");
  });

  it("refuses a reaction from someone who does not own the target, and after damage is applied", async () => {
    const { token } = await boudica();
    const foe = await attacker(4);
    const card = await asUser(attackerPlayer, () => attack(foe, token, 3));
    const notOwner = await asUser(attackerPlayer, () =>
      requestCardAction("react", { ...onCard(card, token), kind: "dodge" }),
    );
    expect(notOwner).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.notYourCharacter" });
    await apply(card, token);
    const late = await asUser(boudicaPlayer, () =>
      requestCardAction("react", { ...onCard(card, token), kind: "dodge" }),
    );
    expect(late).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.tooLate" });
  });
});
