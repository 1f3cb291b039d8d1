/**
 * Issue 25: the GM's Apply damage… on a sheet. The blow goes on an attack card and through the same
 * chain as an attack (deflection for its type, then endurance and health), is applied once, and
 * the GM's Revert gives it back. Only the GM may ask; a bad field is refused by name.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearDialogAnswers, shownDialogs } from "../fake-foundry/ui";
import { clickAction, openSheet } from "../support/sheets";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";

await bootBrink();
const { CharacterSheet, NpcSheet } = await import("../../src/applications");
const { requestCardAction } = await import("../../src/workflows/damage");
const { requestFromGM, GM_ONLY } = await import("../../src/requests");

interface Life {
  endurance: { value: number };
  health: { value: number };
}
const life = (actor: Actor.Implementation) => actor.system as unknown as Life;
const lastCard = () => game.messages.contents.at(-1) as ChatMessage.Implementation | undefined;
const cardText = (page: Document) => {
  const holder = page.createElement("div");
  holder.innerHTML = lastCard()?.content ?? "";
  return holder.textContent?.replace(/\s+/g, " ").trim() ?? "";
};
const warnings = () => notifications.log.filter((n) => n.level !== "info").map((n) => n.message);
const rolandsPlayer = player("roland-player");
const OWNER = () => CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;

async function boudica(type: "character" | "npc" = "character") {
  return (await Actor.implementation.create({
    name: "Boudica",
    type,
    ownership: { "roland-player": OWNER() },
    system: {
      deflection: { physical: 2, elemental: 0 },
      endurance: { value: 6, max: 10 },
      health: { value: 10, max: 10 },
    },
  })) as Actor.Implementation;
}

const openAs = async (Sheet: typeof CharacterSheet | typeof NpcSheet, actor: Actor.Implementation) =>
  (await openSheet(Sheet as typeof CharacterSheet, actor as never)) as DocumentSheetSurface<unknown>;

beforeEach(() => {
  resetWorld();
  clearDice();
  clearDialogAnswers();
  shownDialogs.length = 0;
});

describe("Apply damage… on the sheet", () => {
  it("puts the GM's blow on an attack card through deflection, once, and Revert gives it back", async () => {
    const actor = await boudica();
    const sheet = await openAs(CharacterSheet, actor);
    answerDialog({ amount: 9, type: "slashing" });
    await clickAction(sheet, ".life-panel [data-action='applyDamage']");
    expect(shownDialogs.at(-1)?.title).toBe("Apply damage to Boudica");

    // 9 slashing less 2 physical deflection: 7, six from endurance and one from health.
    expect(life(actor).endurance.value).toBe(0);
    expect(life(actor).health.value).toBe(9);
    const card = lastCard();
    expect(card?.type).toBe("attack");
    expect(cardText(sheet.element.ownerDocument)).toContain("Damage by hand");
    expect(cardText(sheet.element.ownerDocument)).toContain("9 typed − 2 deflection = 7 Slashing");
    expect(cardText(sheet.element.ownerDocument)).not.toContain("Dodge");

    const on = { messageId: card?.id ?? "", attack: 0, target: actor.uuid };
    expect(await requestCardAction("apply", on)).toMatchObject({ ok: false });
    expect(life(actor).endurance.value).toBe(0);
    expect(life(actor).health.value).toBe(9);

    expect(await requestCardAction("revert", on)).toEqual({ ok: true });
    expect(life(actor).endurance.value).toBe(6);
    expect(life(actor).health.value).toBe(10);
  });

  it("sits in the NPC sheet's menu for the GM", async () => {
    const actor = await boudica("npc");
    const sheet = await openAs(NpcSheet, actor);
    answerDialog({ amount: 3, type: "psychic" });
    await clickAction(sheet, "details.sheet-menu [data-action='applyDamage']");
    expect(life(actor).endurance.value).toBe(3);
  });

  it("is not offered to a player, and the GM's client refuses a player's request, writing nothing", async () => {
    const actor = await boudica();
    const sheet = await asUser(rolandsPlayer, () => openAs(CharacterSheet, actor));
    expect(sheet.element.querySelector("[data-action='applyDamage']")).toBeNull();
    writeLog.length = 0;
    const asked = await asUser(rolandsPlayer, () =>
      requestFromGM("damage.byHand", { actorUuid: actor.uuid, amount: 5, type: "fire" }),
    );
    expect(asked).toEqual({ ok: false, reason: GM_ONLY });
    expect(writeLog).toEqual([]);
  });

  it("refuses an amount out of range with a message, and posts and changes nothing", async () => {
    const actor = await boudica();
    const sheet = await openAs(CharacterSheet, actor);
    const cards = game.messages.contents.length;
    answerDialog({ amount: 0, type: "fire" });
    await clickAction(sheet, ".life-panel [data-action='applyDamage']");
    expect(warnings()).toEqual(["The request's amount is not a whole number in the allowed range."]);
    expect(game.messages.contents.length).toBe(cards);
    expect(life(actor).endurance.value).toBe(6);
  });

  it("refuses each bad field by name, even from the GM, writing nothing", async () => {
    const actor = await boudica();
    const good = { actorUuid: actor.uuid, amount: 4, type: "fire" };
    writeLog.length = 0;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, amount: "4" }, "amount", "BRINK.Request.badNumber"],
      [{ ...good, amount: 1000 }, "amount", "BRINK.Request.badNumber"],
      [{ ...good, amount: 2.5 }, "amount", "BRINK.Request.badNumber"],
      [{ ...good, type: "constructor" }, "type", "BRINK.Request.badField"],
      [{ ...good, type: undefined }, "type", "BRINK.Request.badField"],
      [{ ...good, actorUuid: "__proto__" }, "actorUuid", "BRINK.Request.badId"],
    ];
    for (const [payload, field, reason] of cases)
      expect(await requestFromGM("damage.byHand", payload)).toEqual({ ok: false, reason, data: { field } });
    expect(writeLog).toEqual([]);
    expect(game.messages.contents).toHaveLength(0);
  });
});
