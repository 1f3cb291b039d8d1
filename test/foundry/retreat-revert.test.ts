/**
 * RULES §5: a GM's revert of an Emergency Retreat also restores the combat as it stood when the
 * retreat was called (same combatants, teams, round and turn state); a retreat called again after a
 * revert is a new retreat with new rolls. Everything goes through the real request path.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { resetFakePacks } from "../fake-foundry/packs";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring, type Fight } from "./combat-fixtures";

await bootCombat();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { requestRetreat, requestRetreatRevert, retreatRecordOf } = await import("../../src/workflows/retreat");

const odile = player("odile-player");
const piet = player("piet-player");

/** Two heroes against a guard, begun, with Odile's turn in progress. */
async function skirmish(): Promise<Fight> {
  const fight = await setUpFight([
    { name: "Odile", disposition: DISPOSITIONS.friendly, owner: odile, type: "character" },
    { name: "Piet", disposition: DISPOSITIONS.friendly, owner: piet, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  await fight.combat.begin({ startingTeam: fight.teamId("Party"), attackedTeam: fight.teamId("Foes") });
  await asUser(odile, () => fight.combat.takeTurn(fight.member("Odile").id ?? ""));
  return fight;
}

/** What a GM sees of a combat: who is in it, in which team, and where the round stands. */
function combatView(combat: Combat.Implementation) {
  const source = combat.toObject() as {
    _id: string;
    scene: string | null;
    round: number;
    turn: number | null;
    system: { state: unknown; turnsStarted: number };
    combatants: { _id: string; actorId: string; tokenId: string; group: string | null; system: unknown }[];
    groups: { _id: string; name: string }[];
  };
  return structuredClone({
    id: source._id,
    scene: source.scene,
    round: source.round,
    turn: source.turn,
    system: source.system,
    combatants: source.combatants
      .map(({ _id, actorId, tokenId, group, system }) => ({ _id, actorId, tokenId, group, system }))
      .sort((a, b) => a._id.localeCompare(b._id)),
    groups: source.groups.map(({ _id, name }) => ({ _id, name })).sort((a, b) => a._id.localeCompare(b._id)),
  });
}

const heroes = (fight: Fight) => [fight.actor("Odile").uuid, fight.actor("Piet").uuid];
const lastCard = () => game.messages.contents.at(-1) as ChatMessage.Implementation;

beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
});

describe("reverting an Emergency Retreat", () => {
  it("restores the combat it ended: same members in the same teams, same round and acting state", async () => {
    const fight = await skirmish();
    const combatId = fight.combat.id ?? "";
    const before = combatView(fight.combat);
    expect(fight.combat.turnState.current).toBe(fight.member("Odile").id);

    queueDice(6, 6, 4, 1);
    const retreat = await requestRetreat(combatId, heroes(fight));
    expect(retreat).toMatchObject({ ok: true });
    expect(game.combats.get(combatId)).toBeUndefined();
    const card = lastCard();

    expect(await asUser(odile, () => requestRetreatRevert(card.id ?? ""))).toEqual({
      ok: false,
      reason: "BRINK.Request.gmOnly",
    });
    expect(game.combats.get(combatId)).toBeUndefined();

    const writes = await writesDuring(async () =>
      expect(await requestRetreatRevert(card.id ?? "")).toEqual({ ok: true }),
    );
    const restored = game.combats.get(combatId) as Combat.Implementation | undefined;
    expect(restored).toBeDefined();
    expect(combatView(restored as Combat.Implementation)).toEqual(before);
    const brink = restored as unknown as Fight["combat"];
    expect(brink.turnState.current).toBe(fight.member("Odile").id);
    expect(brink.combatant?.name).toBe("Odile");
    expect(writes.filter((w) => w.documentName === "Combat")).toEqual([
      expect.objectContaining({ action: "create", count: 1 }),
    ]);
    expect(writes.map((w) => `${w.action} ${w.documentName} ×${w.count}`)).toEqual([
      "update Actor ×1",
      "delete Item ×1",
      "delete Item ×1",
      "create Combat ×1",
      "update ChatMessage ×1",
    ]);
  });

  it("lets the GM call the retreat again on the restored combat, with new rolls", async () => {
    const fight = await skirmish();
    const combatId = fight.combat.id ?? "";
    queueDice(6, 6, 4, 1);
    await requestRetreat(combatId, heroes(fight));
    const first = lastCard();
    await requestRetreatRevert(first.id ?? "");

    queueDice(10, 3, 3, 5, 2, 1);
    const again = await requestRetreat(combatId, heroes(fight));
    expect(again).toMatchObject({ ok: true });
    const second = lastCard();
    expect(second.id).not.toBe(first.id);
    expect(game.combats.get(combatId)).toBeUndefined();
    const faces = (message: ChatMessage.Implementation) =>
      retreatRecordOf(message)?.characters.flatMap((c) => c.result.rolls.flatMap((r) => r.faces));
    expect(faces(first)?.slice(0, 2)).toEqual([6, 6]);
    expect(faces(second)?.slice(0, 2)).toEqual([10, 3]);
    expect(faces(second)).not.toEqual(faces(first));
    expect(retreatRecordOf(first)?.status).toBe("reverted");
    expect(retreatRecordOf(second)?.status).toBe("applied");
  });

  it("refuses a second revert and writes nothing", async () => {
    const fight = await skirmish();
    const combatId = fight.combat.id ?? "";
    queueDice(6, 6, 4, 1);
    await requestRetreat(combatId, heroes(fight));
    const card = lastCard();
    expect(await requestRetreatRevert(card.id ?? "")).toEqual({ ok: true });
    const writes = writeLog.length;
    expect(await requestRetreatRevert(card.id ?? "")).toEqual({
      ok: false,
      reason: "BRINK.Retreat.Refusal.reverted",
    });
    expect(writeLog.length).toBe(writes);
    expect(game.combats.filter((combat) => combat.id === combatId)).toHaveLength(1);
  });
});
