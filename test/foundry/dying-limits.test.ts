import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, session, settings } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, clearDialogAnswers } from "../fake-foundry/ui";
import { clearDice } from "../fake-foundry/dice";
import { openSheet } from "../support/sheets";
import { PLAIN_ATTACK } from "../support/attacks";
import { bootCombat, player, rolandAgainstGuard, type Fight } from "./combat-fixtures";
import type { DocumentSheetSurface } from "../../src/foundry/application-base";
import type { BrinkActor } from "../../src/documents/actor";

await bootCombat();
const { CharacterSheet } = await import("../../src/applications/sheets");
const { requestAttack } = await import("../../src/workflows/attack");
const { promptAttack } = await import("../../src/applications/rolls/flows");

/** RULES §6, dying rule (S2): while dying a character may speak and move 1.5 m, nothing else. */

const rolandsPlayer = player("roland-player");
const asRoland = <T>(work: () => Promise<T>) => asUser(rolandsPlayer, work);
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
});

async function dyingRoland(): Promise<Fight> {
  await settings.set("brink", "deathRule", "dying");
  const f = await rolandAgainstGuard(rolandsPlayer);
  await f
    .actor("Roland")
    .createEmbeddedDocuments("Item", [
      { name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "piercing" } },
    ]);
  await f.actor("Roland").update({
    system: {
      health: { value: 0 },
      conditions: ["dying"],
      death: {
        dying: { turnsTaken: 1, successes: 0, failures: 0, savedThisTurn: false, lastStabiliseRound: null },
      },
    },
  });
  await asRoland(() => f.combat.takeTurn(f.member("Roland").id ?? ""));
  return f;
}

describe("a dying character (dying rule)", () => {
  it("takes its turn but its panel offers only a move (1.5 m) and a step; attacking and reacting are greyed", async () => {
    const f = await dyingRoland();
    expect((f.actor("Roland").system as unknown as { speed: number }).speed).toBe(1.5);
    const sheet = (await asRoland(() =>
      openSheet(CharacterSheet, f.actor("Roland")),
    )) as DocumentSheetSurface<unknown>;
    const row = (key: string) =>
      sheet.element.querySelector(`.brink-actions-panel .action-row[data-key='${key}']`);
    expect(row("attack")?.classList.contains("unavailable")).toBe(true);
    // The panel names a refused action's reason in its button's tooltip.
    const reason = (key: string) => row(key)?.querySelector("button")?.getAttribute("data-tooltip") ?? "";
    expect(reason("attack")).toContain("Dying: may only speak and move 1.5 m");
    expect(reason("dodge")).toContain("Dying: may only speak and move 1.5 m");
    expect(row("move")?.classList.contains("unavailable")).toBe(false);
    expect(row("step")?.classList.contains("unavailable")).toBe(false);
  });

  it("is refused an attack and any other action on the GM's client, nothing spent", async () => {
    const f = await dyingRoland();
    session.user.targets.clear();
    const roland = f.actor("Roland") as BrinkActor;
    const result = await asRoland(() =>
      requestAttack({
        actorUuid: roland.uuid,
        weaponId: roland.items.getName("Spear")?.id ?? "",
        targets: [f.token("Guard").document.uuid],
        choice: PLAIN_ATTACK,
        rollMode: "publicroll",
      }),
    );
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Attack.Refusal.unfit.dying" });
    const guard = await asRoland(() => f.member("Roland").spendAction("guard"));
    expect(guard).toMatchObject({ ok: false, reason: "BRINK.Combat.Economy.dying" });
    expect(f.member("Roland").economy.actionsLeft).toBe(3);
    expect((await asRoland(() => f.member("Roland").spendAction("move"))).ok).toBe(true);
  });

  it("gets the same refusal from the sheet's weapon, before any dialog", async () => {
    const f = await dyingRoland();
    const roland = f.actor("Roland") as BrinkActor;
    answerDialog(null);
    await asRoland(() => promptAttack(roland, roland.items.getName("Spear") as Item.Implementation));
    expect(notifications.log.at(-1)?.message).toBe("Roland is dying and can only speak and move 1.5 m.");
  });
});

describe("a dying character hit by an attack", () => {
  it("cannot dodge it from the card", async () => {
    const { mindBladeFoe, attackWith } = await import("../support/attacks");
    const { onCard } = await import("../support/cards");
    const { requestCardAction } = await import("../../src/workflows/damage");
    const f = await dyingRoland();
    const foe = await mindBladeFoe();
    await attackWith(foe, f.token("Roland"), 6);
    const card = game.messages.contents.at(-1) as unknown as { id: string };
    const result = await asRoland(() =>
      requestCardAction("react", { ...onCard(card, f.token("Roland")), kind: "dodge" }),
    );
    expect(result).toEqual({ ok: false, reason: "BRINK.Damage.Refusal.incapacitated" });
  });
});
