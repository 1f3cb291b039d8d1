/**
 * Detachments (RULES §7.4) through the documents, with fixed dice: an individual's attack on a
 * detachment is impaired unless blast, a detachment's attack is enhanced and blast, critical damage
 * routs a detachment and STR 0 (or, under the core rule, zero health) destroys it, the GM's revert
 * undoes both, and with the world's Detachments rule off none of it happens.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, settings } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { users } from "../fake-foundry/install";
import {
  answerDialog,
  clearCanvas,
  clearDialogAnswers,
  placeToken,
  shownDialogs,
  type PlacedToken,
} from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

const player =
  users.get("detachment-player") ??
  users.add(makeUser({ id: "detachment-player", name: "Player", isGM: false }));
const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;

interface Card {
  id: string;
  content: string;
  system: {
    attacks: {
      result: { dice: { advantage: number }; critical: boolean; targets: { targetId: string }[] };
      direct?: { dice: { size: number; face: number }[]; value: number };
      targets: { uuid: string }[];
    }[];
  };
}
const lastCard = () => game.messages.contents.at(-1) as unknown as Card;

interface Life {
  health: { value: number };
  attributes: { str: { value: number } };
  conditions: Set<string>;
  death: { critical: unknown };
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;

const weapon = (name: string, damageDie: number, extra: Record<string, unknown> = {}) => ({
  name,
  type: "weapon",
  system: { attributes: ["str"], damage: 4, damageDie, damageType: "slashing", equipped: true, ...extra },
});

async function roland(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Roland",
    type: "character",
    ownership: { default: NONE, [player.id]: OWNER },
    items: [weapon("Longsword", 8), weapon("Firebomb", 8, { properties: ["blast"], damageType: "fire" })],
  } as never)) as BrinkActor;
}

/** Goblins: a detachment of five (endurance 0, health 4, STR d8) unless `detachment` is false. */
async function goblins(name: string, detachment = true): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "npc",
    system: {
      detachment: { enabled: detachment, members: 5 },
      evasion: 6,
      endurance: { value: 0, max: 4 },
      health: { value: 4, max: 4 },
      attributes: { str: { die: 8 } },
    },
    items: [weapon("Spears", 6, { damageType: "piercing" })],
  } as never)) as BrinkActor;
}

async function villager(name: string): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "npc",
    system: { evasion: 6, endurance: { value: 10, max: 10 }, health: { value: 10, max: 10 } },
  } as never)) as BrinkActor;
}

const item = (actor: BrinkActor, name: string) => actor.items.getName(name) as Item.Implementation;

async function strike(
  attacker: BrinkActor,
  name: string,
  targets: PlacedToken[],
  answer: Record<string, unknown>,
) {
  game.user.targets.clear();
  for (const target of targets) game.user.targets.add(target as never);
  answerDialog(answer);
  await promptAttack(attacker, item(attacker, name));
}

const CORE = { attribute: "str", advantage: "0", modifier: "0" };
const DIRECT = { position: "normal", offhandId: "" };

beforeEach(async () => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  shownDialogs.length = 0;
  await settings.set("brink", "detachments", true);
});

describe("attacks on and by detachments, core rule (RULES §7.4)", () => {
  it("an individual's attack on a detachment is at disadvantage, and the dialog and card say why", async () => {
    const attacker = await roland();
    const token = placeToken(await goblins("Goblin band"), 3, 3);
    queueDice(5, 2, 10); // two STR dice (disadvantage keeps the lower), then the luck die

    await asUser(player, () => strike(attacker, "Longsword", [token], CORE));

    expect(shownDialogs.at(-1)?.content).toContain("Impaired, the target is a detachment: disadvantage");
    const card = lastCard();
    expect(card.system.attacks[0]?.result.dice.advantage).toBe(-1);
    expect(card.content).toContain("Impaired, the target is a detachment: disadvantage");
  });

  it("a blast weapon is not impaired against a detachment", async () => {
    const attacker = await roland();
    const token = placeToken(await goblins("Goblin band"), 3, 3);
    queueDice(5, 10);

    await asUser(player, () => strike(attacker, "Firebomb", [token], CORE));

    expect(shownDialogs.at(-1)?.content).not.toContain("detachment");
    expect(lastCard().system.attacks[0]?.result.dice.advantage).toBe(0);
    expect(lastCard().content).not.toContain("detachment");
  });

  it("a detachment's attack is at advantage and strikes two targets with one roll (blast)", async () => {
    const band = await goblins("Goblin band");
    const first = placeToken(await villager("Ada"), 3, 3);
    const second = placeToken(await villager("Bram"), 6, 6);
    queueDice(2, 5, 10); // two STR dice (advantage keeps the higher), then the luck die

    await strike(band, "Spears", [first, second], CORE);

    expect(shownDialogs.at(-1)?.content).toContain("Enhanced, a detachment attacks: advantage");
    const card = lastCard();
    expect(card.system.attacks).toHaveLength(1);
    expect(card.system.attacks[0]?.result.dice.advantage).toBe(1);
    expect(card.system.attacks[0]?.result.targets.map((t) => t.targetId)).toEqual([
      first.document.uuid,
      second.document.uuid,
    ]);
    expect(card.content).toContain("Enhanced, a detachment attacks: advantage");
  });

  it("[decision] a detachment attacking a detachment is neither impaired nor enhanced", async () => {
    const band = await goblins("Goblin band");
    const token = placeToken(await goblins("Orc band"), 3, 3);
    queueDice(5, 10);
    await strike(band, "Spears", [token], CORE);
    expect(lastCard().system.attacks[0]?.result.dice.advantage).toBe(0);
  });

  it("a critical hit routs a detachment; zero health destroys it; the GM's revert restores it", async () => {
    const attacker = await roland();
    const band = await goblins("Goblin band");
    await band.update({ system: { health: { value: 4, max: 40 } } } as never);
    const token = placeToken(band, 3, 3);
    await band.update({ system: { health: { value: 40 } } } as never);
    queueDice(1, 1, 20); // a natural 20 on the luck die: a critical hit

    await asUser(player, () => strike(attacker, "Longsword", [token], CORE));
    const critical = lastCard();
    expect(critical.system.attacks[0]?.result.critical).toBe(true);
    await asUser(player, () => requestCardAction("apply", onCard(critical, token)));
    expect(life(band).conditions.has("routed")).toBe(true);
    expect(life(band).conditions.has("unconscious")).toBe(false);
    expect(lastCard().content).toContain("A critical hit routs the detachment");

    await requestCardAction("revert", onCard(critical, token));
    expect(life(band).conditions.has("routed")).toBe(false);
    expect(life(band).health.value).toBe(40);

    await band.update({ system: { health: { value: 2 } } } as never);
    queueDice(6, 6, 10);
    await asUser(player, () => strike(attacker, "Longsword", [token], CORE));
    const killing = lastCard();
    await asUser(player, () => requestCardAction("apply", onCard(killing, token)));
    expect(life(band).conditions.has("dead")).toBe(true);
    expect(lastCard().content).toContain("Health reaches zero: the detachment is destroyed.");
    expect(lastCard().content).not.toContain("Death luck test");

    await requestCardAction("revert", onCard(killing, token));
    expect(life(band).conditions.has("dead")).toBe(false);
    expect(life(band).health.value).toBe(2);
  });
});

describe("attacks on and by detachments, direct damage (RULES §7.3, §7.4)", () => {
  beforeEach(async () => {
    await settings.set("brink", "damageRule", "direct");
  });

  it("an individual's every die is a d4 against a detachment, and the dialog and card say why", async () => {
    const attacker = await roland();
    const token = placeToken(await goblins("Goblin band"), 3, 3);
    queueDice(3);

    await asUser(player, () => strike(attacker, "Longsword", [token], DIRECT));

    const reason = "Roland: Longsword, impaired: the target is a detachment (d4)";
    expect(shownDialogs.at(-1)?.content).toContain(reason);
    expect(lastCard().system.attacks[0]?.direct).toMatchObject({ dice: [{ size: 4, face: 3 }], value: 3 });
    expect(lastCard().content).toContain(reason);
  });

  it("a blast weapon keeps its own die against a detachment", async () => {
    const attacker = await roland();
    const token = placeToken(await goblins("Goblin band"), 3, 3);
    queueDice(7);
    await asUser(player, () => strike(attacker, "Firebomb", [token], DIRECT));
    expect(lastCard().system.attacks[0]?.direct).toMatchObject({ dice: [{ size: 8, face: 7 }] });
  });

  it("a detachment rolls a d12 against each of two individuals with a weapon that is not blast", async () => {
    const band = await goblins("Goblin band");
    const first = placeToken(await villager("Ada"), 3, 3);
    const second = placeToken(await villager("Bram"), 6, 6);
    queueDice(11, 2);

    await strike(band, "Spears", [first, second], DIRECT);

    expect(shownDialogs.at(-1)?.content).toContain(
      "Goblin band: Spears, enhanced: a detachment attacks (d12)",
    );
    const attacks = lastCard().system.attacks;
    expect(attacks.map((a) => a.direct?.dice.map((d) => [d.size, d.face]))).toEqual([[[12, 11]], [[12, 2]]]);
    expect(attacks.map((a) => a.targets[0]?.uuid)).toEqual([first.document.uuid, second.document.uuid]);
  });

  it("critical damage routs a detachment with no STR test and no hour's clock; the GM's revert undoes it", async () => {
    const attacker = await roland();
    const band = await goblins("Goblin band");
    const token = placeToken(band, 3, 3);
    await band.update({ system: { health: { value: 1 } } } as never);
    queueDice(2); // the d4: 1 health, 1 beyond zero

    await asUser(player, () => strike(attacker, "Longsword", [token], DIRECT));
    const card = lastCard();
    await asUser(player, () => requestCardAction("apply", onCard(card, token)));

    expect(life(band).conditions.has("routed")).toBe(true);
    expect(life(band).conditions.has("unconscious")).toBe(false);
    expect(life(band).attributes.str.value).toBe(6);
    expect(life(band).death.critical).toBeNull();
    const applied = lastCard().content;
    expect(applied).toContain("Critical damage routs the detachment");
    expect(applied).not.toContain("STR test");

    await requestCardAction("revert", onCard(card, token));
    expect(life(band).conditions.has("routed")).toBe(false);
    expect(life(band).attributes.str.value).toBe(8);
    expect(life(band).health.value).toBe(1);
  });

  it("STR 0 destroys a detachment (dead, the actor kept); the GM's revert restores it", async () => {
    const attacker = await roland();
    const band = await goblins("Goblin band");
    await band.update({ system: { health: { value: 0 }, attributes: { str: { die: 4 } } } } as never);
    const token = placeToken(band, 3, 3);
    queueDice(4); // the d4: all of it beyond zero, STR d4 − 4 = 0

    await asUser(player, () => strike(attacker, "Longsword", [token], DIRECT));
    const card = lastCard();
    await asUser(player, () => requestCardAction("apply", onCard(card, token)));

    expect(life(band).conditions.has("dead")).toBe(true);
    expect(game.actors.get(band.id ?? "")).toBe(band);
    expect(lastCard().content).toContain("STR reaches zero: the detachment is destroyed.");

    expect(await requestCardAction("revert", onCard(card, token))).toEqual({ ok: true });
    expect(life(band).conditions.has("dead")).toBe(false);
    expect(life(band).attributes.str.value).toBe(4);
  });
});

describe("with the Detachments rule off", () => {
  beforeEach(async () => {
    await settings.set("brink", "detachments", false);
  });

  it("an NPC marked as a detachment is attacked and hurt like any other", async () => {
    const attacker = await roland();
    const band = await goblins("Goblin band");
    const token = placeToken(band, 3, 3);
    queueDice(5, 10);
    await asUser(player, () => strike(attacker, "Longsword", [token], CORE));
    expect(shownDialogs.at(-1)?.content).not.toContain("detachment");
    expect(lastCard().system.attacks[0]?.result.dice.advantage).toBe(0);

    await settings.set("brink", "damageRule", "direct");
    await band.update({ system: { health: { value: 1 } } } as never);
    queueDice(3, 20); // the longsword's d8; a failed STR test
    await asUser(player, () => strike(attacker, "Longsword", [token], DIRECT));
    const card = lastCard();
    expect(card.system.attacks[0]?.direct).toMatchObject({ dice: [{ size: 8, face: 3 }] });
    await asUser(player, () => requestCardAction("apply", onCard(card, token)));
    expect(life(band).conditions.has("routed")).toBe(false);
    expect(lastCard().content).toContain("STR test 20 on a d20");
    expect(lastCard().content).not.toContain("detachment");
  });
});
