/**
 * Issue 12: each optional rule switched off hides its controls and its requests are refused.
 * Emergency Retreat off: no retreat button on the tracker, and a retreat asked for anyway (by the
 * GM or by a player's hand-made request) is refused with the reason, writing nothing. System
 * strain shows on the sheet only under the dying death rule.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearDice } from "../fake-foundry/dice";
import { resetWorld, settings, writeLog } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { asUser } from "../fake-foundry/runtime";
import { openSheet } from "../support/sheets";
import { bootCombat, DISPOSITIONS, player, renderTracker, setUpFight } from "./combat-fixtures";

await bootCombat();
const { requestFromGM } = await import("../../src/requests");
const { CharacterSheet } = await import("../../src/applications/sheets");

const agnessasPlayer = player("toggles-player");

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
});

async function fight() {
  const f = await setUpFight([
    { name: "Agnessa", disposition: DISPOSITIONS.friendly, owner: agnessasPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

describe("Emergency Retreat switched off", () => {
  it("shows the retreat button while on, for the GM and the player", async () => {
    await fight();
    expect((await renderTracker()).html).toContain('data-action="emergencyRetreat"');
    expect((await asUser(agnessasPlayer, () => renderTracker())).html).toContain(
      'data-action="emergencyRetreat"',
    );
  });

  it("hides the tracker's retreat button and refuses a retreat asked for anyway, writing nothing", async () => {
    await settings.set("brink", "emergencyRetreat", false);
    const f = await fight();
    expect((await renderTracker()).html).not.toContain('data-action="emergencyRetreat"');
    expect((await asUser(agnessasPlayer, () => renderTracker())).html).not.toContain(
      'data-action="emergencyRetreat"',
    );

    // The GM's tracker works out the odds and keeps their swing on the combat (issue 28): a write of
    // its own, let it land before counting what the refused retreat writes.
    await vi.waitFor(() => expect(f.combat.getFlag("brink", "oddsSwing")).toBeDefined(), { timeout: 20_000 });
    const party = { combatId: f.combat.id, actorUuids: [f.actor("Agnessa").uuid] };
    writeLog.length = 0;
    const disabled = { ok: false, reason: "BRINK.Retreat.Refusal.disabled" };
    expect(await asUser(agnessasPlayer, () => requestFromGM("retreat.request", party))).toMatchObject(
      disabled,
    );
    expect(await requestFromGM("retreat.call", party)).toMatchObject(disabled);
    expect(await requestFromGM("retreat.resolve", party)).toMatchObject(disabled);
    expect(writeLog).toEqual([]);
    expect(game.combats.get(f.combat.id ?? "")).toBeDefined();
    expect(game.i18n.localize("BRINK.Retreat.Refusal.disabled")).toBe(
      "Emergency Retreat is switched off in this world's settings.",
    );
  });
});

describe("system strain on the character sheet", () => {
  async function strainShown(deathRule: string): Promise<boolean> {
    await settings.set("brink", "deathRule", deathRule);
    const actor = await Actor.implementation.create({ name: "Petra", type: "character" });
    if (!actor) throw new Error("Petra was not created");
    const sheet = await openSheet(CharacterSheet, actor);
    return sheet.element.querySelector(".pool-strain") !== null;
  }

  it.each([
    ["dying", true],
    ["luck", false],
    ["stabilise", false],
  ])("under the %s death rule: shown %s", async (deathRule, shown) => {
    expect(await strainShown(deathRule)).toBe(shown);
  });
});
