/**
 * A dropped weapon (left behind on an arduous way back or in a retreat) cannot attack until it is
 * picked up: the sheet's attack icon is disabled with the reason, a click or macro is refused with a
 * warning, the GM's client refuses a hand-made request, and the direct dialog does not offer it as
 * the second weapon.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, clearDialogAnswers, placeToken, shownDialogs } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { PLAIN_ATTACK } from "../support/attacks";
import { openSheet } from "../support/sheets";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestFromGM } = await import("../../src/requests");
const { CharacterSheet } = await import("../../src/applications/sheets");

const owner = player("dropped-weapon-player");
const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;

const weapon = (name: string, dropped: boolean) => ({
  name,
  type: "weapon",
  system: { attributes: ["str"], damage: 4, damageDie: 8, damageType: "slashing", equipped: true, dropped },
});

async function roland(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Roland",
    type: "character",
    ownership: { default: NONE, [owner.id]: OWNER },
    items: [weapon("Longsword", false), weapon("Axe", true)],
  } as never)) as BrinkActor;
}

async function target() {
  const actor = await Actor.implementation.create({ name: "Ostrog", type: "npc" } as never);
  return placeToken(actor as BrinkActor, 3, 3);
}

const item = (actor: BrinkActor, name: string) => actor.items.getName(name) as Item.Implementation;

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  shownDialogs.length = 0;
});

describe("a dropped weapon", () => {
  it("has its attack icon disabled on the sheet, with the reason in the tooltip", async () => {
    const actor = await roland();
    const sheet = await asUser(owner, () => openSheet(CharacterSheet, actor));
    const attackIcon = (id: string | null) =>
      sheet.element.querySelector<HTMLButtonElement>(
        `.inventory .item-row[data-item-id="${id}"] [data-action="rollWeapon"]`,
      );
    const dropped = attackIcon(item(actor, "Axe").id);
    expect(dropped?.disabled).toBe(true);
    expect(dropped?.dataset.tooltip).toBe("Dropped: pick it up to attack with it.");
    expect(attackIcon(item(actor, "Longsword").id)?.disabled).toBe(false);
  });

  it("is refused when clicked (or run from a macro), with a warning and nothing written", async () => {
    const actor = await roland();
    game.user.targets.add((await target()) as never);
    writeLog.length = 0;
    answerDialog({ attribute: "str" });
    await asUser(owner, () => promptAttack(actor, item(actor, "Axe")));
    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message: "Axe was dropped. Pick it up before attacking with it.",
    });
    expect(shownDialogs).toEqual([]);
    expect(writeLog).toEqual([]);
  });

  it("is refused by the GM's client when a hand-made request names it", async () => {
    const actor = await roland();
    const token = await target();
    writeLog.length = 0;
    const attack = await asUser(owner, () =>
      requestFromGM("attack", {
        actorUuid: actor.uuid,
        weaponId: item(actor, "Axe").id,
        targets: [token.document.uuid],
        choice: PLAIN_ATTACK,
        rollMode: "publicroll",
      }),
    );
    expect(attack).toMatchObject({ ok: false, reason: "BRINK.Attack.Refusal.weapon-dropped" });

    await settings.set("brink", "damageRule", "direct");
    const direct = await asUser(owner, () =>
      requestFromGM("attack.direct", {
        actorUuid: actor.uuid,
        weaponId: item(actor, "Longsword").id,
        offhandId: item(actor, "Axe").id,
        targets: [token.document.uuid],
        position: "normal",
        grouped: [],
        rollMode: "publicroll",
      }),
    );
    expect(direct).toMatchObject({
      ok: false,
      reason: "BRINK.Attack.Refusal.weapon-dropped",
      data: { weapon: "Axe" },
    });
    expect(writeLog).toEqual([]);
  });

  it("is not offered as the second weapon in the direct attack dialog", async () => {
    await settings.set("brink", "damageRule", "direct");
    const actor = await roland();
    const token = await target();
    answerDialog(null);
    await asUser(owner, () => {
      game.user.targets.add(token as never);
      return promptAttack(actor, item(actor, "Longsword"));
    });
    const dialog = shownDialogs.at(-1)?.content ?? "";
    expect(dialog).toContain("Longsword");
    expect(dialog).not.toContain("Axe");
  });
});
