/**
 * The hostile player against their own character's rule-owned fields (issue 23): Foundry lets an
 * owner update their actor, so from the console a player could reset the downtime timer, lower the
 * death difficulty cheat-death tests raised, rewind a dying countdown or clear strain. Brink
 * declares those fields `gmOnlyFields` in system.json; the server refuses the write and nothing
 * changes, while the rules' own changes (made on the GM's client) and the player's sheet edits go
 * through.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { resetWorld, session, settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { placeToken } from "../fake-foundry/ui";
import { onCard } from "../support/cards";
import { character, cleanWorldEachTest } from "../support/characters";
import { attackWith, mindBladeFoe } from "../support/attacks";
import { bootCombat, player } from "../foundry/combat-fixtures";

await bootCombat();
const { requestFromGM } = await import("../../src/requests");
const { lifeAction } = await import("../../src/workflows/life");
const mallory = player("mallory");
cleanWorldEachTest();
beforeEach(() => resetWorld());

interface Kept {
  strain: { value: number };
  luck: { deathDifficulty: number };
  death: { dying: { turnsTaken: number } | null };
  recovery: { downtimeAt: number | null; retired: boolean };
  endurance: { value: number };
}
const kept = (actor: Actor.Implementation) => actor.system as unknown as Kept;

/** Mallory's Petra, dying after a blow to 0 health and 2 strain (the dying rule), her luck raised to 12. */
async function dyingPetra() {
  await settings.set("brink", "deathRule", "dying");
  const petra = await character("Petra", "mallory", {
    endurance: { value: 0 },
    health: { value: 3 },
    luck: { deathDifficulty: 12 },
    recovery: { downtimeAt: 1000 },
  });
  const token = placeToken(petra, 5, 5);
  await attackWith(await mindBladeFoe(), token, 4);
  const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
  expect(await requestFromGM("damage.apply", onCard(card, token))).toEqual({ ok: true });
  queueDice(2);
  const chose = await asUser(mallory, () =>
    requestFromGM("damage.choose", { ...onCard(card, token), choice: "strain" }),
  );
  expect(chose).toEqual({ ok: true });
  expect(kept(petra).strain.value).toBe(2);
  expect(kept(petra).death.dying).not.toBeNull();
  return petra;
}

describe("a player's console write to a rule-owned field of their own character", () => {
  const cheats: [string, Record<string, unknown>][] = [
    ["system.strain.value", { "system.strain.value": 0 }],
    ["system.luck.deathDifficulty", { "system.luck.deathDifficulty": 1 }],
    ["system.death.dying", { "system.death.dying": null }],
    ["system.death.dying", { "system.death.dying.successes": 3 }],
    ["system.recovery.downtimeAt", { "system.recovery.downtimeAt": null }],
    ["system.recovery.retired", { system: { recovery: { retired: true } } }],
  ];

  it("is refused by the server, naming the field, and changes nothing", async () => {
    const petra = await dyingPetra();
    const before = structuredClone(petra.toObject().system);
    for (const [field, change] of cheats) {
      const write = asUser(mallory, () => petra.update(change as never));
      await expect(write, field).rejects.toThrow(`${field} is a GM-only field`);
    }
    expect(petra.toObject().system).toEqual(before);
  });

  it("leaves the player's own sheet fields theirs to edit", async () => {
    const petra = await dyingPetra();
    await asUser(mallory, () => petra.update({ "system.endurance.value": 5 } as never));
    expect(kept(petra).endurance.value).toBe(5);
  });
});

describe("a rule-owned change with no GM connected", () => {
  it("is not attempted from the player's client: a death save waits for the GM, writing nothing", async () => {
    const petra = await dyingPetra();
    const before = structuredClone(petra.toObject().system);
    const writes = writeLog.length;
    session.user.active = false;
    try {
      const result = await asUser(mallory, () => lifeAction(petra, { kind: "death-save" }));
      expect(result).toEqual({ ok: false, reason: "BRINK.Request.noGM" });
    } finally {
      session.user.active = true;
    }
    expect(writeLog.length).toBe(writes);
    expect(petra.toObject().system).toEqual(before);
  });
});
