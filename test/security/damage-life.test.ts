/**
 * The hostile player against the damage, reaction, life and healing requests: every call below is
 * one a player can make from their browser console. Each is refused with a reason the player can
 * read, and nothing is written; reactions are charged to (and given back to) the combatant that
 * reacted, whatever combat the tracker shows.
 */
import { describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { settings, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { FakeScene, viewCombat } from "../fake-foundry/combat";
import { placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import type { BrinkCombat } from "../../src/documents/combat";
import type { BrinkCombatant } from "../../src/documents/combatant";
import { onCard } from "../support/cards";
import { character, cleanWorldEachTest } from "../support/characters";
import { bootCombat, DISPOSITIONS, player, setUpFight } from "../foundry/combat-fixtures";
import { attackWith, mindBlade, mindBladeFoe } from "../support/attacks";

await bootCombat();
const { requestCardAction } = await import("../../src/workflows/damage");
const { requestFromGM } = await import("../../src/requests");

const mallory = player("mallory");

interface Life {
  endurance: { value: number };
  health: { value: number };
  conditions: Set<string>;
}
const life = (actor: Actor.Implementation) => actor.system as unknown as Life;
const lastCard = () => game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
const english = (reason: string) => {
  expect(game.i18n.has(reason)).toBe(true);
  return game.i18n.localize(reason);
};

cleanWorldEachTest();

const foeWithBlade = () => mindBladeFoe();

/** The GM attacks `target` (a canvas token or a scene token document) with a d6 face. */
async function attack(foe: BrinkActor, target: { document: { uuid: string } }, face: number) {
  await attackWith(foe, target, face);
  return lastCard();
}

/** Mallory's character, at 0 endurance, after a 10-point blow that asks her to fortify or fall. */
async function awaitingFortify() {
  const actor = await character("Rook", "mallory", { endurance: { value: 0 }, health: { value: 12 } });
  const token = placeToken(actor, 5, 5);
  const card = await attack(await foeWithBlade(), token, 6);
  await requestCardAction("apply", onCard(card, token));
  return { actor, token, card };
}

const hostile = (name: string, payload: Record<string, unknown>) =>
  asUser(mallory, () => requestFromGM(name, payload));

describe("card requests with bad fields", () => {
  it("refuses a fortify answer that is not fortify or fall, and writes nothing", async () => {
    const { actor, token, card } = await awaitingFortify();
    const writes = writeLog.length;
    const before = structuredClone(actor.toObject());
    const result = await hostile("damage.choose", { ...onCard(card, token), choice: "banana" });
    expect(result).toEqual({ ok: false, reason: "BRINK.Request.badField", data: { field: "choice" } });
    expect(english("BRINK.Request.badField")).toContain("{field}");
    expect(writeLog.length).toBe(writes);
    expect(actor.toObject()).toEqual(before);
    expect(life(actor).conditions.has("unconscious")).toBe(false);
  });

  it("refuses a strain-or-injury answer to a fortify question", async () => {
    const { token, card } = await awaitingFortify();
    const writes = writeLog.length;
    const result = await hostile("damage.choose", { ...onCard(card, token), choice: "injury" });
    expect(result).toEqual({ ok: false, reason: "BRINK.Request.badField", data: { field: "choice" } });
    expect(writeLog.length).toBe(writes);
  });

  it("refuses bad indexes, ids, kinds and prototype keys with a reason, never a throw", async () => {
    const { token, card } = await awaitingFortify();
    const good = onCard(card, token);
    const writes = writeLog.length;
    const cases: [string, Record<string, unknown>, string][] = [
      ["damage.apply", { ...good, attack: "0" }, "attack"],
      ["damage.apply", { ...good, attack: 0.5 }, "attack"],
      ["damage.apply", { ...good, attack: -1 }, "attack"],
      ["damage.apply", { ...good, attack: 7 }, "attack"],
      ["damage.apply", { ...good, attack: 1e300 }, "attack"],
      ["damage.apply", { ...good, attack: Number.NaN }, "attack"],
      ["damage.apply", { messageId: good.messageId, target: good.target }, "attack"],
      ["damage.apply", { ...good, messageId: 42 }, "messageId"],
      ["damage.apply", { ...good, messageId: "__proto__" }, "messageId"],
      ["damage.apply", { ...good, messageId: "constructor" }, "messageId"],
      ["damage.apply", { ...good, target: { uuid: good.target } }, "target"],
      ["damage.apply", { ...good, target: "__proto__" }, "target"],
      ["damage.choose", { ...good, choice: "fortify", target: undefined }, "target"],
      ["damage.react", { ...good, kind: "__proto__" }, "kind"],
      ["damage.react", { ...good, kind: "constructor" }, "kind"],
      ["damage.react", { ...good, kind: ["dodge"] }, "kind"],
      ["damage.react", { ...good }, "kind"],
      ["damage.choose", { ...good, choice: "constructor" }, "choice"],
      ["damage.choose", { ...good }, "choice"],
    ];
    for (const [name, payload, field] of cases) {
      const result = await hostile(name, payload);
      expect([name, field, result]).toEqual([name, field, badFieldRefusal(field)]);
    }
    expect(writeLog.length).toBe(writes);
  });
});

/** The refusal naming a bad field: ids and numbers say which kind of value was wanted. */
const FIELD_REASONS: Record<string, string> = {
  attack: "BRINK.Request.badNumber",
  amount: "BRINK.Request.badNumber",
  messageId: "BRINK.Request.badId",
  target: "BRINK.Request.badId",
  actorUuid: "BRINK.Request.badId",
  by: "BRINK.Request.badId",
};
function badFieldRefusal(field: string) {
  return { ok: false, reason: FIELD_REASONS[field] ?? "BRINK.Request.badField", data: { field } };
}

describe("heal requests with bad fields", () => {
  const heal = (actor: BrinkActor, action: Record<string, unknown>) =>
    hostile("life", {
      actorUuid: actor.uuid,
      action: { kind: "heal", pool: "health", healing: "free", amount: 5, ...action },
      rollMode: "publicroll",
    });

  it("refuse amounts that are strings, negative, fractional, NaN, infinite or huge, and pools that do not exist", async () => {
    const actor = await character("Rook", "mallory", { health: { value: 3 } });
    const writes = writeLog.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: "5" }, "amount"],
      [{ amount: -5 }, "amount"],
      [{ amount: 2.5 }, "amount"],
      [{ amount: Number.NaN }, "amount"],
      [{ amount: Number.POSITIVE_INFINITY }, "amount"],
      [{ amount: 1e300 }, "amount"],
      [{ amount: undefined }, "amount"],
      [{ pool: "stamina" }, "pool"],
      [{ pool: "__proto__" }, "pool"],
      [{ healing: "banana" }, "healing"],
      [{ kind: "constructor" }, "kind"],
    ];
    for (const [action, field] of cases) {
      expect([field, await heal(actor, action)]).toEqual([field, badFieldRefusal(field)]);
    }
    expect(await hostile("life", { actorUuid: actor.uuid, action: "heal", rollMode: "publicroll" })).toEqual({
      ok: false,
      reason: "BRINK.Request.badField",
      data: { field: "action" },
    });
    expect(
      await hostile("life", { actorUuid: 12, action: { kind: "death-save" }, rollMode: "publicroll" }),
    ).toEqual(badFieldRefusal("actorUuid"));
    expect(await hostile("life", { actorUuid: actor.uuid, action: { kind: "death-save" } })).toEqual(
      badFieldRefusal("rollMode"),
    );
    expect(
      await hostile("life", {
        actorUuid: actor.uuid,
        action: { kind: "strain-or-injury", choice: "fall" },
        rollMode: "publicroll",
      }),
    ).toEqual({
      ok: false,
      reason: "BRINK.Request.badField",
      data: { field: "choice" },
    });
    expect(writeLog.length).toBe(writes);
    expect(life(actor).health.value).toBe(3);
  });

  it("still heals a well-formed request", async () => {
    const actor = await character("Rook", "mallory", { health: { value: 3 } });
    expect(await heal(actor, {})).toEqual({ ok: true });
    expect(life(actor).health.value).toBe(8);
  });
});

describe("stabilise", () => {
  /** Petra (the GM's) is dying; Clementine is Mallory's ally with Heal d6. */
  async function dyingPetra() {
    await settings.set("brink", "deathRule", "dying");
    const petra = await character("Petra", "gm", { endurance: { value: 0 }, health: { value: 3 } });
    const helper = await character("Clementine", "mallory", {
      attributes: { wis: { die: 6 } },
      skills: { heal: { die: 6 } },
    });
    const token = placeToken(petra, 5, 5);
    const card = await attack(await foeWithBlade(), token, 4);
    await requestCardAction("apply", onCard(card, token));
    queueDice(1);
    await requestCardAction("choose", { ...onCard(card, token), choice: "strain" });
    expect(life(petra).conditions.has("dying")).toBe(true);
    return { petra, helper };
  }

  it("ignores a heal total the player sent: the GM's client rolls the ally's Heal test", async () => {
    const { petra, helper } = await dyingPetra();
    queueDice(1, 1, 10); // WIS d6 1 + Heal d6 1 = 2 vs 8: fails, whatever the payload says
    const result = await hostile("life", {
      actorUuid: petra.uuid,
      action: { kind: "stabilise", healTotal: 99, hasHealingTools: true, by: helper.id },
      rollMode: "publicroll",
    });
    expect(result).toEqual({ ok: true });
    expect(life(petra).conditions.has("stable")).toBe(false);
    expect(life(petra).conditions.has("dying")).toBe(true);
  });

  it("refuses a tending ally the player does not own, or a malformed one", async () => {
    const { petra } = await dyingPetra();
    const stranger = await character("Stranger", "gm", { skills: { heal: { die: 12 } } });
    const writes = writeLog.length;
    const ask = (action: Record<string, unknown>) =>
      hostile("life", {
        actorUuid: petra.uuid,
        action: { kind: "stabilise", hasHealingTools: true, ...action },
        rollMode: "publicroll",
      });
    expect(await ask({ by: stranger.id })).toEqual({
      ok: false,
      reason: "BRINK.Damage.Refusal.notYourCharacter",
    });
    expect(await ask({ by: "__proto__" })).toEqual(badFieldRefusal("by"));
    expect(await ask({ by: 5 })).toEqual(badFieldRefusal("by"));
    expect(await ask({ by: stranger.id, hasHealingTools: "yes" })).toEqual({
      ok: false,
      reason: "BRINK.Request.badField",
      data: { field: "hasHealingTools" },
    });
    expect(writeLog.length).toBe(writes);
  });
});

describe("reactions", () => {
  /** Rook (Mallory's) and a foe in a started combat; a second, unstarted combat is the one viewed. */
  async function twoCombats(extraRookToken = false) {
    const f = await setUpFight([
      { name: "Rook", disposition: DISPOSITIONS.friendly, owner: mallory, type: "character" },
      { name: "Foe", disposition: DISPOSITIONS.hostile },
    ]);
    const foe = f.actor("Foe") as BrinkActor;
    await foe.createEmbeddedDocuments("Item", [mindBlade()] as never);
    const scene = f.combat.scene as unknown as FakeScene;
    if (extraRookToken) {
      const [second] = (await scene.createEmbeddedDocuments("Token", [
        { name: "Rook", x: 500, y: 0, actorId: f.actor("Rook").id, disposition: DISPOSITIONS.friendly },
      ] as never)) as unknown as { id: string }[];
      await f.combat.createEmbeddedDocuments("Combatant", [
        { tokenId: second?.id, actorId: f.actor("Rook").id },
      ] as never);
      await f.combat.whenSynced();
    }
    await f.combat.begin({ startingTeam: f.teamId("Foes") });
    await f.combat.takeTurn(f.member("Foe").id ?? "");
    const elsewhere = await character("Bystander", "gm");
    const otherScene = await FakeScene.create({
      name: "Elsewhere",
      tokens: [{ name: "Bystander", actorId: elsewhere.id }],
    });
    const other = (await Combat.implementation.create({
      scene: otherScene.id,
      active: false,
    })) as BrinkCombat;
    viewCombat(other as never);
    expect(game.combat?.id).toBe(other.id);
    const rooks = [...f.combat.combatants].filter((c) => c.name === "Rook") as BrinkCombatant[];
    const tokenOf = (combatant: BrinkCombatant) => {
      const document = scene.tokens.get(combatant.tokenId ?? "") as unknown as {
        uuid: string;
        actor: unknown;
      };
      return { name: "Rook", actor: document.actor, document };
    };
    const secondToken = () => {
      const document = scene.tokens.contents.at(-1) as unknown as { uuid: string; actor: unknown };
      return { name: "Rook", actor: document.actor, document };
    };
    return { f, foe, rooks, tokenOf, secondToken };
  }

  it("are charged to the target token's combatant in its own combat, and given back on revert", async () => {
    const { foe, rooks, tokenOf } = await twoCombats();
    const rook = rooks[0] as BrinkCombatant;
    expect(rook.economy.reactionsLeft).toBe(1);
    const card = await attack(foe, tokenOf(rook), 6);
    queueDice(6, 4, 10);
    const result = await asUser(mallory, () =>
      requestCardAction("react", { ...onCard(card, tokenOf(rook)), kind: "dodge" }),
    );
    expect(result).toEqual({ ok: true });
    expect(rook.economy.reactionsLeft).toBe(0);
    await requestCardAction("revert", onCard(card, tokenOf(rook)));
    expect(rook.economy.reactionsLeft).toBe(1);
  });

  it("charge the one combatant of a character with a second token: a second combatant for it is removed", async () => {
    const { foe, rooks, tokenOf, secondToken } = await twoCombats(true);
    expect(rooks).toHaveLength(1);
    const [rook] = rooks as [BrinkCombatant];
    const card = await attack(foe, secondToken(), 6);
    queueDice(6, 4, 10);
    const result = await asUser(mallory, () =>
      requestCardAction("react", { ...onCard(card, secondToken()), kind: "dodge" }),
    );
    expect(result).toEqual({ ok: true });
    expect(rook.economy.reactionsLeft).toBe(0);
    await requestCardAction("revert", onCard(card, secondToken()));
    expect(rook.economy.reactionsLeft).toBe(1);
    expect(tokenOf(rook).document.uuid).not.toBe(secondToken().document.uuid);
  });
});
