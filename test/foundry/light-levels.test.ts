/**
 * Issue 12, RULES §7.5 (S1 "Light"): a character's light level is a condition that gives its tests
 * and attacks advantage or disadvantage, named in the dialog and on the card. Darksight turns
 * darkness's disadvantages into advantages. With the rule off the conditions change nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { resetWorld, settings } from "../fake-foundry/install";
import { answerDialog, clearCanvas, placeToken, shownDialogs } from "../fake-foundry/ui";
import type { FakeTokenHUD } from "../fake-foundry/hud";
import type { BrinkActor } from "../../src/documents/actor";
import { mindBladeFoe } from "../support/attacks";
import { bootBrink } from "./boot";

await bootBrink();
const { promptTest, promptAttack } = await import("../../src/applications/rolls/flows");

interface Card {
  content: string;
  system: { record: { attacks: { result: { total: number } }[]; result?: { total: number } } };
}
const lastCard = () => game.messages.contents.at(-1) as unknown as Card;
const lastDialog = () => shownDialogs.at(-1)?.content ?? "";
const total = () => /<span class="total">(-?\d+)<\/span>/.exec(lastCard().content)?.[1];

/** Mara: every attribute d6, no skill rated, a club (melee), throwing knives and a sling. */
async function mara(conditions: string[], proficiencies: string[] = []): Promise<BrinkActor> {
  const die = { die: 6 };
  return (await Actor.implementation.create({
    name: "Mara",
    type: "character",
    system: {
      conditions,
      proficiencies,
      attributes: { str: die, dex: die, con: die, int: die, wis: die, cha: die },
    },
    items: [
      { name: "Club", type: "weapon", system: { attributes: ["str"], damage: 1, damageType: "psychic" } },
      {
        name: "Knives",
        type: "weapon",
        system: { attributes: ["dex"], damage: 1, damageType: "psychic", properties: ["thrown"] },
      },
      {
        name: "Sling",
        type: "weapon",
        system: { attributes: ["dex"], damage: 1, damageType: "psychic", properties: ["projectile"] },
      },
    ],
  } as never)) as BrinkActor;
}

const TEST = { proficient: "", modifier: "0", advantage: "0", difficulty: "6" };

/** Rolls a WIS test with `skill`; the two faces are the test dice (a second only under (dis)advantage). */
async function testWith(actor: BrinkActor, skill: string, faces: number[]) {
  queueDice(...faces, 10);
  answerDialog({ attribute: "wis", skill, ...TEST });
  await promptTest(actor, { attribute: "wis", skill: skill as never });
}

async function attackWith(actor: BrinkActor, weapon: string, attribute: string, faces: number[]) {
  const foe = await mindBladeFoe();
  const target = placeToken(foe, 6, 5);
  placeToken(actor, 5, 5);
  game.user.targets.clear();
  game.user.targets.add(target as never);
  queueDice(...faces, 10);
  answerDialog({ attribute, advantage: "0", modifier: "0" });
  await promptAttack(actor, actor.items.getName(weapon) as Item.Implementation);
  return lastCard().system.record.attacks[0]?.result.total;
}

beforeEach(async () => {
  resetWorld();
  clearDice();
  clearCanvas();
  shownDialogs.length = 0;
  await settings.set("brink", "lightLevels", true);
});

describe("darkness", () => {
  it("gives a Notice test disadvantage, named in the dialog and on the card", async () => {
    const actor = await mara(["darkness"]);
    await testWith(actor, "notice", [5, 2]);
    expect(plannedDiceLeft()).toBe(0);
    expect(lastDialog()).toContain("Darkness: disadvantage");
    expect(lastCard().content).toContain("Darkness: disadvantage");
    expect(total()).toBe("2");
  });

  it("gives a Sneak test advantage", async () => {
    const actor = await mara(["darkness"]);
    await testWith(actor, "sneak", [2, 5]);
    expect(lastDialog()).toContain("Darkness: advantage");
    expect(lastCard().content).toContain("Darkness: advantage");
    expect(total()).toBe("5");
  });

  it("gives every attack disadvantage, a melee blow too", async () => {
    const actor = await mara(["darkness"]);
    expect(await attackWith(actor, "Club", "str", [5, 2])).toBe(2);
    expect(lastDialog()).toContain("Darkness: disadvantage");
    expect(lastCard().content).toContain("Darkness: disadvantage");
  });

  it("is turned around by darksight: the attack and the Notice test gain advantage", async () => {
    const actor = await mara(["darkness"], ["darksight"]);
    expect(await attackWith(actor, "Club", "str", [2, 5])).toBe(5);
    expect(lastCard().content).toContain("Darkness (darksight): advantage");
    await testWith(actor, "notice", [2, 5]);
    expect(total()).toBe("5");
    expect(lastCard().content).toContain("Darkness (darksight): advantage");
  });

  it("changes nothing while light levels are off in the world's settings", async () => {
    await settings.set("brink", "lightLevels", false);
    const actor = await mara(["darkness"]);
    await testWith(actor, "notice", [5]);
    expect(plannedDiceLeft()).toBe(0);
    expect(total()).toBe("5");
    expect(lastDialog()).not.toContain("Darkness");
    expect(lastCard().content).not.toContain("Darkness");
    expect(await attackWith(actor, "Club", "str", [4])).toBe(4);
  });
});

describe("dim light", () => {
  it("gives a thrown attack disadvantage but leaves a melee blow alone", async () => {
    const actor = await mara(["dim-light"]);
    expect(await attackWith(actor, "Knives", "dex", [6, 3])).toBe(3);
    expect(lastCard().content).toContain("Dim light: disadvantage");
    expect(await attackWith(actor, "Club", "str", [4])).toBe(4);
    expect(lastCard().content).not.toContain("Dim light");
    expect(plannedDiceLeft()).toBe(0);
  });

  it("gives Notice disadvantage and Sneak advantage", async () => {
    const actor = await mara(["dim-light"]);
    await testWith(actor, "notice", [6, 1]);
    expect(total()).toBe("1");
    await testWith(actor, "sneak", [1, 6]);
    expect(total()).toBe("6");
    expect(lastCard().content).toContain("Dim light: advantage");
  });
});

describe("brilliant light", () => {
  it("gives a projectile (long-range) attack disadvantage but not a thrown one", async () => {
    const actor = await mara(["brilliant-light"]);
    expect(await attackWith(actor, "Sling", "dex", [6, 2])).toBe(2);
    expect(lastDialog()).toContain("Brilliant light: disadvantage");
    expect(await attackWith(actor, "Knives", "dex", [3])).toBe(3);
    expect(plannedDiceLeft()).toBe(0);
  });

  it("gives Survival (tracking) advantage and Sneak disadvantage", async () => {
    const actor = await mara(["brilliant-light"]);
    await testWith(actor, "survival", [1, 4]);
    expect(total()).toBe("4");
    expect(lastCard().content).toContain("Brilliant light: advantage");
    await testWith(actor, "sneak", [4, 1]);
    expect(total()).toBe("1");
    expect(lastCard().content).toContain("Brilliant light: disadvantage");
  });
});

describe("the token HUD", () => {
  const hudClass = () => (CONFIG.Token as unknown as { hudClass: new () => FakeTokenHUD }).hudClass;

  it("offers the light levels only while the rule is on, and toggles them as conditions", async () => {
    const actor = await mara([]);
    const hud = new (hudClass())().bind(placeToken(actor, 1, 1));
    expect(Object.keys(hud._getStatusEffectChoices())).toEqual(
      expect.arrayContaining(["darkness", "dim-light", "brilliant-light"]),
    );
    await hud.clickStatus("dim-light");
    expect(actor.statuses.has("dim-light")).toBe(true);
    await settings.set("brink", "lightLevels", false);
    const offered = Object.keys(hud._getStatusEffectChoices());
    for (const level of ["darkness", "dim-light", "brilliant-light"]) expect(offered).not.toContain(level);
  });
});
