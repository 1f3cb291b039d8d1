import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { bootCombat, DISPOSITIONS, player, renderTracker, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();
const { emergencyRetreat, confirmRetreatRequest } = await import("../../src/applications/retreat");
const { retreatSettled, cancelPendingRetreat, requestRetreatRevert } =
  await import("../../src/workflows/retreat");

/**
 * RULES §5: an Emergency Retreat called while someone is acting waits until that turn is over (the
 * acting combatant, friend or foe, finishes it); then the fight ends and the retreat is rolled.
 */

const agnessasPlayer = player("agnessa-player");
/** Agnessa's retreat: d10 4 → a minor injury, d6 1 → Strength. */
const RETREAT_DICE = [4, 1];

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
  shownDialogs.length = 0;
});

async function agnessaAgainstGuard(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Agnessa", disposition: DISPOSITIONS.friendly, owner: agnessasPlayer, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

const retreatCards = () => game.messages.contents.filter((message) => message.type === "retreat");
const injuries = (f: Fight) => f.actor("Agnessa").items.map((item) => item.name);

describe("an Emergency Retreat called mid-turn", () => {
  it("waits for the acting character's turn to end, shows as pending, then ends the fight and rolls", async () => {
    const f = await agnessaAgainstGuard();
    await asUser(agnessasPlayer, () => f.combat.takeTurn(f.member("Agnessa").id ?? ""));
    answerDialog({ "member-0": true });
    expect(await emergencyRetreat(f.combat)).toMatchObject({ ok: true });

    // Nothing is rolled yet; the fight goes on and Agnessa still acts.
    expect(game.combats.get(f.combat.id ?? "")).toBeDefined();
    expect(f.combat.turnState.current).toBe(f.member("Agnessa").id);
    expect(retreatCards()).toEqual([]);
    const gm = await renderTracker();
    expect(gm.html).toContain("Emergency Retreat pending: the fight ends when Agnessa's turn is over");
    expect(gm.html).toContain('data-action="cancelRetreat"');
    expect(gm.html).not.toContain('data-action="emergencyRetreat"');
    const players = await asUser(agnessasPlayer, () => renderTracker());
    expect(players.html).toContain("Emergency Retreat pending");
    expect(players.html).not.toContain('data-action="cancelRetreat"');

    queueDice(...RETREAT_DICE);
    await asUser(agnessasPlayer, () => f.combat.endTurn());
    await retreatSettled();
    expect(game.combats.get(f.combat.id ?? "")).toBeUndefined();
    expect(retreatCards()).toHaveLength(1);
    expect(injuries(f)).toEqual(["Minor Injury (Strength)"]);

    // The GM's revert brings the fight back with no retreat waiting in it.
    expect(await requestRetreatRevert(retreatCards()[0]?.id ?? "")).toEqual({ ok: true });
    const restored = game.combats.get(f.combat.id ?? "") as typeof f.combat | undefined;
    expect(restored?.system.retreatPending).toBeNull();
    expect((await renderTracker()).html).toContain('data-action="emergencyRetreat"');
  });

  it("waits for a foe's turn as well, when a player's call is confirmed by the GM", async () => {
    const f = await agnessaAgainstGuard();
    await f.combat.takeTurn(f.member("Guard").id ?? "");
    answerDialog({ "member-0": true });
    await asUser(agnessasPlayer, () => emergencyRetreat(f.combat));
    const request = game.messages.contents.at(-1) as ChatMessage.Implementation;
    answerDialog({ "member-0": true });
    expect(await confirmRetreatRequest(request)).toMatchObject({ ok: true });
    expect(game.combats.get(f.combat.id ?? "")).toBeDefined();
    expect((await renderTracker()).html).toContain("when Guard's turn is over");

    queueDice(...RETREAT_DICE);
    await f.combat.endTurn();
    await retreatSettled();
    expect(game.combats.get(f.combat.id ?? "")).toBeUndefined();
    expect(retreatCards()).toHaveLength(1);
  });

  it("can be cancelled by the GM: the turn then ends as usual and the fight goes on", async () => {
    const f = await agnessaAgainstGuard();
    await asUser(agnessasPlayer, () => f.combat.takeTurn(f.member("Agnessa").id ?? ""));
    answerDialog({ "member-0": true });
    await emergencyRetreat(f.combat);
    expect(await asUser(agnessasPlayer, () => cancelPendingRetreat(f.combat.id ?? ""))).toMatchObject({
      ok: false,
    });
    expect(await cancelPendingRetreat(f.combat.id ?? "")).toMatchObject({ ok: true });
    const gm = await renderTracker();
    expect(gm.html).not.toContain("Emergency Retreat pending");
    expect(gm.html).toContain('data-action="emergencyRetreat"');

    await asUser(agnessasPlayer, () => f.combat.endTurn());
    await retreatSettled();
    expect(game.combats.get(f.combat.id ?? "")).toBeDefined();
    expect(retreatCards()).toEqual([]);
    expect(injuries(f)).toEqual([]);
  });

  it("is dropped, unrolled, when the GM ends the fight instead", async () => {
    const f = await agnessaAgainstGuard();
    await asUser(agnessasPlayer, () => f.combat.takeTurn(f.member("Agnessa").id ?? ""));
    answerDialog({ "member-0": true });
    await emergencyRetreat(f.combat);
    answerDialog({});
    await f.combat.endCombat();
    await retreatSettled();
    expect(game.combats.get(f.combat.id ?? "")).toBeUndefined();
    expect(retreatCards()).toEqual([]);
    expect(injuries(f)).toEqual([]);
  });

  it("refuses a second call while one is pending", async () => {
    const f = await agnessaAgainstGuard();
    await asUser(agnessasPlayer, () => f.combat.takeTurn(f.member("Agnessa").id ?? ""));
    answerDialog({ "member-0": true });
    await emergencyRetreat(f.combat);
    answerDialog({ "member-0": true });
    expect(await emergencyRetreat(f.combat)).toBeNull();
    expect(notifications.log.at(-1)?.message).toBe(
      "An Emergency Retreat is already waiting for the current turn to end.",
    );
  });
});

describe("an Emergency Retreat called between turns", () => {
  it("ends the fight at once, as nobody is acting", async () => {
    const f = await agnessaAgainstGuard();
    queueDice(...RETREAT_DICE);
    answerDialog({ "member-0": true });
    expect(await emergencyRetreat(f.combat)).toMatchObject({ ok: true });
    expect(game.combats.get(f.combat.id ?? "")).toBeUndefined();
    expect(retreatCards()).toHaveLength(1);
  });
});
