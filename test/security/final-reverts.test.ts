/**
 * The hostile player against the GM's revert of a blow (issue 23): once the GM has reverted an
 * entry, the attacker's player cannot apply it again from their console, not even after the target
 * reacts anew; only the GM can. Each call is the request a player's client can send.
 */
import { describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { notifications, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { placeToken } from "../fake-foundry/ui";
import { onCard } from "../support/cards";
import { character, cleanWorldEachTest } from "../support/characters";
import { attackWith, mindBladeFoe } from "../support/attacks";
import { bootCombat, player } from "../foundry/combat-fixtures";

await bootCombat();
const { requestFromGM } = await import("../../src/requests");

const mallory = player("mallory");
const victor = player("victor");
cleanWorldEachTest();

const health = (actor: Actor.Implementation) =>
  (actor.system as unknown as { health: { value: number } }).health.value;
const lastCard = () => game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
/** The card's first damage entry, as the GM's client recorded it. */
const firstEntry = (card: ChatMessage.Implementation) =>
  Object.values((card.system as unknown as { applied: Record<string, { status: string }> }).applied)[0];

/** Mallory's foe strikes Victor's character for 7 (face 3 + blade 4, past 0 endurance); the GM applies then reverts it. */
async function revertedBlow() {
  const target = await character("Rook", "victor", { endurance: { value: 0 }, health: { value: 9 } });
  const token = placeToken(target, 5, 5);
  const foe = await mindBladeFoe({ owner: "mallory" });
  await asUser(mallory, () => attackWith(foe, token, 3));
  const card = lastCard();
  const request = onCard(card, token);
  expect(await asUser(mallory, () => requestFromGM("damage.apply", request))).toEqual({ ok: true });
  expect(health(target)).toBe(2);
  expect(await requestFromGM("damage.revert", request)).toEqual({ ok: true });
  expect(health(target)).toBe(9);
  return { target, token, card, request };
}

describe("a blow the GM reverted", () => {
  it("is not applied again by the attacker's player", async () => {
    const { target, request } = await revertedBlow();
    const writes = writeLog.length;
    const result = await asUser(mallory, () => requestFromGM("damage.apply", request));
    expect(result).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.revertedByGM" });
    expect(game.i18n.localize("BRINK.Damage.Refusal.revertedByGM")).toContain("GM");
    expect(health(target)).toBe(9);
    expect(writeLog.length).toBe(writes);
  });

  it("is not applied again by the attacker's player after the target reacts anew", async () => {
    const { target, card, request } = await revertedBlow();
    await target.update({ system: { stamina: { value: 3 } } } as never);
    queueDice(1, 1);
    const dodged = await asUser(victor, () => requestFromGM("damage.react", { ...request, kind: "dodge" }));
    expect(dodged.ok).toBe(true);
    expect(firstEntry(card)?.status).toBe("reacted");
    const before = health(target);
    const result = await asUser(mallory, () => requestFromGM("damage.apply", request));
    expect(result).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.revertedByGM" });
    expect(health(target)).toBe(before);
  });

  it("shows its Apply button to the GM only", async () => {
    const { card } = await revertedBlow();
    const apply = async () => (await card.renderHTML()).querySelector('[data-action="apply-damage"]');
    expect(await apply()).not.toBeNull();
    expect(await asUser(mallory, apply)).toBeNull();
  });

  it("is applied again by the GM", async () => {
    const { target, request } = await revertedBlow();
    expect(await requestFromGM("damage.apply", request)).toEqual({ ok: true });
    expect(health(target)).toBe(2);
  });
});

describe("a blocked blow whose shield was deleted since", () => {
  it("is reverted all the same: everything else comes back, and the card and the GM are told about the shield", async () => {
    const boudica = await character("Boudica", "victor", {
      endurance: { value: 12, max: 12 },
      stamina: { value: 3, max: 3 },
    });
    await boudica.createEmbeddedDocuments("Item", [
      { name: "Round shield", type: "shield", system: { block: 3, equipped: true } },
    ] as never);
    const token = placeToken(boudica, 5, 5);
    await attackWith(await mindBladeFoe(), token, 3); // 7 raw: block 3, the shield takes 4
    const card = lastCard();
    const request = onCard(card, token);
    expect(await asUser(victor, () => requestFromGM("damage.react", { ...request, kind: "block" }))).toEqual({
      ok: true,
    });
    const stamina = () => (boudica.system as unknown as { stamina: { value: number } }).stamina.value;
    expect(stamina()).toBe(2);
    // Victor owns Boudica: his console may delete the shield from her sheet.
    const shield = boudica.items.getName("Round shield");
    await asUser(victor, async () => shield?.delete());
    notifications.log.length = 0;
    expect(await requestFromGM("damage.revert", request)).toEqual({ ok: true });
    expect(stamina()).toBe(3);
    expect(firstEntry(card)?.status).toBe("reverted");
    const said = game.i18n.format("BRINK.Damage.Revert.itemGone", { item: "Round shield", name: "Boudica" });
    expect(said).toContain("Round shield");
    expect(notifications.log.map((n) => n.message)).toContain(said);
    expect((await card.renderHTML()).textContent).toContain(said);
  });
});
