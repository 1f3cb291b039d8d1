/**
 * The hostile player against the recovery cards (RULES §5): a retreat summary, a retreat request or
 * a reunion card the player's own client wrote is only a display. Copying a real card's record into
 * a card of one's own gets no button drawn for anyone, and the GM's handlers refuse it with a reason,
 * writing nothing: the GM's client acts only on cards a GM's client wrote.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { asUser } from "../fake-foundry/runtime";
import { shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { requestFromGM } = await import("../../src/requests");
const { requestRetreat, requestReunite, retreatRecordOf } = await import("../../src/workflows/retreat");
const { chooseDrop, confirmRetreatRequest } = await import("../../src/applications/retreat");

const owner = player("odette-player");
type Card = ChatMessage.Implementation & { content: string; renderHTML(): Promise<HTMLElement> };
const lastCard = () => game.messages.contents.at(-1) as unknown as Card;
const NOT_GM_CARD = { ok: false, reason: "BRINK.Damage.Refusal.notGMCard" };

/** The card as the chat log draws it for a user (the GM unless another is named). */
const seen = async (card: Card, user?: typeof owner) =>
  (user ? await asUser(user, () => card.renderHTML()) : await card.renderHTML()).innerHTML;

/** A card the player's own client writes, with whatever record they like. */
const forged = (type: string, system: object): Promise<Card> =>
  asUser(owner, async () => {
    await ChatMessage.implementation.create({ type, system, content: "<p>forged</p>" } as never);
    return lastCard();
  });

const systemOf = (card: Card) => (card.system as unknown as { toObject(): object }).toObject();

async function odetteFight() {
  return setUpFight([
    { name: "Odette", disposition: DISPOSITIONS.friendly, owner, type: "character" },
    { name: "Goblin", disposition: DISPOSITIONS.hostile },
  ]);
}

/** Odette retreats alone and comes out separated (retreat 6, setback 6): the GM's real card. */
async function separatedOdette() {
  const fight = await odetteFight();
  queueDice(6, 6);
  expect(await requestRetreat(fight.combat.id ?? "", [fight.actor("Odette").uuid])).toMatchObject({
    ok: true,
  });
  return { fight, card: lastCard() };
}

/** Expects the GM's handler to refuse the request and write nothing. */
async function refusedWithoutWrites(name: string, payload: Record<string, unknown>) {
  const start = writeLog.length;
  expect(await requestFromGM(name, payload)).toEqual(NOT_GM_CARD);
  expect(writeLog.slice(start)).toEqual([]);
}

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
});

describe("a retreat summary card a player wrote", () => {
  it("draws no button for the GM, and its Revert and drop choices are refused, writing nothing", async () => {
    const { card } = await separatedOdette();
    expect(await seen(card)).toContain('data-action="revert-retreat"');
    const fake = await forged("retreat", systemOf(card));
    expect(retreatRecordOf(fake)?.status).toBe("applied");
    expect(await seen(fake)).not.toContain("data-action");
    expect(await seen(fake)).toContain("Emergency Retreat");

    await refusedWithoutWrites("retreat.revert", { messageId: fake.id });
    const record = retreatRecordOf(fake);
    const withDrop = {
      ...systemOf(fake),
      characters: record?.characters.map((entry) => ({
        ...entry,
        drops: [{ choice: { id: "c1", count: 0, candidateIds: [] }, candidates: [], picked: null }],
      })),
    };
    const fakeDrop = await forged("retreat", withDrop);
    await refusedWithoutWrites("retreat.drop", { messageId: fakeDrop.id, choiceId: "c1", itemIds: [] });
    // The GM's own client offers no choice from it either: no dialog opens.
    const dialogs = shownDialogs.length;
    expect(await chooseDrop(fakeDrop.id ?? "", "c1")).toBeNull();
    expect(shownDialogs.length).toBe(dialogs);
  });

  it("does not stop the GM's retreat from the combat it names", async () => {
    const fight = await odetteFight();
    await forged("retreat", {
      combatId: fight.combat.id,
      resolutionId: "x",
      status: "applied",
      appliedBy: owner.id,
      characters: [],
      fallbacks: [],
    });
    queueDice(6, 6);
    expect(await requestRetreat(fight.combat.id ?? "", [fight.actor("Odette").uuid])).toMatchObject({
      ok: true,
    });
  });
});

describe("a reunion card a player wrote", () => {
  it("draws no Revert for the GM, and its Revert is refused, writing nothing", async () => {
    await separatedOdette();
    expect(await requestReunite()).toEqual({ ok: true });
    const card = lastCard();
    expect(await seen(card)).toContain('data-action="revert-reunite"');
    const fake = await forged("reunite", systemOf(card));
    expect(await seen(fake)).not.toContain("data-action");
    await refusedWithoutWrites("retreat.reuniteRevert", { messageId: fake.id });
  });
});

describe("a retreat request card a player wrote", () => {
  it("draws no Confirm for the GM, and confirming it opens nothing and writes nothing", async () => {
    const fight = await odetteFight();
    const fake = await forged("retreatRequest", {
      combatId: fight.combat.id,
      actorUuids: [fight.actor("Odette").uuid],
      userId: owner.id,
      userName: "odette-player",
      names: ["Odette"],
    });
    expect(await seen(fake)).not.toContain("data-action");
    const start = writeLog.length;
    const dialogs = shownDialogs.length;
    expect(await confirmRetreatRequest(fake)).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe(
      "That card was not written by the GM's client, so it is only a display: nothing on it can be applied or reverted.",
    );
    expect(shownDialogs.length).toBe(dialogs);
    expect(writeLog.slice(start)).toEqual([]);
  });

  it("written by the GM's client, shows its Confirm to the GM only", async () => {
    const fight = await odetteFight();
    await asUser(owner, () =>
      requestFromGM("retreat.request", {
        combatId: fight.combat.id,
        actorUuids: [fight.actor("Odette").uuid],
      }),
    );
    const card = lastCard();
    expect(card.content).toContain("odette-player calls an Emergency Retreat for Odette");
    expect(card.content).not.toContain("data-action");
    expect(await seen(card)).toContain('data-action="confirm-retreat"');
  });
});

describe("a recovery card from Brink 0.1.0", () => {
  it("still shows what it recorded, as a display only: its old buttons are gone", async () => {
    await ChatMessage.implementation.create({
      content:
        '<div class="brink brink-card retreat-card"><p>Odette: separated</p>' +
        '<button type="button" data-recovery-action="revert">Revert</button></div>',
      flags: { brink: { retreat: { combatId: "c", status: "applied", characters: [] } } },
    } as never);
    const card = lastCard();
    expect(retreatRecordOf(card)).toBeNull();
    expect(await seen(card)).toContain("Odette: separated");
    expect(await seen(card)).not.toContain("Revert");
    const start = writeLog.length;
    expect(await requestFromGM("retreat.revert", { messageId: card.id })).toEqual({
      ok: false,
      reason: "BRINK.Retreat.Refusal.noCard",
    });
    expect(writeLog.slice(start)).toEqual([]);
  });
});

describe("an exploration card a player wrote", () => {
  it("cannot make the GM drop another character's items: its drop choice is refused, writing nothing", async () => {
    const victim = await Actor.implementation.create({
      name: "Victor's Vera",
      type: "character",
      items: [{ name: "Lantern", type: "gear" }],
    } as never);
    const lantern = victim?.items.contents[0];
    const entry = {
      actorUuid: victim?.uuid,
      name: "Vera",
      modifier: 0,
      faces: [3],
      natural: 3,
      total: 3,
      success: false,
      shortBy: 1,
      damageFaces: [],
      damage: 0,
      steps: [],
      before: null,
      after: null,
      loads: 1,
      dropped: null,
    };
    const fake = await forged("exploration", {
      kind: "return",
      status: "applied",
      sceneName: "Ruins",
      return: { path: "arduous", travelTurns: 3, difficulty: 12, entries: [entry] },
    });
    await refusedWithoutWrites("exploration.drop", {
      messageId: fake.id,
      actorUuid: victim?.uuid,
      itemIds: [lantern?.id],
    });
    expect((lantern?.system as unknown as { dropped: boolean }).dropped).toBe(false);
  });
});
