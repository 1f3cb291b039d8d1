/**
 * Reuniting the party keeps a record on its card of what it changed, and the GM (only) can revert
 * it once: the conditions come back and the deleted setback items are recreated from their sources.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { resetFakePacks } from "../fake-foundry/packs";
import { requestFromGM } from "../../src/requests";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "./combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { requestRetreat, requestReunite } = await import("../../src/workflows/retreat");

const owner = player("odette-player");
const lastCard = () => game.messages.contents.at(-1) as ChatMessage.Implementation & { content: string };
/** The card as the chat log draws it for a user (the GM unless another is named). */
const seen = async (card: ChatMessage.Implementation, user?: Parameters<typeof asUser>[0]) => {
  const draw = () => (card as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
  return (user ? await asUser(user, draw) : await draw()).innerHTML;
};
const conditions = (actor: Actor.Implementation) =>
  [...(actor.system as unknown as { conditions: Set<string> }).conditions].sort();
const items = (actor: Actor.Implementation) =>
  actor.items.map((item) => ({
    id: item.id,
    name: item.name,
    type: item.type,
    system: item.toObject().system,
  }));

/** Odette retreats alone and comes out separated (retreat 6, setback 6). */
async function separatedOdette(): Promise<Actor.Implementation> {
  const fight = await setUpFight([
    { name: "Odette", disposition: DISPOSITIONS.friendly, owner, type: "character" },
    { name: "Goblin", disposition: DISPOSITIONS.hostile },
  ]);
  queueDice(6, 6);
  await requestRetreat(fight.combat.id ?? "", [fight.actor("Odette").uuid]);
  return fight.actor("Odette");
}

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
});

describe("reverting a reunion", () => {
  it("restores the separated condition and recreates the deleted setback items", async () => {
    const odette = await separatedOdette();
    const before = { conditions: conditions(odette), items: structuredClone(items(odette)) };
    expect(before.conditions).toContain("separated");
    expect(before.items.map((item) => item.name)).toEqual(["Separated"]);

    expect(await requestReunite()).toEqual({ ok: true });
    expect(conditions(odette)).not.toContain("separated");
    expect(items(odette)).toEqual([]);
    const card = lastCard();
    expect(await seen(card)).toContain('data-action="revert-reunite"');
    expect(await seen(card, owner)).not.toContain('data-action="revert-reunite"');

    const start = writeLog.length;
    expect(await requestFromGM("retreat.reuniteRevert", { messageId: card.id })).toEqual({ ok: true });
    expect(conditions(odette)).toEqual(before.conditions);
    expect(items(odette)).toEqual(before.items);
    expect(writeLog.slice(start).map((w) => `${w.action} ${w.documentName} ×${w.count}`)).toEqual([
      "update Actor ×1",
      "create Item ×1",
      "update ChatMessage ×1",
    ]);
    expect(lastCard().content).toContain("Reverted by the GM.");
    expect(await seen(lastCard())).not.toContain('data-action="revert-reunite"');
  });

  it("refuses a player, a second revert and a malformed id, writing nothing", async () => {
    const odette = await separatedOdette();
    await requestReunite();
    const card = lastCard();
    const start = writeLog.length;
    expect(await asUser(owner, () => requestFromGM("retreat.reuniteRevert", { messageId: card.id }))).toEqual(
      {
        ok: false,
        reason: "BRINK.Request.gmOnly",
      },
    );
    for (const messageId of ["__proto__", 7, ["x"], "nope"])
      expect(await requestFromGM("retreat.reuniteRevert", { messageId })).toMatchObject({ ok: false });
    expect(writeLog.length).toBe(start);
    expect(conditions(odette)).not.toContain("separated");

    expect(await requestFromGM("retreat.reuniteRevert", { messageId: card.id })).toEqual({ ok: true });
    const after = writeLog.length;
    expect(await requestFromGM("retreat.reuniteRevert", { messageId: card.id })).toEqual({
      ok: false,
      reason: "BRINK.Retreat.Refusal.reuniteReverted",
    });
    expect(writeLog.length).toBe(after);
    expect(items(odette).map((item) => item.name)).toEqual(["Separated"]);
  });
});
