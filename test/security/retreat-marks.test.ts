/**
 * The retreat's record against retries and later changes (issue 23): the retreat's card is written
 * before its consequences, so a retreat cut short half-way is finished by calling it again, without
 * rolling again or applying twice what had landed; and the GM's revert gives back what the retreat
 * took, so damage or healing taken since stays.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";
import { expectConsoleReport } from "../support/console";

await bootCombat();
const { requestRetreat, requestRetreatRevert } = await import("../../src/workflows/retreat");

const owner = player("agnessa-player");
const boudicaPlayer = player("boudica-player");
beforeEach(() => {
  resetWorld();
  resetFakePacks();
  clearDice();
});

interface Pools {
  endurance: { value: number };
  health: { value: number };
}
const pools = (actor: Actor.Implementation) => actor.system as unknown as Pools;
const lastCard = () => game.messages.contents.at(-1);

/** Agnessa (endurance 6, health 10) retreats: 10 → attrition, 2d6 = 4 + 5 → endurance 0, health 7. */
async function agnessaRetreats() {
  const fight = await setUpFight([
    { name: "Agnessa", disposition: DISPOSITIONS.friendly, owner, type: "character" },
    { name: "Guard", disposition: DISPOSITIONS.hostile },
  ]);
  const agnessa = fight.actor("Agnessa");
  await agnessa.update({
    system: { level: 2, endurance: { value: 6, max: 10 }, health: { value: 10, max: 10 } },
  } as never);
  queueDice(10, 4, 5);
  expect(await requestRetreat(fight.combat.id ?? "", [agnessa.uuid])).toMatchObject({ ok: true });
  expect(pools(agnessa).health.value).toBe(7);
  expect(pools(agnessa).endurance.value).toBe(0);
  return { fight, agnessa };
}

describe("the GM's revert of a retreat", () => {
  it("gives back what the retreat took and keeps a blow taken since (health 7 → 5 reverts to 8)", async () => {
    const { agnessa } = await agnessaRetreats();
    await agnessa.update({ "system.health.value": 5, "system.endurance.value": 1 } as never);
    expect(await requestRetreatRevert(lastCard()?.id ?? "")).toEqual({ ok: true });
    expect(pools(agnessa).health.value).toBe(8);
    expect(pools(agnessa).endurance.value).toBe(7);
  });
});

describe("a retreat cut short half-way", () => {
  it("is finished by calling it again: nothing rolled again, nothing that landed applied twice", async () => {
    const fight = await setUpFight([
      { name: "Agnessa", disposition: DISPOSITIONS.friendly, owner, type: "character" },
      { name: "Boudica", disposition: DISPOSITIONS.friendly, owner: boudicaPlayer, type: "character" },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    const [agnessa, boudica] = [fight.actor("Agnessa"), fight.actor("Boudica")];
    await agnessa.update({
      system: { level: 2, endurance: { value: 6, max: 10 }, health: { value: 10, max: 10 } },
    } as never);
    const uuids = [agnessa.uuid, boudica.uuid];
    // Agnessa: 10 → attrition 4 + 5. Boudica: 4 → a minor injury (d6 1: STR), an item.
    queueDice(10, 4, 5, 4, 1);
    // The connection drops as Boudica's injury is created: the handler fails after Agnessa's attrition landed.
    const create = vi
      .spyOn(boudica, "createEmbeddedDocuments")
      .mockRejectedValueOnce(new Error("connection lost"));
    const cutShort = await expectConsoleReport(
      "error",
      /the request "retreat\.resolve" failed on the GM's client/,
      () => requestRetreat(fight.combat.id ?? "", uuids),
      /connection lost/,
    );
    expect(cutShort).toMatchObject({ ok: false });
    expect(pools(agnessa).health.value).toBe(7);
    create.mockRestore();

    expect(await requestRetreat(fight.combat.id ?? "", uuids)).toMatchObject({ ok: true });
    expect(plannedDiceLeft()).toBe(0);
    expect(pools(agnessa).health.value).toBe(7);
    expect(pools(agnessa).endurance.value).toBe(0);
    expect(boudica.items.map((item) => item.name)).toEqual(["Minor Injury (Strength)"]);
    expect(game.combats.get(fight.combat.id ?? "")).toBeUndefined();
    const cards = game.messages.contents.filter((message) => message.type === "retreat");
    expect(cards).toHaveLength(1);

    // Calling it once more finds it done.
    expect(await requestRetreat(fight.combat.id ?? "", uuids)).toMatchObject({ ok: false });
    expect(boudica.items.size).toBe(1);
  });
});
