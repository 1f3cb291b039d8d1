/**
 * The hostile player against Brink's chat cards (issue 10: GM-written records). A card the GM's
 * client acts on is one it wrote from rolls it made; a card a player's client wrote is a display.
 * Each attack below is one a player can make from the browser console: hand-make a card, edit the
 * GM's card, attack with someone else's character, strike a hidden token, heal twice from one roll.
 * Each is refused with a reason the player can read, and nothing is written.
 */
import { describe, expect, it } from "vitest";
import { queueDice } from "../fake-foundry/dice";
import { writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { placeToken, type PlacedToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { character, cleanWorldEachTest } from "../support/characters";
import { bootCombat, player } from "../foundry/combat-fixtures";
import { attackWith, mindBlade, mindBladeFoe, PLAIN_ATTACK } from "../support/attacks";

await bootCombat();
const { requestCardAction } = await import("../../src/workflows/damage");
const { rollHealing, applyHealingCard } = await import("../../src/workflows/healing-roll");
const { revertLifeCard, lifeAction } = await import("../../src/workflows/life");
const { requestFromGM } = await import("../../src/requests");

const mallory = player("mallory");

const pools = (actor: Actor.Implementation) =>
  actor.system as unknown as { health: { value: number }; endurance: { value: number } };
const health = (actor: Actor.Implementation) =>
  (actor.system as unknown as { health: { value: number } }).health.value;
const lastCard = () => game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;
const refusal = (reason: string, data?: Record<string, string>) => ({
  ok: false,
  reason,
  ...(data ? { data } : {}),
});

cleanWorldEachTest();

/** Mallory's own fighter with a blade, and Petra (the GM's) standing in front of her. */
async function duel() {
  const rook = await character("Rook", "mallory");
  await rook.createEmbeddedDocuments("Item", [mindBlade()] as never);
  const petra = await character("Petra", "gm", { health: { value: 12 } });
  return { rook, petra, token: placeToken(petra, 5, 5) };
}

const choice = PLAIN_ATTACK;
const askAttack = (actor: BrinkActor, tokens: PlacedToken[], overrides: Record<string, unknown> = {}) =>
  requestFromGM("attack", {
    actorUuid: actor.uuid,
    weaponId: actor.items.contents[0]?.id ?? "",
    targets: tokens.map((token) => token.document.uuid),
    choice,
    rollMode: "publicroll",
    ...overrides,
  });

/** The record an attack card holds, as a forger would write it: 999 damage to the target. */
function forgedAttack(attacker: BrinkActor, token: PlacedToken) {
  const target = token.document.uuid;
  return {
    type: "attack",
    system: {
      actorUuid: attacker.uuid,
      weaponName: "Mind blade",
      attacks: [
        {
          result: {
            ok: true,
            attribute: "str",
            damageType: "psychic",
            targets: [
              {
                intendedId: target,
                targetId: target,
                strayed: false,
                defences: { sizeDifference: 0, evasion: 1, deflection: { physical: 0, elemental: 0 } },
                hit: true,
                rawDamage: 999,
                deflection: 0,
                damage: 999,
              },
            ],
          },
          targets: [{ uuid: target, name: "Petra", img: "" }],
        },
      ],
      applied: {},
    },
  };
}

describe("attack cards", () => {
  it("are written by the GM's client: the player's attack makes a GM-authored card, and its blow applies", async () => {
    const { rook, token, petra } = await duel();
    queueDice(3, 10);
    const result = await asUser(mallory, () => askAttack(rook, [token]));
    expect(result).toMatchObject({ ok: true });
    const card = lastCard();
    expect(card.author?.isGM).toBe(true);
    expect(card.speaker?.alias).toBe("Rook");
    const endurance = pools(petra).endurance.value;
    expect(await asUser(mallory, () => requestCardAction("apply", onCard(card, token)))).toEqual({
      ok: true,
    });
    // The d6's 3 and the blade's 4: endurance wears first.
    expect(pools(petra).endurance.value).toBe(Math.max(0, endurance - 7));
  });

  it("apply a blow once when its Apply is clicked twice at the same instant", async () => {
    const { rook, token, petra } = await duel();
    queueDice(3, 10);
    await asUser(mallory, () => askAttack(rook, [token]));
    const card = lastCard();
    const endurance = pools(petra).endurance.value;
    const results = await asUser(mallory, () =>
      Promise.all([
        requestCardAction("apply", onCard(card, token)),
        requestCardAction("apply", onCard(card, token)),
      ]),
    );
    // The second click joins the first, still waiting: one request, one answer for both.
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(pools(petra).endurance.value).toBe(Math.max(0, endurance - 7));
    // Once it has landed, another click is a new request, and the GM's client refuses it.
    const later = await asUser(mallory, () => requestCardAction("apply", onCard(card, token)));
    expect(later).toEqual(refusal("BRINK.Damage.Refusal.alreadyApplied"));
    expect(pools(petra).endurance.value).toBe(Math.max(0, endurance - 7));
  });

  it("refuse a card the player hand-made: 999 damage is never applied", async () => {
    const { rook, token, petra } = await duel();
    const forged = await asUser(mallory, () =>
      ChatMessage.implementation.create(forgedAttack(rook, token) as never),
    );
    expect(forged?.author?.id).toBe("mallory");
    const writes = writeLog.length;
    const result = await asUser(mallory, () => requestCardAction("apply", onCard(forged as never, token)));
    expect(result).toEqual(refusal("BRINK.Damage.Refusal.notGMCard"));
    expect(game.i18n.localize(result.ok ? "" : result.reason)).toContain("only a display");
    expect(writeLog.length).toBe(writes);
    expect(health(petra)).toBe(12);
  });

  it("cannot be edited by the player: the GM's record stays as the GM's client wrote it", async () => {
    const { rook, token } = await duel();
    queueDice(3, 10);
    await asUser(mallory, () => askAttack(rook, [token]));
    const card = lastCard();
    const before = JSON.stringify(card.toObject().system);
    await expect(
      asUser(mallory, () => card.update({ system: { applied: {}, attacks: [] } } as never)),
    ).rejects.toThrow();
    expect(JSON.stringify(card.toObject().system)).toBe(before);
  });

  it("refuse an attack with a character the player does not own, writing nothing", async () => {
    const { token } = await duel();
    const foe = await mindBladeFoe();
    const writes = writeLog.length;
    expect(await asUser(mallory, () => askAttack(foe, [token]))).toEqual(refusal("BRINK.Roll.notOwner"));
    expect(writeLog.length).toBe(writes);
  });

  it("refuse a token hidden from the player, tokens on two scenes, repeats and out-of-range choices", async () => {
    const { rook, petra } = await duel();
    const hidden = placeToken(petra, 9, 9);
    Object.assign(hidden.document._source, { hidden: true });
    const writes = writeLog.length;
    const visible = placeToken(petra, 2, 2);
    expect(await asUser(mallory, () => askAttack(rook, [hidden]))).toEqual(
      refusal("BRINK.Attack.Refusal.no-target", { weapon: "Mind blade" }),
    );
    expect(await asUser(mallory, () => askAttack(rook, [visible, visible]))).toEqual(
      refusal("BRINK.Request.badField", { field: "targets" }),
    );
    const huge = { ...choice, modifier: 1e300 };
    expect(await asUser(mallory, () => askAttack(rook, [visible], { choice: huge }))).toEqual(
      refusal("BRINK.Request.badNumber", { field: "modifier" }),
    );
    const wild = { ...choice, advantage: 3 };
    expect(await asUser(mallory, () => askAttack(rook, [visible], { choice: wild }))).toEqual(
      refusal("BRINK.Request.badNumber", { field: "advantage" }),
    );
    expect(await asUser(mallory, () => askAttack(rook, [visible], { rollMode: "everyone" }))).toEqual(
      refusal("BRINK.Request.badField", { field: "rollMode" }),
    );
    expect(writeLog.length).toBe(writes);
  });

  it("are drawn from their record for each viewer: the target's owner may react, only the GM may revert", async () => {
    const { rook, token } = await duel();
    const foe = await mindBladeFoe();
    const mine = placeToken(rook, 6, 5);
    await attackWith(foe, mine, 3);
    const card = lastCard();
    const seenBy = async (userId: string) =>
      asUser(player(userId), async () => (await card.renderHTML()).querySelector(".brink-card"));
    const asMallory = await seenBy("mallory");
    expect(asMallory?.querySelector('[data-action="react"][data-kind="dodge"]')).not.toBeNull();
    expect(asMallory?.querySelector('[data-action="apply-damage"]')).toBeNull();
    const asStranger = await seenBy("stranger");
    expect(asStranger?.querySelector("[data-action]")).toBeNull();
    await requestCardAction("apply", onCard(card, mine));
    const asGM = (await card.renderHTML()).querySelector(".brink-card");
    expect(asGM?.querySelector('[data-action="revert-damage"]')).not.toBeNull();
    expect((await seenBy("mallory"))?.querySelector('[data-action="revert-damage"]')).toBeNull();
    expect(token).toBeDefined();
  });
});

/** Waits for work a click started (the relay hops through timers) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !done(); tries += 1) await new Promise((r) => setTimeout(r, 5));
}

describe("the path a user clicks", () => {
  it("a Dodge button on the drawn card sends the reaction to the GM's client, which writes it", async () => {
    const { rook } = await duel();
    const foe = await mindBladeFoe();
    const mine = placeToken(rook, 6, 5);
    await attackWith(foe, mine, 3);
    const card = lastCard();
    const html = await asUser(mallory, () => card.renderHTML());
    const dodge = html.querySelector<HTMLButtonElement>('[data-action="react"][data-kind="dodge"]');
    expect(dodge).not.toBeNull();
    queueDice(6, 4, 10);
    await asUser(mallory, async () => {
      dodge?.click();
      await until(() => JSON.stringify(card.toObject().system).includes('"dodge"'));
    });
    const applied = Object.values((card.system as unknown as { applied: Record<string, unknown> }).applied);
    expect(applied).toEqual([
      expect.objectContaining({ reaction: expect.objectContaining({ kind: "dodge" }) }),
    ]);
    expect(card.author?.isGM).toBe(true);
  });
});

describe("life cards", () => {
  it("are written by the GM's client, and a hand-made one is never reverted", async () => {
    const rook = await character("Rook", "mallory", { health: { value: 3 } });
    expect(
      await asUser(mallory, () =>
        lifeAction(rook, { kind: "heal", amount: 2, pool: "health", healing: "free" }),
      ),
    ).toEqual({ ok: true });
    expect(lastCard().author?.isGM).toBe(true);
    expect(health(rook)).toBe(5);
    const forged = await asUser(mallory, () =>
      ChatMessage.implementation.create({
        type: "life",
        system: {
          actorUuid: rook.uuid,
          title: "x",
          name: "Rook",
          revert: { health: { value: 12 } },
          applied: {},
        },
      } as never),
    );
    const writes = writeLog.length;
    expect(await revertLifeCard(forged?.id ?? "")).toEqual(refusal("BRINK.Damage.Refusal.notGMCard"));
    expect(writeLog.length).toBe(writes);
    expect(health(rook)).toBe(5);
  });
});

describe("healing cards", () => {
  it("carry the amount the GM's client rolled, heal each actor once, and only actors the player owns", async () => {
    const rook = await character("Rook", "mallory", { health: { value: 3 } });
    const petra = await character("Petra", "gm", { health: { value: 3 } });
    queueDice(4);
    const card = await asUser(mallory, () => rollHealing("1d8", { kind: "free", label: "Potion" }));
    expect(card?.author?.isGM).toBe(true);
    expect(card?.system).toMatchObject({ amount: 4, formula: "1d8", healed: [] });
    const apply = (uuids: string[]) =>
      asUser(mallory, () => requestFromGM("healing.apply", { messageId: card?.id ?? "", actorUuids: uuids }));
    expect(await apply([petra.uuid])).toEqual(refusal("BRINK.Damage.Refusal.notYourCharacter"));
    expect(await apply([rook.uuid])).toEqual({ ok: true });
    expect(health(rook)).toBe(7);
    const writes = writeLog.length;
    expect(await apply([rook.uuid])).toEqual(
      refusal("BRINK.Life.HealingRoll.alreadyHealed", { name: "Rook" }),
    );
    expect(writeLog.length).toBe(writes);
    expect(health(rook)).toBe(7);
    expect(health(petra)).toBe(3);
  });

  it("refuse a formula that is not dice and a bonus, and a hand-made card", async () => {
    const rook = await character("Rook", "mallory", { health: { value: 3 } });
    const writes = writeLog.length;
    const roll = (formula: string) =>
      asUser(mallory, () =>
        requestFromGM("healing.roll", {
          formula,
          pool: "health",
          kind: "free",
          label: "Potion",
          rollMode: "publicroll",
        }),
      );
    for (const formula of ["1d8*1000", "999d1000", "@abilities.str", "1d8 + 1d8"])
      expect(await roll(formula), formula).toEqual(refusal("BRINK.Request.badField", { field: "formula" }));
    expect(writeLog.length).toBe(writes);
    const forged = await asUser(mallory, () =>
      ChatMessage.implementation.create({
        type: "healing",
        system: { formula: "1d4", amount: 900 },
      } as never),
    );
    const before = writeLog.length;
    game.user.targets.clear();
    const result = await asUser(mallory, () =>
      requestFromGM("healing.apply", { messageId: forged?.id ?? "", actorUuids: [rook.uuid] }),
    );
    expect(result).toEqual(refusal("BRINK.Damage.Refusal.notGMCard"));
    expect(writeLog.length).toBe(before);
    expect(health(rook)).toBe(3);
    expect(applyHealingCard).toBeTypeOf("function");
  });
});
