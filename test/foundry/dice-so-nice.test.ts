/**
 * Brink with Dice So Nice active: the luck die's own look (a per-player client setting) and cards
 * that keep their outcome hidden while the dice are thrown. The module is on before Brink boots.
 */
import { Window } from "happy-dom";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { diceSoNiceContracts } from "../contracts/dice-so-nice.contract";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { installDiceSoNice } from "../fake-foundry/dice-so-nice";
import { resetWorld, settings, users } from "../fake-foundry/install";
import { asUser, makeUser, socket } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { onCard } from "../support/cards";
import { bootBrink } from "./boot";
import { attackWith, mindBladeFoe, PLAIN_ATTACK } from "../support/attacks";

const dice3d = installDiceSoNice();
await bootBrink();
const { promptTest } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");

const petraPlayer = users.add(makeUser({ id: "petra-player", name: "Petra's player", isGM: false }));
const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
const testAnswer = {
  attribute: "str",
  skill: "athletics",
  proficient: "on",
  modifier: "0",
  advantage: "0",
  difficulty: "6",
};
type Card = ChatMessage.Implementation & { renderHTML(): Promise<HTMLElement> };
const lastCard = () => game.messages.contents.at(-1) as unknown as Card;
const finish = () => dice3d.finishAnimations();

async function petra(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Petra",
    type: "character",
    ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [petraPlayer.id]: OWNER },
    system: {
      attributes: { str: { die: 6 }, con: { die: 4 } },
      skills: { athletics: { die: 4 } },
      evasion: 1,
      endurance: { value: 0, max: 10 },
      health: { value: 4, max: 10 },
    },
  })) as BrinkActor;
}

/** Petra's player rolls STR + Athletics from her sheet: d6 2, d4 3, luck d20 12. */
async function rollTest(actor: BrinkActor): Promise<Card> {
  queueDice(2, 3, 12);
  answerDialog(testAnswer);
  await asUser(petraPlayer, () => promptTest(actor, { attribute: "str" }));
  return lastCard();
}

beforeEach(() => {
  finish();
  resetWorld();
  clearDice();
  clearCanvas();
  dice3d.thrown.length = 0;
});

describe("the luck die's appearance", () => {
  it("is a client setting in the configuration, one choice per colour set plus the player's own dice", () => {
    const setting = settings.settings.get("brink.luckDieAppearance");
    expect(setting).toMatchObject({ scope: "client", config: true, default: "same" });
    expect(Object.keys(setting?.choices ?? {})).toEqual(["same", "gilded", "ember", "frost"]);
    expect(game.i18n.localize(setting?.hint ?? "")).toContain("luck die");
  });

  it("registers Brink's colour sets with Dice So Nice when it is ready, out of its own theme list", () => {
    const sets = dice3d.exports.COLORSETS;
    expect(Object.keys(sets)).toEqual(["brink-luck-gilded", "brink-luck-ember", "brink-luck-frost"]);
    expect(sets["brink-luck-ember"]).toMatchObject({
      description: "Ember (orange on deep red)",
      category: "Brink luck die",
      visibility: "hidden",
    });
  });

  it("throws the player's luck die in the colour set they chose, and their other dice as usual", async () => {
    const actor = await petra();
    await asUser(petraPlayer, () => settings.set("brink", "luckDieAppearance", "ember"));
    const card = await rollTest(actor);
    const mine = dice3d.thrown.filter((die) => die.client === petraPlayer.id && die.messageId === card.id);
    expect(mine.map((die) => [die.faces, die.result, die.appearance])).toEqual([
      [6, 2, null],
      [4, 3, null],
      [20, 12, { colorset: "brink-luck-ember" }],
    ]);
    // Every client throws the same dice: the look travels with the roll.
    const gms = dice3d.thrown.filter((die) => die.client === "gm" && die.messageId === card.id);
    expect(gms.at(-1)?.appearance).toEqual({ colorset: "brink-luck-ember" });
  });

  it("throws the luck die of an attack the GM's client rolls for a player in that player's colour set, not the GM's", async () => {
    await settings.set("brink", "luckDieAppearance", "frost");
    await asUser(petraPlayer, () => settings.set("brink", "luckDieAppearance", "ember"));
    const token = placeToken(await petra(), 5, 5);
    const foe = await mindBladeFoe({ owner: petraPlayer.id });
    await asUser(petraPlayer, () => attackWith(foe, token, 4, 12));
    const card = lastCard();
    expect(card.author?.id).toBe("gm");
    const luck = dice3d.thrown.filter((die) => die.messageId === card.id && die.faces === 20);
    expect(luck.length).toBeGreaterThan(0);
    expect(luck.every((die) => die.appearance?.colorset === "brink-luck-ember")).toBe(true);
  });

  it("lets no player give a relayed luck die a colour set Brink does not offer", async () => {
    const token = placeToken(await petra(), 5, 5);
    const foe = await mindBladeFoe({ owner: petraPlayer.id });
    const before = game.messages.size;
    queueDice(4, 12);
    // A console-made request on the system channel whose dice looks name something else.
    await asUser(petraPlayer, async () => {
      socket.emit("system.brink", {
        kind: "request",
        id: "forgedLooks01",
        name: "attack",
        payload: {
          actorUuid: foe.uuid,
          weaponId: foe.items.contents[0]?.id,
          targets: [token.document.uuid],
          choice: { ...PLAIN_ATTACK },
          rollMode: "publicroll",
        },
        looks: { luckDieAppearance: 'brink-luck-ember" onerror="alert(1)' },
      });
      for (let i = 0; i < 200 && game.messages.size === before; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const card = lastCard();
    expect(game.messages.size).toBe(before + 1);
    const luck = dice3d.thrown.filter((die) => die.messageId === card.id && die.faces === 20);
    expect(luck.length).toBeGreaterThan(0);
    expect(luck.every((die) => die.appearance === null)).toBe(true);
  });

  it("leaves the luck die like the player's other dice by default", async () => {
    const card = await rollTest(await petra());
    expect(
      dice3d.thrown.filter((die) => die.messageId === card.id).every((die) => die.appearance === null),
    ).toBe(true);
  });
});

/** A player's own Dice So Nice look, as the module saves it on their User: a global look, and one for d20s. */
const PETRA_DICE = {
  global: {
    colorset: "custom",
    labelColor: "#ffffff",
    diceColor: "#2e7d32",
    outlineColor: "#000000",
    edgeColor: "#1b5e20",
    texture: "none",
    material: "plastic",
    font: "Arial",
    system: "standard",
  },
  d20: { colorset: "fire" },
};
const PETRA_GLOBAL_LOOK = {
  colorset: "custom",
  foreground: "#ffffff",
  background: "#2e7d32",
  outline: "#000000",
  edge: "#1b5e20",
  texture: "none",
  material: "plastic",
  font: "Arial",
  system: "standard",
};
const PETRA_D20_LOOK = {
  colorset: "fire",
  texture: "none",
  material: "plastic",
  font: "Arial",
  system: "standard",
};

describe("the dice the GM's client rolls for a player", () => {
  async function petraAttacks(): Promise<Card> {
    const token = placeToken(await petra(), 5, 5);
    const foe = await mindBladeFoe({ owner: petraPlayer.id });
    await asUser(petraPlayer, () => attackWith(foe, token, 4, 12));
    return lastCard();
  }
  const thrownOn = (card: Card, client: string) =>
    dice3d.thrown
      .filter((die) => die.messageId === card.id && die.client === client)
      .map((die) => [die.faces, die.author, die.appearance]);

  it("wear that player's own Dice So Nice look, die by die, on every client, not the GM's", async () => {
    await asUser(petraPlayer, () => petraPlayer.setFlag("dice-so-nice", "appearance", PETRA_DICE));
    const card = await petraAttacks();
    expect(card.author?.id).toBe("gm");
    const expected = [
      [6, "gm", PETRA_GLOBAL_LOOK],
      [20, "gm", PETRA_D20_LOOK],
    ];
    expect(thrownOn(card, "gm")).toEqual(expected);
    expect(thrownOn(card, petraPlayer.id)).toEqual(expected);
  });

  it("keep the player's chosen luck look on the luck die and their own look on the others", async () => {
    await asUser(petraPlayer, () => petraPlayer.setFlag("dice-so-nice", "appearance", PETRA_DICE));
    await asUser(petraPlayer, () => settings.set("brink", "luckDieAppearance", "frost"));
    const card = await petraAttacks();
    expect(thrownOn(card, "gm")).toEqual([
      [6, "gm", PETRA_GLOBAL_LOOK],
      [20, "gm", { colorset: "brink-luck-frost" }],
    ]);
  });

  it("leave a player with no Dice So Nice look of their own to the module's default", async () => {
    const card = await petraAttacks();
    expect(thrownOn(card, "gm")).toEqual([
      [6, "gm", null],
      [20, "gm", null],
    ]);
  });

  it("let no player write another user's Dice So Nice look (only a GM or the user may)", async () => {
    const gm = users.get("gm");
    if (!gm) throw new Error("the world has no GM");
    await expect(
      asUser(petraPlayer, () => gm.setFlag("dice-so-nice", "appearance", PETRA_DICE)),
    ).rejects.toThrow(/lacks permission/);
    expect(gm.getFlag("dice-so-nice", "appearance")).toBeUndefined();
  });
});

describe("a card whose dice are being thrown", () => {
  it("hides its outcome until Dice So Nice has finished that message, on each client", async () => {
    const card = await rollTest(await petra());
    const shown = await asUser(petraPlayer, () => card.renderHTML());
    expect(shown.classList.contains("brink-rolling")).toBe(true);
    expect(shown.querySelector(".brink-card .outcome")).not.toBeNull();
    const done = asUser(petraPlayer, () => dice3d.waitFor3DAnimationByMessageID(card.id ?? ""));
    finish();
    await expect(done).resolves.toBe(true);
    expect(shown.classList.contains("brink-rolling")).toBe(false);
    expect((await card.renderHTML()).classList.contains("brink-rolling")).toBe(false);
  });

  it("hides the damage steps again while the death luck test added to an attack card rolls", async () => {
    const actor = await petra();
    const token = placeToken(actor, 5, 5);
    await attackWith(await mindBladeFoe(), token, 4);
    const card = lastCard();
    finish();
    expect((await card.renderHTML()).classList.contains("brink-rolling")).toBe(false);

    queueDice(1); // 8 damage takes her to zero health: the death luck test fails
    await requestCardAction("apply", onCard(card, token));
    const rolling = await card.renderHTML();
    expect(rolling.classList.contains("brink-rolling")).toBe(true);
    expect(rolling.textContent).toContain("Death luck test 1 vs 10: failed.");
    finish();
    expect(rolling.classList.contains("brink-rolling")).toBe(false);
  });

  it("marks only Brink's cards", async () => {
    const roll = await new Roll("1d6").evaluate();
    const message = (await ChatMessage.implementation.create({
      content: "<p>a plain roll</p>",
      rolls: [roll],
    } as never)) as unknown as Card;
    expect(dice3d.isAnimating(message.id ?? "", "gm")).toBe(true);
    expect((await message.renderHTML()).classList.contains("brink-rolling")).toBe(false);
  });
});

describe("the stylesheet", () => {
  it("hides everything below a rolling card's header", async () => {
    const { readFileSync } = await import("node:fs");
    const css = readFileSync(new URL("../../styles/brink.css", import.meta.url), "utf8");
    const window = new Window();
    window.document.head.innerHTML = `<style>${css}</style>`;
    window.document.body.innerHTML = `<li class="chat-message brink-rolling"><div class="brink brink-card"><header class="card-header">Test</header><footer class="card-total"><span class="outcome">Success</span></footer></div></li>`;
    const style = (selector: string) => {
      const element = window.document.querySelector(selector);
      if (!element) throw new Error(`${selector} is missing`);
      return window.getComputedStyle(element).visibility;
    };
    expect(style(".card-total")).toBe("hidden");
    expect(style(".card-header")).not.toBe("hidden");
  });
});

describe("the Dice So Nice contract, with the module active", () => {
  beforeAll(() => {
    dice3d.autoFinish = true;
  });
  afterAll(() => {
    dice3d.autoFinish = false;
  });
  diceSoNiceContracts({ describe, it, after: afterAll, assert });
});
