/**
 * The retreat's record against retries and later changes (issue 23): the GM's revert of an
 * Emergency Retreat gives back what the retreat took, so damage or healing taken since stays.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { resetFakePacks } from "../fake-foundry/packs";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";

await bootCombat();
const { requestRetreat, requestRetreatRevert } = await import("../../src/workflows/retreat");

const owner = player("agnessa-player");
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
