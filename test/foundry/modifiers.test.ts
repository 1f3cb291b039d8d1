import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { answerDialog, clearCanvas, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import type { WeaponData } from "../../src/data";
import { onCard } from "../support/cards";
import { attackWith, mindBladeFoe } from "../support/attacks";
import { bootBrink } from "./boot";
import { rollModifiers } from "../../src/rules/modifiers";

await bootBrink();
const { requestCardAction } = await import("../../src/workflows/damage");
const { promptAttack } = await import("../../src/applications/rolls/flows");

/**
 * Issue 11: every roll carries every modifier. Wren has exhaustion 3 (−3 to every test) and a minor
 * injury on STR (−1 to tests with STR): an attack with STR is −4, a dodge (DEX + Athletics) −3, a
 * fortify (STR + Athletics) −4, and each card names where each number came from.
 */

const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
    content: string;
    system: { record: { attacks: { result: { total: number } }[] } };
  };

const MINOR_INJURY = {
  name: "Minor Injury (Strength)",
  type: "injury",
  system: { kind: "minor", attribute: "str" },
  effects: [
    {
      name: "Minor Injury (Strength)",
      transfer: true,
      changes: [{ key: "system.attributes.str.bonus", mode: 2, value: "-1" }],
    },
  ],
};

async function wren(system: Record<string, unknown> = {}) {
  const actor = (await Actor.implementation.create({
    name: "Wren",
    type: "character",
    system: {
      exhaustion: 3,
      evasion: 0,
      attributes: { str: { die: 6 }, dex: { die: 6 }, con: { die: 6 } },
      skills: { athletics: { die: 0 }, combat: { die: 0 } },
      ...system,
    },
    items: [
      MINOR_INJURY,
      { name: "Club", type: "weapon", system: { attributes: ["str"], damage: 2, damageType: "psychic" } },
    ],
  } as never)) as BrinkActor;
  return { actor, token: placeToken(actor, 5, 5) };
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("exhaustion 3 and a minor injury on STR", () => {
  it("take 4 off an attack with STR, and the card names each source", async () => {
    const { actor } = await wren();
    const foe = await mindBladeFoe();
    const target = placeToken(foe, 6, 5);
    game.user.targets.clear();
    game.user.targets.add(target as never);
    queueDice(5, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
    await promptAttack(actor, actor.items.getName("Club") as Item.Implementation);
    const card = lastCard();
    expect(card.system.record.attacks[0]?.result.total).toBe(5 - 3 - 1);
    expect(card.content).toContain("Exhaustion 3");
    expect(card.content).toMatch(/Exhaustion 3<\/span><span class="value">−3/);
    expect(card.content).toMatch(/Minor Injury \(Strength\)<\/span><span class="value">−1/);
  });

  it("take 3 off a dodge (DEX + Athletics: the STR injury does not count)", async () => {
    const { token } = await wren();
    await attackWith(await mindBladeFoe(), token, 5); // attack total 5
    const card = lastCard();
    queueDice(6, 10); // DEX 6 − 3 = 3: short of 5 (without exhaustion it would have dodged)
    await requestCardAction("react", { ...onCard(card, token), kind: "dodge" });
    expect(plannedDiceLeft()).toBe(0);
    expect(lastCard().content).toContain("Fails to dodge: 3 vs 5. (Exhaustion 3 −3)");
  });

  it("take 4 off a fortify (STR + Athletics), and the card names each source", async () => {
    const { actor, token } = await wren({ endurance: { value: 0, max: 10 }, health: { value: 12, max: 12 } });
    expect(actor.system.health.value).toBe(12);
    await attackWith(await mindBladeFoe(), token, 5); // 5 + 4 = 9 psychic: health 3, missing 9 > CON 6
    const card = lastCard();
    await requestCardAction("apply", onCard(card, token));
    queueDice(6, 10); // STR 6 − 3 − 1 = 2
    await requestCardAction("choose", { ...onCard(card, token), choice: "fortify" });
    expect(lastCard().content).toContain(
      "Fortify 2 vs 9: fails. (Exhaustion 3 −3, Minor Injury (Strength) −1)",
    );
  });
});

describe("a killing strike", () => {
  it("takes the same 4 off its test, and off the sneak attack a failure becomes", async () => {
    const { actor } = await wren();
    const victim = (await Actor.implementation.create({
      name: "Victim",
      type: "npc",
      system: {
        attributes: { con: { die: 4 } },
        endurance: { value: 0 },
        health: { value: 0 },
        conditions: ["unconscious"],
      },
    } as never)) as BrinkActor;
    game.user.targets.clear();
    game.user.targets.add(placeToken(victim, 6, 5) as never);
    // Advantage: d6 2 and 6, keep 6; luck 10 → 6 − 3 − 1 = 2 vs CON 4 (it would land without them).
    // The sneak attack: d6 3 and 4, keep 4; luck 10 → 4 − 3 − 1 = 0.
    queueDice(2, 6, 10, 3, 4, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0", killingStrike: "on" });
    await promptAttack(actor, actor.items.getName("Club") as Item.Implementation);
    const card = lastCard();
    expect(card.content).toContain("Killing strike 2 vs CON 4: it fails");
    expect(card.system.record.attacks[0]?.result.total).toBe(0);
    expect(card.content).toMatch(/Exhaustion 3<\/span><span class="value">−3/);
  });
});

describe("the attack dialog's odds", () => {
  it("count the same modifiers as the roll: Wren's odds are a fresh fighter's with −4", async () => {
    const { attackChances } = await import("../../src/applications/rolls/roll-choices");
    const { actorData } = await import("../../src/data");
    const { actor } = await wren();
    const fresh = (await Actor.implementation.create({
      name: "Fresh",
      type: "character",
      system: { attributes: { str: { die: 6 } }, skills: { combat: { die: 0 } } },
    } as never)) as BrinkActor;
    const club = actor.items.getName("Club")?.system as WeaponData;
    const target = { id: "t", name: "Foe", evasion: 3, deflection: { physical: 0, elemental: 0 }, size: 4 };
    const choice = { attribute: "str", sneak: false, flanking: false, advantage: 0, modifier: 0 } as const;
    const odds = (a: BrinkActor, modifier: number) =>
      attackChances(actorData(a), club.attackWeapon(), [target], { ...choice, modifier }, 0)[0]?.chance;
    expect(odds(actor, 0)).toBe(odds(fresh, -4));
    expect(odds(actor, 0)).not.toBe(odds(fresh, 0));
  });
});

describe("disadvantage from an injury", () => {
  it("makes a dodge keep the worse of two rolls, and the card names the injury", async () => {
    const { actor, token } = await wren({ exhaustion: 0 });
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Reeling",
        type: "injury",
        effects: [
          {
            name: "Reeling",
            transfer: true,
            changes: [{ key: "system.attributes.dex.disadvantage", mode: 2, value: "1" }],
          },
        ],
      },
    ] as never);
    await attackWith(await mindBladeFoe(), token, 5);
    queueDice(6, 2, 10); // DEX 6, then DEX 2: the 2 counts
    await requestCardAction("react", { ...onCard(lastCard(), token), kind: "dodge" });
    expect(plannedDiceLeft()).toBe(0);
    expect(lastCard().content).toContain("Fails to dodge: 2 vs 5. (Reeling: disadvantage)");
  });
});

describe("a test card", () => {
  it("names where its disadvantage came from", async () => {
    const { promptTest } = await import("../../src/applications/rolls/flows");
    const { actor } = await wren({ exhaustion: 0 });
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Disoriented",
        type: "setback",
        effects: [
          {
            name: "Disoriented",
            transfer: true,
            changes: [{ key: "system.skills.notice.disadvantage", mode: 2, value: "1" }],
          },
        ],
      },
    ] as never);
    queueDice(5, 2, 10);
    answerDialog({
      attribute: "wis",
      skill: "notice",
      proficient: "",
      modifier: "0",
      advantage: "0",
      difficulty: "6",
    });
    await promptTest(actor, { attribute: "wis", skill: "notice" });
    const card = lastCard();
    expect(card.content).toContain("Disoriented: disadvantage");
    expect(card.content).toMatch(/<span class="total">2<\/span>/);
  });
});

describe("what each roll carries (RULES §1, §4, §6)", () => {
  const state = {
    exhaustion: 3,
    attributes: { str: { bonus: -1, disadvantage: 0 }, dex: { bonus: 0, disadvantage: 1 } },
    skills: {},
    conditions: new Set(["guarding"]),
    effects: [
      { source: "Minor Injury (Strength)", key: "attributes.str.bonus", value: -1 },
      { source: "Reeling", key: "attributes.dex.disadvantage", value: 1 },
    ],
    light: null,
  };
  const summary = (kind: Parameters<typeof rollModifiers>[1], attribute?: "str" | "dex") =>
    rollModifiers(state, kind, attribute).map((m) => [m.source, m.name ?? "", m.value, m.advantage]);

  it("a dodge takes exhaustion, the DEX effects and Guard", () => {
    expect(summary("dodge")).toEqual([
      ["exhaustion", "", -3, 0],
      ["effect", "Reeling", 0, -1],
      ["guard", "", 1, 0],
    ]);
  });

  it("an attack takes no Guard bonus", () => {
    expect(summary("attack", "str")).toEqual([
      ["exhaustion", "", -3, 0],
      ["effect", "Minor Injury (Strength)", -1, 0],
    ]);
  });

  it("a death save stays a plain d20: nothing at all, and its line on the card says so", async () => {
    expect(summary("death-save")).toEqual([]);
    const { describeStep } = await import("../../src/data/chat/damage-steps");
    const step = { kind: "death-save", roll: 12, automatic: false, success: true, successes: 1, failures: 0 };
    expect(describeStep(step as never).text).toBe(
      "Death save 12 (plain d20, no modifiers): success (1 success, 0 failures).",
    );
  });
});
