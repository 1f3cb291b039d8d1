import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, session, settings, users, writeLog } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";
import { renderSheet } from "../support/sheets";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { promptHeal, deathSave, promptStabilise } = await import("../../src/applications/rolls/life-flows");
const { requestCardAction } = await import("../../src/workflows/damage");
const { lifeAction, onTurnEnd, revertLifeCard } = await import("../../src/workflows/life");
const { CharacterSheet } = await import("../../src/applications");
const { rollHealing, applyHealingCard } = await import("../../src/workflows/healing-roll");
const { requestRest } = await import("../../src/workflows/rest");
const { registerRecovery } = await import("../../src/workflows/recovery");

const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const NONE = CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
const ally = users.add(makeUser({ id: "ally", name: "Ally's player", isGM: false }));

interface Life {
  health: { value: number };
  strain: { value: number; max: number };
  conditions: Set<string>;
  death: { dying: { turnsTaken: number; successes: number; failures: number } | null };
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;

async function character(name: string, owner: string, system: Record<string, unknown> = {}) {
  return (await Actor.implementation.create({
    name,
    type: "character",
    ownership: { default: NONE, [owner]: OWNER },
    system: { evasion: 1, attributes: { con: { die: 6 } }, ...system },
  })) as BrinkActor;
}

/** A blow that takes the target from 3 health to 0 with 8 psychic damage. */
async function fell(target: BrinkActor) {
  await target.update({ system: { endurance: { value: 0 }, health: { value: 3 } } });
  const token = placeToken(target, 5, 5);
  const foe = (await Actor.implementation.create({
    name: "Foe",
    type: "npc",
    items: [
      { name: "Club", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "psychic" } },
    ],
  })) as BrinkActor;
  session.user.targets.clear();
  session.user.targets.add(token);
  queueDice(4, 10);
  answerDialog({ attribute: "str", advantage: "0", modifier: "0" });
  await promptAttack(foe, foe.items.contents[0] as Item.Implementation);
  const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };
  return { card, token };
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});
afterEach(() => settings.reset());

describe("healing from the sheet", () => {
  it("wakes an unconscious character under the core rule, in one actor write between the card's two", async () => {
    const actor = await character("Roland", "gm", {
      health: { value: 0, max: 10 },
      conditions: ["unconscious"],
    });
    answerDialog({ amount: "3", pool: "health", kind: "free" });
    const writes = writeLog.length;
    await promptHeal(actor);
    expect(life(actor).health.value).toBe(3);
    expect(life(actor).conditions.has("unconscious")).toBe(false);
    expect(writeLog.slice(writes).map((w) => w.documentName)).toEqual([
      "ChatMessage",
      "Actor",
      "ChatMessage",
    ]);
  });

  it("can be reverted by the GM from its card, exactly once", async () => {
    const actor = await character("Roland", "gm", {
      health: { value: 0, max: 10 },
      conditions: ["unconscious"],
    });
    const before = structuredClone(actor.toObject().system);
    answerDialog({ amount: "3", pool: "health", kind: "free" });
    await promptHeal(actor);
    const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
    expect((await revertLifeCard(card.id ?? "")).ok).toBe(true);
    expect(actor.toObject().system).toEqual(before);
    expect((await revertLifeCard(card.id ?? "")).ok).toBe(false);
  });

  it("refuses to heal the dead, with a message and no write", async () => {
    const actor = await character("Ghost", "gm", { health: { value: 0, max: 10 }, conditions: ["dead"] });
    answerDialog({ amount: "3", pool: "health", kind: "free" });
    const writes = writeLog.length;
    await promptHeal(actor);
    expect(writeLog.length).toBe(writes);
  });
});

describe("a healing roll's card", () => {
  it("heals the targeted tokens by the rolled amount, following the death rule", async () => {
    const actor = await character("Roland", "gm", { health: { value: 2, max: 10 }, conditions: [] });
    session.user.targets.clear();
    session.user.targets.add(placeToken(actor, 2, 2));
    queueDice(6);
    const message = await rollHealing("1d8", { kind: "free" });
    await applyHealingCard(message as unknown as ChatMessage.Implementation);
    expect(life(actor).health.value).toBe(8);
  });
});

describe("resurrection", () => {
  it("brings the dead back at 1 health with CON stepped down for good, for the GM only", async () => {
    const actor = await character("Roland", "ally", {
      health: { value: 0, max: 10 },
      conditions: ["dead", "unconscious"],
    });
    const refused = await asUser(ally, () => lifeAction(actor, { kind: "resurrect" }));
    expect(refused.ok).toBe(false);
    await lifeAction(actor, { kind: "resurrect" });
    expect(life(actor).health.value).toBe(1);
    expect(life(actor).conditions.has("dead")).toBe(false);
    expect((actor.system as unknown as { attributes: { con: { die: number } } }).attributes.con.die).toBe(4);
  });

  const ADD = CONST.ACTIVE_EFFECT_MODES.ADD;
  const OVERRIDE = CONST.ACTIVE_EFFECT_MODES.OVERRIDE;
  /** Dead, with an own CON die and maybe an item's effect on CON (an injury's step, a blessing's die). */
  async function deadWith(ownCon: number, change?: { key: string; mode: number; value: string }) {
    const actor = await character("Roland", "ally", {
      attributes: { con: { die: ownCon } },
      health: { value: 0, max: 10 },
      conditions: ["dead", "unconscious"],
    });
    if (change)
      await actor.createEmbeddedDocuments("Item", [
        {
          name: "Cracked Spine",
          type: "injury",
          system: { kind: "serious", attribute: "con" },
          effects: [{ name: "Cracked Spine", transfer: true, changes: [change] }],
        },
      ] as never);
    return actor;
  }
  const con = (actor: BrinkActor) => {
    const rating = (actor.system as unknown as { attributes: { con: { value: number } } }).attributes.con;
    const own = (actor._source.system as unknown as { attributes: { con: { die: number } } }).attributes.con
      .die;
    return { own, effective: rating.value, strainMax: life(actor).strain.max };
  };
  const injuryStep = { key: "system.attributes.con.steps", mode: ADD, value: "1" };

  it("refuses the dead whose injuries would leave CON at 0 once stepped down, and changes nothing", async () => {
    const actor = await deadWith(6, injuryStep);
    expect(con(actor)).toEqual({ own: 6, effective: 4, strainMax: 4 });
    const before = writeLog.length;
    const result = await lifeAction(actor, { kind: "resurrect" });
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Life.Refusal.con-lost-to-injuries" });
    expect(writeLog.slice(before)).toEqual([]);
    expect(con(actor)).toEqual({ own: 6, effective: 4, strainMax: 4 });
    expect(life(actor).conditions.has("dead")).toBe(true);
  });

  it("refuses a CON of d4, even when an effect makes it larger, and writes no effect into the die", async () => {
    for (const change of [undefined, { key: "system.attributes.con.die", mode: OVERRIDE, value: "8" }]) {
      const actor = await deadWith(4, change);
      const before = writeLog.length;
      const result = await lifeAction(actor, { kind: "resurrect" });
      expect(result).toMatchObject({ ok: false, reason: "BRINK.Life.Refusal.con-exhausted" });
      expect(writeLog.slice(before)).toEqual([]);
      expect(con(actor).own).toBe(4);
    }
  });

  it("is reverted by the GM with the CON die it took, unless the die was changed since", async () => {
    const actor = await deadWith(8);
    await lifeAction(actor, { kind: "resurrect" });
    expect(con(actor).own).toBe(6);
    const card = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
    expect((await revertLifeCard(card.id ?? "")).ok).toBe(true);
    expect(con(actor)).toEqual({ own: 8, effective: 8, strainMax: 8 });
    expect(life(actor).health.value).toBe(0);
    expect([...life(actor).conditions].sort()).toEqual(["dead", "unconscious"]);

    const again = await deadWith(8);
    await lifeAction(again, { kind: "resurrect" });
    await again.update({ "system.attributes.con.die": 10 } as never);
    const later = game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
    expect((await revertLifeCard(later.id ?? "")).ok).toBe(true);
    expect(con(again).own).toBe(10);
    expect(life(again).conditions.has("dead")).toBe(true);
  });

  it("steps the own CON die down and the injured CON with it", async () => {
    const actor = await deadWith(8, injuryStep);
    expect(con(actor)).toEqual({ own: 8, effective: 6, strainMax: 6 });
    const result = await lifeAction(actor, { kind: "resurrect" });
    expect(result.ok).toBe(true);
    expect(con(actor)).toEqual({ own: 6, effective: 4, strainMax: 4 });
    expect(life(actor).health.value).toBe(1);
  });
});

describe("the stabilise rule (S1)", () => {
  it("rolls the d20 table when an ally stabilises a downed character: a lost step of STR is an item", async () => {
    await settings.set("brink", "deathRule", "stabilise");
    const actor = await character("Roland", "gm", {
      attributes: { str: { die: 8 } },
      health: { value: 0, max: 10 },
      conditions: ["unconscious"],
      death: { downed: { roundsElapsed: 2, fightOver: false } },
    });
    const helper = await character("Clementine", "ally", { skills: { heal: { die: 6 } } });
    queueDice(4, 5, 10, 2); // WIS + Heal 9 vs 8, then the d20: 2 = lose a step of STR
    answerDialog({ ally: helper.id, tools: "on" });
    await asUser(ally, () => promptStabilise(actor));
    expect(actor.items.getName("Maimed Strength")).toBeDefined();
    expect((actor.system as unknown as { attributes: { str: { value: number } } }).attributes.str.value).toBe(
      6,
    );
    expect(life(actor).health.value).toBe(1);
  });

  it("14-19 leaves the character Reeling: every test at disadvantage until a night's rest, which the rest card names", async () => {
    await settings.set("brink", "deathRule", "stabilise");
    const actor = await character("Roland", "gm", {
      health: { value: 0, max: 10 },
      conditions: ["unconscious"],
      death: { downed: { roundsElapsed: 2, fightOver: false } },
    });
    const helper = await character("Clementine", "ally", { skills: { heal: { die: 6 } } });
    queueDice(4, 5, 10, 15); // WIS + Heal 9 vs 8, then the d20: 15 = disadvantage until rest
    answerDialog({ ally: helper.id, tools: "on" });
    await asUser(ally, () => promptStabilise(actor));
    expect(actor.items.getName("Reeling")).toBeDefined();
    const disadvantages = () =>
      Object.values(
        (actor.system as unknown as { attributes: Record<string, { disadvantage: number }> }).attributes,
      ).map((rating) => rating.disadvantage);
    expect(disadvantages()).toEqual([1, 1, 1, 1, 1, 1]);

    // An hour's short rest is not the night's rest S1 means: still reeling.
    registerRecovery();
    expect(await requestRest("short", [{ actorUuid: actor.uuid, hitDice: 0, sleptInArmour: false }])).toEqual(
      {
        ok: true,
      },
    );
    expect(actor.items.getName("Reeling")).toBeDefined();

    // Any night's rest ends it, even an unsafe one.
    expect(
      await requestRest("long-unsafe", [{ actorUuid: actor.uuid, hitDice: 0, sleptInArmour: false }]),
    ).toEqual({ ok: true });
    expect(actor.items.getName("Reeling")).toBeUndefined();
    expect(disadvantages()).toEqual([0, 0, 0, 0, 0, 0]);
    const card = game.messages.contents.at(-1) as unknown as { content: string };
    expect(card.content).toContain("Reeling");
  });
});

describe("the dying rule (S2)", () => {
  beforeEach(async () => {
    await settings.set("brink", "deathRule", "dying");
  });

  it("asks for strain or an injury at zero health, then counts down the dying character's turns", async () => {
    const actor = await character("Petra", "gm");
    const { card, token } = await fell(actor);
    await requestCardAction("apply", onCard(card, token));
    expect(card.content).toContain("take 1d6 system strain or roll on the injury table?");
    queueDice(2);
    await requestCardAction("choose", { ...onCard(card, token), choice: "strain" });
    expect(life(actor).strain.value).toBe(2);
    expect(life(actor).conditions.has("dying")).toBe(true);
    expect(life(actor).death.dying).toMatchObject({ turnsTaken: 0, successes: 0, failures: 0 });

    await onTurnEnd(actor);
    expect(life(actor).death.dying?.turnsTaken).toBe(1);
    const { html } = await renderSheet(CharacterSheet, actor);
    expect(html).toContain("Dying: 9 turns left");
  });

  it("makes a rolled injury an item copied from the d12 table's linked compendium item; the GM's revert removes it", async () => {
    const actor = await character("Petra", "gm");
    const { card, token } = await fell(actor);
    await requestCardAction("apply", onCard(card, token));
    queueDice(11); // d12 face 11: a mangled leg
    await requestCardAction("choose", { ...onCard(card, token), choice: "injury" });
    const leg = actor.items.getName("Mangled Leg");
    expect(leg?.type).toBe("injury");
    expect((leg?.system as unknown as { source: string }).source).toBe("Dying (injury, d12)");
    expect((actor.system as unknown as { speed: number }).speed).toBeLessThan(6);
    // The card links the injury it created: a click opens the item, a drag carries it.
    const links = async () =>
      [
        ...(
          await (card as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML()
        ).querySelectorAll<HTMLElement>("a.content-link"),
      ].map((link) => [link.dataset.uuid, link.textContent?.trim()]);
    expect(await links()).toEqual([[leg?.uuid, "Mangled Leg"]]);
    await requestCardAction("revert", onCard(card, token));
    expect(actor.items.getName("Mangled Leg")).toBeUndefined();
    expect(await links()).toEqual([]);
  });

  it("makes a wound permanent when the same injury is rolled while it is still held, without a second copy", async () => {
    const actor = await character("Petra", "gm");
    const first = await fell(actor);
    await requestCardAction("apply", onCard(first.card, first.token));
    queueDice(11);
    await requestCardAction("choose", { ...onCard(first.card, first.token), choice: "injury" });
    await lifeAction(actor, { kind: "heal", amount: 3, pool: "health", healing: "free" });
    const second = await fell(actor);
    await requestCardAction("apply", onCard(second.card, second.token));
    queueDice(11);
    await requestCardAction("choose", { ...onCard(second.card, second.token), choice: "injury" });
    const legs = actor.items.filter((item) => item.name === "Mangled Leg");
    expect(legs).toHaveLength(1);
    expect((legs[0]?.system as unknown as { permanent: boolean }).permanent).toBe(true);
    await requestCardAction("revert", onCard(second.card, second.token));
    expect((actor.items.getName("Mangled Leg")?.system as unknown as { permanent: boolean }).permanent).toBe(
      false,
    );
  });

  it("stands up with 1 health on a natural 20 death save", async () => {
    const actor = await character("Petra", "gm");
    const { card, token } = await fell(actor);
    await requestCardAction("apply", onCard(card, token));
    queueDice(1);
    await requestCardAction("choose", { ...onCard(card, token), choice: "strain" });
    queueDice(20);
    await deathSave(actor);
    expect(life(actor).health.value).toBe(1);
    expect(life(actor).conditions.has("dying")).toBe(false);
  });

  it("is stabilised by an ally's Heal test against 8 with tools, once per round", async () => {
    const actor = await character("Petra", "gm");
    const helper = await character("Clementine", "ally", { skills: { heal: { die: 6 } } });
    const { card, token } = await fell(actor);
    await requestCardAction("apply", onCard(card, token));
    queueDice(1);
    await requestCardAction("choose", { ...onCard(card, token), choice: "strain" });
    queueDice(4, 5, 10); // WIS d6 4 + Heal d6 5 = 9 vs 8
    answerDialog({ ally: helper.id, tools: "on" });
    await asUser(ally, () => promptStabilise(actor));
    expect([...life(actor).conditions].sort()).toEqual(["stable", "unconscious"]);
  });
});
