/**
 * Issue 11, reactions taken from the attack card (RULES §4): Parry's cost and effect, and the
 * refusals of Block, Parry and Dodge the damage test file does not cover, each before anything is
 * written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { users } from "../fake-foundry/install";
import { clearCanvas, placeToken, type PlacedToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { attackWith, mindBladeFoe } from "../support/attacks";
import { bootBrink } from "./boot";

await bootBrink();
const { requestCardAction } = await import("../../src/workflows/damage");

const petrasPlayer = users.add(makeUser({ id: "petra", name: "Petra's player", isGM: false }));
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;

interface Life {
  endurance: { value: number };
  stamina: { value: number };
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;
const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & { content: string };

const sword = {
  name: "Arming sword",
  type: "weapon",
  system: { attributes: ["str", "dex"], damage: 4, damageType: "slashing", parry: 2, equipped: true },
};

async function petra(items: object[] = [], system: Record<string, unknown> = {}) {
  const actor = (await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, petra: OWNER },
    system: {
      evasion: 0,
      deflection: 0,
      endurance: { value: 20, max: 20 },
      health: { value: 12, max: 12 },
      ...system,
    },
    items,
  } as never)) as BrinkActor;
  return { actor, token: placeToken(actor, 5, 5) };
}

async function axeman() {
  return (await Actor.implementation.create({
    name: "Axeman",
    type: "npc",
    system: { attributes: { str: { die: 6 } } },
    items: [
      { name: "Axe", type: "weapon", system: { attributes: ["str"], damage: 4, damageType: "slashing" } },
    ],
  } as never)) as BrinkActor;
}

const react = (card: ChatMessage.Implementation, token: PlacedToken, kind: string) =>
  asUser(petrasPlayer, () => requestCardAction("react", { ...onCard(card, token), kind } as never));

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
});

describe("Parry from the card", () => {
  it("costs 1 stamina, adds the weapon's parry value to deflection and wears the weapon by 1", async () => {
    const { actor, token } = await petra([sword]);
    await attackWith(await axeman(), token, 5); // 5 + 4 = 9 raw
    const card = lastCard();
    expect((await react(card, token, "parry")).ok).toBe(true);
    expect(lastCard().content).toMatch(/Parries: \+2 deflection \(durability now \d+\)\./);
    expect(life(actor).stamina.value).toBe(2);
    await requestCardAction("apply", onCard(card, token));
    expect(life(actor).endurance.value).toBe(20 - (9 - 2));
  });

  it("is refused against psychic damage, and with no weapon or shield in hand, writing nothing", async () => {
    const armed = await petra([sword]);
    await attackWith(await mindBladeFoe(), armed.token, 5);
    let writes = writeLog.length;
    expect(await react(lastCard(), armed.token, "parry")).toEqual({
      ok: false,
      reason: "BRINK.Damage.Refusal.not-physical",
    });
    expect(writeLog.length).toBe(writes);

    const bare = await petra();
    await attackWith(await axeman(), bare.token, 5);
    writes = writeLog.length;
    expect(await react(lastCard(), bare.token, "parry")).toEqual({
      ok: false,
      reason: "BRINK.Damage.Refusal.no-item-parry",
    });
    expect(game.i18n.localize("BRINK.Damage.Refusal.no-item-parry")).toBe(
      "No wielded weapon or shield to parry with.",
    );
    expect(writeLog.length).toBe(writes);
  });
});

describe("Block and Dodge from the card", () => {
  it("Block is refused without a shield in hand, writing nothing", async () => {
    const { token } = await petra([sword]);
    await attackWith(await axeman(), token, 5);
    const writes = writeLog.length;
    expect(await react(lastCard(), token, "block")).toEqual({
      ok: false,
      reason: "BRINK.Damage.Refusal.no-item-block",
    });
    expect(game.i18n.localize("BRINK.Damage.Refusal.no-item-block")).toBe(
      "No wielded item that can block (equip a shield).",
    );
    expect(writeLog.length).toBe(writes);
  });

  it("Dodge is refused with no stamina left, writing nothing", async () => {
    const { actor, token } = await petra([], { stamina: { value: 0, max: 3 } });
    await attackWith(await axeman(), token, 5);
    const writes = writeLog.length;
    queueDice(6, 6, 10);
    expect(await react(lastCard(), token, "dodge")).toEqual({
      ok: false,
      reason: "BRINK.Damage.Refusal.no-stamina",
    });
    expect(writeLog.length).toBe(writes);
    expect(life(actor).endurance.value).toBe(20);
  });
});
