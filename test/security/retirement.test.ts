/**
 * The hostile player against retirement (issue 23): retiring makes a new character at half the XP.
 * Retire, return, retire again from the console must not make a second one: a retirement makes at
 * most one successor, a later retirement reuses it, and once a successor exists only the GM can
 * bring the retired character back.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { player } from "../foundry/combat-fixtures";
import { bootBrink } from "../foundry/boot";

await bootBrink();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { requestFromGM } = await import("../../src/requests");

const petraPlayer = player("petra-player");
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
beforeEach(() => resetWorld());

async function petra() {
  const actor = await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [petraPlayer.id]: OWNER },
    system: { level: 3, xp: 2300 },
  });
  if (!actor) throw new Error("Petra was not created");
  return actor;
}

const asPetra = (name: string, actor: Actor.Implementation) =>
  asUser(petraPlayer, () => requestFromGM(name, { actorUuid: actor.uuid }));
const successors = () => game.actors.contents.filter((actor) => actor.name === "Petra's successor");
const retired = (actor: Actor.Implementation) =>
  (actor.system as unknown as { recovery: { retired: boolean } }).recovery.retired;

describe("retirement", () => {
  it("makes one successor: the player cannot bring Petra back once it exists, and a second retirement reuses it", async () => {
    const actor = await petra();
    expect(await asPetra("recovery.retire", actor)).toEqual({ ok: true });
    expect(successors()).toHaveLength(1);

    const writes = writeLog.length;
    const back = await asPetra("recovery.return", actor);
    expect(back).toEqual({
      ok: false,
      reason: "BRINK.Recovery.Refusal.successorExists",
      data: { name: "Petra", successor: "Petra's successor" },
    });
    expect(
      game.i18n.format("BRINK.Recovery.Refusal.successorExists", { name: "P", successor: "S" }),
    ).toContain("GM");
    expect(writeLog.length).toBe(writes);
    expect(retired(actor)).toBe(true);

    // The GM brings her back; retiring again gives the same successor, not a new one.
    expect(await requestFromGM("recovery.return", { actorUuid: actor.uuid })).toEqual({ ok: true });
    expect(retired(actor)).toBe(false);
    expect(await asPetra("recovery.retire", actor)).toEqual({ ok: true });
    expect(successors()).toHaveLength(1);
    expect(retired(actor)).toBe(true);
  });

  it("reuses the successor after the GM reverts the retirement card", async () => {
    const actor = await petra();
    await asPetra("recovery.retire", actor);
    const card = game.messages.contents.at(-1);
    expect(await requestFromGM("recovery.revert", { messageId: card?.id })).toEqual({ ok: true });
    expect(retired(actor)).toBe(false);
    await asPetra("recovery.retire", actor);
    expect(successors()).toHaveLength(1);
  });
});
