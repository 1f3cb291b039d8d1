import { requestAttack } from "../../src/workflows/attack";
import { PLAIN_ATTACK } from "../support/attacks";
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, plannedDiceLeft, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, session, users, writeLog } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken, shownDialogs } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack, promptTest } = await import("../../src/applications/rolls/flows");

const player = users.add(makeUser({ id: "player", name: "Player", isGM: false }));
const card = (message: unknown) => {
  const window = new Window();
  window.document.body.innerHTML = (message as { content: string }).content;
  return window.document;
};
const lastMessage = () =>
  game.messages.contents.at(-1) as unknown as {
    content: string;
    rolls: { total: number }[];
    system: Record<string, unknown>;
  };

async function boudica(): Promise<BrinkActor> {
  const actor = await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    ownership: {
      default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE,
      player: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
    },
    system: {
      attributes: { str: { die: 6 }, dex: { die: 6 }, con: { die: 4 } },
      skills: { athletics: { die: 4 }, combat: { die: 6 } },
      proficiencies: ["martial"],
    },
    items: [
      {
        name: "Spear",
        type: "weapon",
        system: {
          attributes: ["str", "dex"],
          proficiencies: ["martial", "finesse"],
          damage: 4,
          criticalDamage: 8,
          criticalThreshold: 19,
          damageType: "piercing",
        },
      },
      { name: "Broken spear", type: "weapon", system: { durability: { value: 0, max: 4 } } },
    ],
  });
  return actor as BrinkActor;
}

async function enemy(name: string, evasion: number, physical: number, size = 4): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "npc",
    system: { evasion, deflection: { physical, elemental: 0 }, size },
  })) as BrinkActor;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  session.user.targets.clear();
  player.targets.clear();
});

const testAnswer = {
  attribute: "str",
  skill: "athletics",
  proficient: "on",
  modifier: "0",
  advantage: "0",
  difficulty: "6",
};

describe("a test rolled from the sheet", () => {
  it("posts one card with the real rolls: dice, luck die, total and the outcome in words", async () => {
    const actor = await boudica();
    queueDice(2, 3, 12);
    answerDialog(testAnswer);
    const before = writeLog.length;
    await promptTest(actor, { attribute: "str" });
    expect(writeLog.length - before).toBe(1);
    const message = lastMessage();
    expect(message.rolls.map((r) => r.total)).toEqual([2, 3, 12]);
    const doc = card(message);
    expect(doc.querySelector(".card-total .total")?.textContent).toBe("6");
    expect(doc.querySelector(".outcome")?.textContent).toBe("Success by 0");
    expect(doc.querySelector(".card-luck")?.textContent).toContain("Luck 12: no bonus.");
    expect(plannedDiceLeft()).toBe(0);
  });

  it("shows the exact chance of success in the dialog before rolling", async () => {
    const actor = await boudica();
    answerDialog(null);
    await promptTest(actor, { skill: "athletics" });
    // STR d6 + Athletics d4 vs 6, no proficiency; a luck of 20 adds 4. Count every outcome.
    let wins = 0;
    for (let a = 1; a <= 6; a += 1)
      for (let b = 1; b <= 4; b += 1)
        for (let l = 1; l <= 20; l += 1) if (a + b + (l === 20 ? 4 : 0) >= 6) wins += 1;
    const expected = `${Math.round((wins / 480) * 1000) / 10}%`;
    expect(shownDialogs.at(-1)?.content).toContain(`Chance of success: ${expected}`);
    expect(game.messages.size).toBe(0);
  });

  it("adds +4 on a luck of 20 and says so", async () => {
    const actor = await boudica();
    queueDice(1, 1, 20);
    answerDialog({ ...testAnswer, difficulty: "7" });
    await promptTest(actor, { attribute: "str" });
    const doc = card(lastMessage());
    expect(doc.querySelector(".card-total .total")?.textContent).toBe("7");
    expect(doc.querySelector(".card-luck")?.classList.contains("lucky")).toBe(true);
  });

  it("rolls the test dice twice with advantage and keeps the better pool", async () => {
    const actor = await boudica();
    queueDice(1, 1, 5, 4, 10);
    answerDialog({ ...testAnswer, advantage: "1" });
    await promptTest(actor, { attribute: "str" });
    const doc = card(lastMessage());
    const pools = [...doc.querySelectorAll(".card-dice .pool")];
    expect(pools.map((p) => p.classList.contains("kept"))).toEqual([false, true]);
    expect(doc.querySelector(".card-total .total")?.textContent).toBe("10");
  });

  it("applies injuries and exhaustion from the actor to every test", async () => {
    const actor = await boudica();
    await actor.update({ system: { exhaustion: 2 } });
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Minor Injury (Strength)",
        type: "injury",
        effects: [
          {
            name: "Minor Injury",
            transfer: true,
            changes: [
              { key: "system.attributes.str.bonus", mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: "-1" },
            ],
          },
        ],
      },
    ]);
    queueDice(4, 4, 10);
    answerDialog({ ...testAnswer, proficient: "" });
    await promptTest(actor, { attribute: "str" });
    const doc = card(lastMessage());
    const steps = [...doc.querySelectorAll(".card-steps li")].map((li) =>
      [...li.querySelectorAll("span")].map((span) => span.textContent).join(" "),
    );
    expect(steps).toEqual(["Exhaustion 2 −2", "Minor Injury −1"]);
    expect(doc.querySelector(".card-total .total")?.textContent).toBe("5");
  });

  it("is refused for a player who does not own the actor, and nothing is posted", async () => {
    const actor = await boudica();
    const stranger = users.add(makeUser({ id: "stranger", name: "Stranger", isGM: false }));
    const before = writeLog.length;
    const dialogs = shownDialogs.length;
    answerDialog(testAnswer);
    await asUser(stranger, () => promptTest(actor, { attribute: "str" }));
    expect(shownDialogs.length).toBe(dialogs);
    expect(writeLog.length).toBe(before);
    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message: "You can only roll for characters you own.",
    });
  });
});

describe("an attack from a weapon", () => {
  const attackAnswer = { attribute: "str", sneak: "", flanking: "", advantage: "0", modifier: "0" };

  it("reproduces Boudica's spear: 2d6+1 = 6 hits evasion 6 for 6 + 4 − 8 = 2 piercing", async () => {
    const actor = await boudica();
    const foe = await enemy("Guard", 6, 8);
    session.user.targets.add(placeToken(foe, 5, 5));
    queueDice(2, 3, 10);
    answerDialog(attackAnswer);
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    const doc = card(lastMessage());
    const target = doc.querySelector(".target");
    expect(target?.classList.contains("hit")).toBe(true);
    expect(target?.querySelector(".damage")?.textContent?.replace(/\s+/g, " ")).toContain(
      "6 attack total + 4 Spear − 8 deflection = 2 Piercing",
    );
    const attacks = lastMessage().system.attacks as {
      result: { targets: { damage: number; targetId: string }[] };
    }[];
    expect(attacks[0]?.result.targets[0]).toMatchObject({
      damage: 2,
      targetId: expect.stringContaining("Token"),
    });
  });

  it("turns a luck of 19 into a critical that cannot miss: 6 + 8 − 8 = 6", async () => {
    const actor = await boudica();
    session.user.targets.add(placeToken(await enemy("Guard", 12, 8), 5, 5));
    queueDice(2, 3, 19);
    answerDialog(attackAnswer);
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    const doc = card(lastMessage());
    expect(doc.querySelector(".target")?.classList.contains("hit")).toBe(true);
    expect(doc.querySelector(".damage strong")?.textContent).toBe("6");
    expect(doc.querySelector(".card-luck .note")?.textContent).toContain("Critical");
  });

  it("refuses a weapon that is not blast against several targets: one attack, one target, one action (RULES §3/§4)", async () => {
    const actor = await boudica();
    session.user.targets.add(placeToken(await enemy("Goblin A", 4, 0, 3), 5, 5));
    session.user.targets.add(placeToken(await enemy("Goblin B", 4, 0, 3), 8, 8));
    const cards = game.messages.size;
    const writes = writeLog.length;
    const dialogs = shownDialogs.length;
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    expect(shownDialogs.length).toBe(dialogs);
    expect(game.messages.size).toBe(cards);
    expect(writeLog.length).toBe(writes);
    expect(notifications.log.at(-1)?.message).toBe(
      "Spear attacks one target at a time (each attack is an action): target a single token.",
    );
    // A hand-made request meets the same refusal on the GM's client, with nothing rolled.
    const refused = await requestAttack({
      choice: PLAIN_ATTACK,
      rollMode: "publicroll",
      actorUuid: actor.uuid,
      weaponId: actor.items.getName("Spear")?.id ?? "",
      targets: [...session.user.targets].map((t) => (t as { document: { uuid: string } }).document.uuid),
    });
    expect(refused).toMatchObject({ ok: false, reason: "BRINK.Attack.Refusal.single-target-weapon" });
    expect(game.messages.size).toBe(cards);
  });

  it("sends a thrown weapon's shot to a character beside the target on a luck of 1", async () => {
    const actor = await boudica();
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Hand axe",
        type: "weapon",
        system: { attributes: ["str"], damage: 3, damageType: "slashing", properties: ["thrown"] },
      },
    ]);
    const goblin = await enemy("Goblin", 4, 0, 3);
    const ally = await enemy("Roland", 6, 0);
    session.user.targets.add(placeToken(goblin, 5, 5));
    placeToken(ally, 6, 5);
    placeToken(await enemy("Far away", 6, 0), 12, 12);
    queueDice(6, 6, 1, 1);
    answerDialog(attackAnswer);
    await promptAttack(actor, actor.items.getName("Hand axe") as Item.Implementation);
    const doc = card(lastMessage());
    expect(doc.querySelector(".target-name strong")?.textContent).toBe("Roland");
    expect(doc.querySelector(".stray")?.textContent).toBe("strayed from Goblin");
  });

  it("gets advantage against a prone target up close, and meets a guarding target's +1 defences", async () => {
    const actor = await boudica();
    const foe = await enemy("Guard", 6, 0);
    await foe.update({ system: { conditions: ["prone", "guarding"] } });
    session.user.targets.add(placeToken(foe, 5, 5));
    queueDice(1, 1, 3, 3, 10);
    answerDialog(attackAnswer);
    await promptAttack(actor, actor.items.getName("Spear") as Item.Implementation);
    const doc = card(lastMessage());
    // Two pools (advantage): 3 + 3 + 1 = 7 against evasion 6 + 1 for guarding: a hit, barely.
    expect(doc.querySelectorAll(".card-dice .pool").length).toBe(2);
    expect(doc.querySelector(".target .evasion")?.textContent).toContain("evasion 7");
    expect(doc.querySelector(".target")?.classList.contains("hit")).toBe(true);
  });

  it.each([
    [
      "with a broken weapon",
      "Broken spear",
      true,
      "Broken spear is broken (durability 0) and cannot attack.",
    ],
  ])("is refused %s, with a warning and nothing posted", async (_, weaponName, target, message) => {
    const actor = await boudica();
    if (target) session.user.targets.add(placeToken(await enemy("Guard", 6, 0), 5, 5));
    const before = writeLog.length;
    answerDialog(attackAnswer);
    await promptAttack(actor, actor.items.getName(weaponName) as Item.Implementation);
    expect(writeLog.length).toBe(before);
    expect(notifications.log.at(-1)?.message).toBe(message);
  });

  it("refuses an attribute the weapon cannot use", async () => {
    const actor = await boudica();
    const guard = await enemy("Guard", 6, 0);
    const token = placeToken(guard, 5, 5);
    const spear = actor.items.getName("Spear") as Item.Implementation;
    const before = writeLog.length;
    const result = await requestAttack({
      actorUuid: actor.uuid,
      weaponId: spear.id ?? "",
      targets: [token.document.uuid],
      choice: { ...PLAIN_ATTACK, attribute: "cha" },
      rollMode: "publicroll",
    });
    expect(result).toEqual({
      ok: false,
      reason: "BRINK.Attack.Refusal.attribute-not-usable",
      data: { weapon: "Spear" },
    });
    expect(writeLog.length).toBe(before);
  });
});
