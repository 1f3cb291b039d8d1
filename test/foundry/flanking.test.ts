/**
 * RULES §3 flanking, read from the map (issue 26): a target with two of its enemies beside it on
 * opposite sides is flanked. The attack dialog shows the map's reading; the GM's client uses it for
 * a player's attack, and the GM may override it in their own dialog.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { resetWorld, session, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken, shownDialogs } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { PLAIN_ATTACK } from "../support/attacks";
import { bootBrink } from "./boot";

await bootBrink();
const { requestAttack } = await import("../../src/workflows/attack");
const { promptAttack } = await import("../../src/applications/rolls/flows");

const player = users.add(makeUser({ id: "flank-player", name: "Player", isGM: false }));
const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  session.user.targets.clear();
  player.targets.clear();
  shownDialogs.length = 0;
});

async function actor(name: string) {
  const created = (await Actor.implementation.create({
    name,
    type: "npc",
    ownership: { default: NONE, [player.id]: OWNER },
    system: { attributes: { str: { die: 6 } } },
    items: [
      { name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "piercing" } },
    ],
  })) as BrinkActor;
  return created;
}

/** Boudica west of the guard; Roland east of it (flanking) or beside Boudica (not). */
async function scene(rolandCol: number) {
  const boudica = await actor("Boudica");
  const guard = await actor("Guard");
  const roland = await actor("Roland");
  const tokens = {
    boudica: placeToken(boudica, 4, 5, 1, 1),
    guard: placeToken(guard, 5, 5, 1, -1),
    roland: placeToken(roland, rolandCol, 5, 1, 1),
  };
  return { boudica, guard, tokens };
}

const advantageOnCard = () =>
  (
    game.messages.contents.at(-1)?.system as unknown as {
      attacks: { result: { dice: { advantage: number } } }[];
    }
  ).attacks[0]?.result.dice.advantage;

const attack = (boudica: BrinkActor, guardUuid: string, flanking: boolean) =>
  requestAttack({
    actorUuid: boudica.uuid,
    weaponId: boudica.items.getName("Spear")?.id ?? "",
    targets: [guardUuid],
    choice: { ...PLAIN_ATTACK, flanking },
    rollMode: "publicroll",
  });

describe("flanking read from the map", () => {
  it("a player's attack on a flanked target has advantage, ticked or not; an unflanked one has none", async () => {
    const { boudica, tokens } = await scene(6);
    queueDice(3, 5, 10);
    expect((await asUser(player, () => attack(boudica, tokens.guard.document.uuid, false))).ok).toBe(true);
    expect(plannedDiceLeft()).toBe(0);
    expect(advantageOnCard()).toBe(1);
  });

  it("a player cannot claim flanking the map does not show", async () => {
    const { boudica, tokens } = await scene(3);
    queueDice(3, 10);
    expect((await asUser(player, () => attack(boudica, tokens.guard.document.uuid, true))).ok).toBe(true);
    expect(plannedDiceLeft()).toBe(0);
    expect(advantageOnCard()).toBe(0);
  });

  it("the GM may override the map", async () => {
    const { boudica, tokens } = await scene(6);
    queueDice(3, 10);
    expect((await attack(boudica, tokens.guard.document.uuid, false)).ok).toBe(true);
    expect(advantageOnCard()).toBe(0);
  });

  it("the attack dialog shows the map's reading", async () => {
    const { boudica, tokens } = await scene(6);
    player.targets.add(tokens.guard as never);
    queueDice(3, 5, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await asUser(player, () => promptAttack(boudica, boudica.items.getName("Spear") as Item.Implementation));
    expect(shownDialogs.at(-1)?.content).toContain("Flanked on the map");
  });
});
