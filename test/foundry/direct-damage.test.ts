/**
 * Direct damage (RULES §7.3) through the documents, with fixed dice: a weapon click under the
 * `direct` rule opens the direct attack dialog, the GM's client rolls the weapons' dice (no test),
 * keeps the highest, and the card's Apply damage takes the target's deflection off it and runs the
 * damage chain. Bad input is refused with a message and nothing written.
 */
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, session, settings, users, writeLog } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
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
import { PLAIN_ATTACK } from "../support/attacks";
import { bootBrink } from "./boot";

await bootBrink();
const { promptAttack } = await import("../../src/applications/rolls/flows");
const { requestCardAction } = await import("../../src/workflows/damage");
const { requestFromGM } = await import("../../src/requests");
const { clocksSettled, runningClocks } = await import("../../src/workflows/life-clock");
const { lifeAction } = await import("../../src/workflows/life");
const { directDialogContent, followDirectOdds } =
  await import("../../src/applications/rolls/direct-attack-dialog");

const player =
  users.get("direct-player") ?? users.add(makeUser({ id: "direct-player", name: "Player", isGM: false }));
const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;

interface Life {
  endurance: { value: number };
  health: { value: number };
}
const life = (actor: BrinkActor) => actor.system as unknown as Life;
const lastCard = () =>
  game.messages.contents.at(-1) as unknown as ChatMessage.Implementation & {
    content: string;
    system: unknown;
  };

const weapon = (name: string, damageDie: number | null, extra: Record<string, unknown> = {}) => ({
  name,
  type: "weapon",
  system: { attributes: ["str"], damage: 4, damageDie, damageType: "slashing", equipped: true, ...extra },
});

async function roland(owner = player.id): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Roland",
    type: "character",
    ownership: { default: NONE, [owner]: OWNER },
    items: [weapon("Longsword", 8), weapon("Dagger", 6, { damageType: "piercing" }), weapon("Club", null)],
  } as never)) as BrinkActor;
}

async function goblin(name: string, die: number): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "npc",
    items: [weapon("Spear", die, { damageType: "piercing" })],
  } as never)) as BrinkActor;
}

async function ostrog(): Promise<{ actor: BrinkActor; token: PlacedToken }> {
  const actor = (await Actor.implementation.create({
    name: "Ostrog",
    type: "npc",
    system: {
      deflection: { physical: 1, elemental: 0 },
      endurance: { value: 6, max: 6 },
      health: { value: 8, max: 8 },
    },
  } as never)) as BrinkActor;
  return { actor, token: placeToken(actor, 3, 3) };
}

const item = (actor: BrinkActor, name: string) => actor.items.getName(name) as Item.Implementation;

/** The attacker's user targets the token and clicks the weapon; the dialog is answered with `answer`. */
async function strike(
  attacker: BrinkActor,
  name: string,
  target: PlacedToken,
  answer: Record<string, unknown>,
) {
  game.user.targets.clear();
  game.user.targets.add(target as never);
  answerDialog(answer);
  await promptAttack(attacker, item(attacker, name));
}

const directOf = (card: { system: unknown }, index = 0) =>
  (
    card.system as {
      attacks: { direct?: { dice: { size: number; face: number }[]; kept: number; value: number } }[];
    }
  ).attacks[index]?.direct;

beforeEach(async () => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
  shownDialogs.length = 0;
  await settings.set("brink", "damageRule", "direct");
});

describe("direct damage attacks (RULES §7.3)", () => {
  it("rolls the weapon's die with no test, and Apply damage takes deflection off it: endurance, then health", async () => {
    const attacker = await roland();
    const { actor, token } = await ostrog();
    placeToken(attacker, 1, 1);
    queueDice(7); // the longsword's d8

    await asUser(player, () => strike(attacker, "Longsword", token, { position: "normal", offhandId: "" }));

    const dialog = shownDialogs.at(-1)?.content ?? "";
    expect(dialog).toContain("Roland: Longsword (d8)");
    expect(dialog).toContain("Deflection");
    const card = lastCard();
    expect(directOf(card)).toMatchObject({ dice: [{ size: 8, face: 7 }], kept: 0, value: 7 });
    expect(card.content).toContain("Direct damage: no attack test, the highest die is the blow");
    expect(card.content).toContain("Roland: Longsword (d8)");
    expect(card.content).toContain("7 on the die − 1 deflection</span> = <strong>6</strong>");
    expect(card.content).not.toContain("card-luck");
    expect(card.content).not.toContain('data-kind="dodge"');

    await asUser(player, () => requestCardAction("apply", onCard(card, token)));
    expect(life(actor)).toMatchObject({ endurance: { value: 0 }, health: { value: 8 } });

    const second = await (async () => {
      queueDice(5);
      await asUser(player, () => strike(attacker, "Longsword", token, { position: "normal", offhandId: "" }));
      return lastCard();
    })();
    await asUser(player, () => requestCardAction("apply", onCard(second, token)));
    expect(life(actor)).toMatchObject({ endurance: { value: 0 }, health: { value: 4 } });
  });

  it("rolls both weapons' dice and keeps the highest; impaired makes every die a d4, enhanced a d12", async () => {
    const attacker = await roland();
    const { token } = await ostrog();
    const dagger = item(attacker, "Dagger").id;

    queueDice(2, 5);
    await asUser(player, () =>
      strike(attacker, "Longsword", token, { position: "normal", offhandId: dagger }),
    );
    expect(directOf(lastCard())).toMatchObject({
      dice: [
        { size: 8, face: 2 },
        { size: 6, face: 5 },
      ],
      kept: 1,
      value: 5,
    });
    expect(lastCard().content).toContain("Roland: Dagger (d6)");
    expect(lastCard().content).toContain("highest, kept");

    queueDice(4, 3);
    await asUser(player, () =>
      strike(attacker, "Longsword", token, { position: "impaired", offhandId: dagger }),
    );
    expect(directOf(lastCard())?.dice.map((d) => d.size)).toEqual([4, 4]);
    expect(lastCard().content).toContain("Impaired: every die is a d4, whatever the weapon.");

    queueDice(11);
    await asUser(player, () => strike(attacker, "Longsword", token, { position: "enhanced", offhandId: "" }));
    expect(directOf(lastCard())).toMatchObject({ dice: [{ size: 12, face: 11 }], value: 11 });
    expect(lastCard().content).toContain("Roland: Longsword, enhanced (d12)");
  });

  it("lets a second hand strike bare (d4), and armour can stop a blow entirely", async () => {
    const attacker = await roland();
    const { actor, token } = await ostrog();
    queueDice(1, 1);
    await asUser(player, () =>
      strike(attacker, "Longsword", token, { position: "normal", offhandId: "unarmed" }),
    );
    const card = lastCard();
    expect(directOf(card)?.dice.map((d) => d.size)).toEqual([8, 4]);
    expect(card.content).toContain("Roland: bare hands (d4)");
    expect(card.content).toContain("1 on the die − 1 deflection</span> = <strong>0</strong>");
    await asUser(player, () => requestCardAction("apply", onCard(card, token)));
    expect(life(actor)).toMatchObject({ endurance: { value: 6 }, health: { value: 8 } });
  });

  it("lets the GM group several attackers on one target: every die rolled, the highest kept", async () => {
    const boss = await goblin("Goblin boss", 10);
    const grunt = await goblin("Goblin", 6);
    const { token } = await ostrog();
    placeToken(boss, 1, 1);
    placeToken(grunt, 1, 2);

    queueDice(3, 6);
    await strike(boss, "Spear", token, { position: "normal", offhandId: "", "grouped.0": true });

    expect(shownDialogs.at(-1)?.content).toContain("Goblin: Spear");
    expect(directOf(lastCard())).toMatchObject({
      dice: [
        { size: 10, face: 3 },
        { size: 6, face: 6 },
      ],
      kept: 1,
      value: 6,
    });
    expect(lastCard().content).toContain("Goblin: Spear (d6)");
  });

  it("refuses a weapon with no damage die, with the reason, and writes nothing", async () => {
    const attacker = await roland();
    const { token } = await ostrog();
    writeLog.length = 0;
    const messages = game.messages.size;

    await asUser(player, () => strike(attacker, "Club", token, { position: "normal", offhandId: "" }));

    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message:
        "Club (Roland) has no damage die, so it cannot attack under direct damage. Set one on the weapon.",
    });
    expect(game.messages.size).toBe(messages);
    expect(writeLog).toEqual([]);
  });

  it("on the GM's client refuses what a hand-made request asks: a dieless weapon, a player's grouping, an attack test, a dodge", async () => {
    const attacker = await roland();
    const grunt = await goblin("Goblin", 6);
    const { token } = await ostrog();
    const ask = {
      actorUuid: attacker.uuid,
      weaponId: item(attacker, "Longsword").id,
      offhandId: "",
      targets: [token.document.uuid],
      position: "normal",
      grouped: [],
      rollMode: "publicroll",
    };
    writeLog.length = 0;
    const asPlayer = (payload: Record<string, unknown>) =>
      asUser(player, () => requestFromGM("attack.direct", payload));

    expect(await asPlayer({ ...ask, weaponId: item(attacker, "Club").id })).toMatchObject({
      ok: false,
      reason: "BRINK.Direct.Refusal.no-die",
    });
    expect(await asPlayer({ ...ask, offhandId: item(attacker, "Club").id })).toMatchObject({
      reason: "BRINK.Direct.Refusal.no-die",
    });
    expect(
      await asPlayer({ ...ask, grouped: [{ actorUuid: grunt.uuid, weaponId: "unarmed" }] }),
    ).toMatchObject({
      reason: "BRINK.Direct.Refusal.group-gm-only",
    });
    expect(await asPlayer({ ...ask, offhandId: ask.weaponId })).toMatchObject({
      reason: "BRINK.Direct.Refusal.same-weapon",
    });
    expect(await asPlayer({ ...ask, position: "heroic" })).toMatchObject({ ok: false });
    const test = {
      actorUuid: attacker.uuid,
      weaponId: ask.weaponId,
      targets: ask.targets,
      choice: PLAIN_ATTACK,
    };
    expect(
      await asUser(player, () => requestFromGM("attack", { ...test, rollMode: "publicroll" })),
    ).toMatchObject({
      reason: "BRINK.Direct.Refusal.attack-test",
    });
    expect(writeLog).toEqual([]);

    queueDice(4);
    await asUser(player, () => requestFromGM("attack.direct", ask));
    const dodge = await asUser(session.user, () =>
      requestCardAction("react", { ...onCard(lastCard(), token), kind: "dodge" }),
    );
    expect(dodge).toMatchObject({ ok: false, reason: "BRINK.Direct.Refusal.dodge" });
  });

  it("with no token targeted asks for the target's deflection, and the card takes it off the kept die with nothing to apply", async () => {
    const attacker = await roland();
    queueDice(7, 2); // the longsword's d8, then the dagger's d6
    answerDialog({ position: "normal", offhandId: item(attacker, "Dagger").id, manualDeflection: "2" });
    await asUser(player, () => {
      game.user.targets.clear();
      return promptAttack(attacker, item(attacker, "Longsword"));
    });

    const dialog = new Window().document;
    dialog.body.innerHTML = shownDialogs.at(-1)?.content ?? "";
    expect(dialog.querySelector('label[for="brink-direct-manual-deflection"]')?.textContent).toBe(
      "Target's deflection",
    );
    const cells = [...dialog.querySelectorAll("[data-chances] tbody td")].map((td) => td.textContent);
    expect(cells.slice(0, 2)).toEqual(["Target without a token", "0"]);
    const card = lastCard();
    expect(directOf(card)).toMatchObject({
      dice: [
        { size: 8, face: 7 },
        { size: 6, face: 2 },
      ],
      value: 7,
    });
    const doc = new Window().document;
    doc.body.innerHTML = card.content;
    expect(doc.querySelector(".target-label")?.textContent).toBe("Target without a token");
    expect(doc.querySelector(".target .manual")?.textContent).toBe(
      "deflection typed in the dialog; apply damage by hand",
    );
    expect(card.content).toContain("7 on the die − 2 deflection</span> = <strong>5</strong>");
    expect(doc.querySelector('[data-action="apply"]')).toBeNull();
    expect(doc.querySelector('[data-action="react"]')).toBeNull();
    writeLog.length = 0;
    const apply = await asUser(player, () =>
      requestCardAction("apply", { messageId: card.id ?? "", attack: 0, target: "manual" }),
    );
    expect(apply).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.manualTarget" });
    expect(writeLog).toEqual([]);
  });

  it("with no token targeted offers the GM no attackers to group, and strikes with bare hands too", async () => {
    const boss = await goblin("Goblin boss", 10);
    const grunt = await goblin("Goblin", 6);
    placeToken(boss, 1, 1);
    placeToken(grunt, 1, 2);
    game.user.targets.clear();
    queueDice(4);
    answerDialog({ position: "normal", offhandId: "", manualDeflection: "1" });
    await promptAttack(boss, item(boss, "Spear"));

    expect(shownDialogs.at(-1)?.content).not.toContain("Attack together with");
    expect(directOf(lastCard())).toMatchObject({ dice: [{ size: 10, face: 4 }], value: 4 });
    expect(lastCard().content).toContain("4 on the die − 1 deflection</span> = <strong>3</strong>");

    const { promptUnarmed } = await import("../../src/applications/rolls/flows");
    queueDice(3);
    answerDialog({ position: "normal", offhandId: "", manualDeflection: "0" });
    await promptUnarmed(grunt);
    expect(directOf(lastCard())).toMatchObject({ dice: [{ size: 4, face: 3 }], value: 3 });
    expect(lastCard().content).toContain("3 on the die − 0 deflection</span> = <strong>3</strong>");
  });

  it("follows the typed deflection in the odds at each keystroke", async () => {
    const input = {
      attackerName: "Roland",
      attackerSize: 4,
      weapon: { id: "sword", label: "Longsword", die: 8 as const, damageType: "slashing" as const },
      offhands: [],
      grouped: [],
      targets: [],
      manual: true,
      rollMode: "publicroll" as const,
    };
    const page = new Window().document;
    page.body.innerHTML = `<form>${await directDialogContent(input)}</form>`;
    // happy-dom's document stands in for the browser's; Brink's code takes the DOM's own types.
    const doc = page as unknown as Document;
    followDirectOdds(doc.body, input, true);
    const field = doc.querySelector<HTMLInputElement>('input[name="manualDeflection"]');
    if (!field) throw new Error("the dialog asks for no deflection");
    field.value = "5";
    field.dispatchEvent(new (doc.defaultView?.Event ?? Event)("input", { bubbles: true }));
    const cells = [...doc.querySelectorAll("[data-chances] tbody td")].map((td) => td.textContent);
    // d8 against 5: faces 6, 7, 8 deal 1, 2, 3 → 3 of 8 deal damage, 6/8 on average.
    expect(cells).toEqual(["Target without a token", "5", "37.5%", "0.8"]);
  });

  it("refuses a typed deflection out of range with the reason, and writes nothing", async () => {
    const attacker = await roland();
    writeLog.length = 0;
    const messages = game.messages.size;
    answerDialog({ position: "normal", offhandId: "", manualDeflection: "21" });
    await asUser(player, () => {
      game.user.targets.clear();
      return promptAttack(attacker, item(attacker, "Longsword"));
    });
    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message: "The target's deflection must be a whole number from 0 to 20.",
    });
    expect(game.messages.size).toBe(messages);
    expect(writeLog).toEqual([]);
  });

  it("still refuses a weapon with no die when no token is targeted, before its dialog", async () => {
    const attacker = await roland();
    await asUser(player, () => {
      game.user.targets.clear();
      return promptAttack(attacker, item(attacker, "Club"));
    });
    expect(shownDialogs).toEqual([]);
    expect(notifications.log.at(-1)?.message).toContain("Club (Roland) has no damage die");
  });

  it("on the GM's client refuses a typed deflection that is bad, beside tokens, or with grouped attackers", async () => {
    const attacker = await roland();
    const grunt = await goblin("Goblin", 6);
    const { token } = await ostrog();
    const ask = {
      actorUuid: attacker.uuid,
      weaponId: item(attacker, "Longsword").id,
      offhandId: "",
      targets: [],
      position: "normal",
      grouped: [],
      rollMode: "publicroll",
      manualDeflection: 2,
    };
    writeLog.length = 0;
    const messages = game.messages.size;
    const asPlayer = (payload: Record<string, unknown>) =>
      asUser(player, () => requestFromGM("attack.direct", payload));

    for (const bad of [-1, 21, 2.5, "2", true, {}])
      expect(await asPlayer({ ...ask, manualDeflection: bad })).toMatchObject({ ok: false });
    expect(await asPlayer({ ...ask, targets: [token.document.uuid] })).toMatchObject({
      reason: "BRINK.Attack.Refusal.manual-and-targets",
    });
    expect(await asPlayer({ ...ask, manualDeflection: null })).toMatchObject({
      reason: "BRINK.Attack.Refusal.no-target",
    });
    expect(
      await requestFromGM("attack.direct", {
        ...ask,
        grouped: [{ actorUuid: grunt.uuid, weaponId: "unarmed" }],
      }),
    ).toMatchObject({ reason: "BRINK.Direct.Refusal.grouped-manual" });
    expect(game.messages.size).toBe(messages);
    expect(writeLog).toEqual([]);

    queueDice(6);
    expect(await asPlayer(ask)).toMatchObject({ ok: true });
    expect(lastCard().content).toContain("6 on the die − 2 deflection</span> = <strong>4</strong>");
  });

  it("works each target's odds die by die: each die meets the deflection of its own damage type and wielder's size", async () => {
    const input = {
      attackerName: "Roland",
      attackerSize: 4,
      weapon: { id: "sword", label: "Longsword", die: 8 as const, damageType: "slashing" as const },
      offhands: [{ id: "brand", label: "Fire brand", die: 4 as const, damageType: "fire" as const }],
      grouped: [],
      targets: [
        {
          name: "Ostrog",
          defender: { id: "ostrog", evasion: 6, deflection: { physical: 3, elemental: 0 }, size: 4 },
        },
      ],
      manual: false,
      rollMode: "publicroll" as const,
    };
    const html = await directDialogContent(input, {
      position: "normal",
      offhandId: "brand",
      grouped: [],
      rollMode: "publicroll",
      manualDeflection: null,
    });
    const doc = new Window().document;
    doc.body.innerHTML = html;
    const cells = [...doc.querySelectorAll("[data-chances] tbody td")].map((td) => td.textContent);
    // d8 against 3 (physical), d4 against 0 (fire): 26 of 32 outcomes deal damage, 80/32 on average.
    expect(cells).toEqual(["Ostrog", "3 / 0", "81.3%", "2.5"]);
  });

  it("offers the roll mode, starting at the player's own, and blinds a card picked as a blind GM roll", async () => {
    const attacker = await roland();
    const { token } = await ostrog();
    await asUser(player, () => game.settings.set("core", "rollMode", "gmroll"));
    queueDice(5);
    await asUser(player, () =>
      strike(attacker, "Longsword", token, { position: "normal", offhandId: "", rollMode: "blindroll" }),
    );
    const dialog = new Window().document;
    dialog.body.innerHTML = shownDialogs.at(-1)?.content ?? "";
    const options = [...dialog.querySelectorAll('select[name="rollMode"] option')];
    expect(options.map((o) => o.textContent)).toEqual([
      "Public roll",
      "Private GM roll",
      "Blind GM roll",
      "Self roll",
    ]);
    expect(options.find((o) => o.hasAttribute("selected"))?.getAttribute("value")).toBe("gmroll");
    const card = lastCard() as unknown as { blind: boolean; whisper: string[] };
    expect(card.blind).toBe(true);
    expect(card.whisper).toEqual([session.user.id]);
    await asUser(player, () => game.settings.set("core", "rollMode", "publicroll"));
  });

  it("lets the GM revert an applied direct blow", async () => {
    const attacker = await roland();
    const { actor, token } = await ostrog();
    queueDice(8);
    await asUser(player, () => strike(attacker, "Longsword", token, { position: "normal", offhandId: "" }));
    const card = lastCard();
    await asUser(player, () => requestCardAction("apply", onCard(card, token)));
    expect(life(actor)).toMatchObject({ endurance: { value: 0 }, health: { value: 7 } });

    await requestCardAction("revert", onCard(card, token));

    expect(life(actor)).toMatchObject({ endurance: { value: 6 }, health: { value: 8 } });
  });

  it("is off under the core rule: a weapon click opens the attack test dialog", async () => {
    await settings.set("brink", "damageRule", "attack");
    const attacker = await roland();
    const { token } = await ostrog();
    queueDice(3, 3, 10);
    await asUser(player, () =>
      strike(attacker, "Longsword", token, { attribute: "str", advantage: "0", modifier: "0" }),
    );
    expect(shownDialogs.at(-1)?.content).not.toContain("Position");
    expect(directOf(lastCard())).toBeUndefined();
    expect(lastCard().content).toContain("card-luck");
  });
});

describe("critical damage under direct damage (RULES §7.3)", () => {
  interface Critical {
    attributes: { str: { value: number } };
    conditions: Set<string>;
    death: { critical: { roundsElapsed: number } | null };
  }
  const state = (actor: BrinkActor) => actor.system as unknown as Critical;

  /** Ostrog at 1 health (STR d8), struck for 5 past deflection: 4 beyond zero. */
  async function struckPastZero(strTest: number) {
    const attacker = await roland();
    const { actor, token } = await ostrog();
    await actor.update({
      system: { endurance: { value: 0 }, health: { value: 1 }, attributes: { str: { die: 8 } } },
    } as never);
    queueDice(6); // the longsword: 6 − 1 deflection = 5
    await asUser(player, () => strike(attacker, "Longsword", token, { position: "normal", offhandId: "" }));
    const card = lastCard();
    queueDice(strTest);
    await asUser(player, () => requestCardAction("apply", onCard(card, token)));
    return { actor, token, card: lastCard(), sourceCard: card };
  }

  it("takes STR down with an injury item, tests STR, and on a failure starts the hour's clock; the GM's revert undoes it all", async () => {
    const { actor, token, card } = await struckPastZero(9);

    expect(state(actor).attributes.str.value).toBe(4);
    expect(actor.items.getName("Critical damage (STR −2)")).toBeDefined();
    expect(state(actor).death.critical).toEqual({ roundsElapsed: 0, lastAttemptRound: null });
    expect(state(actor).conditions.has("unconscious")).toBe(true);
    expect(card.content).toContain(
      "Critical damage: 4 beyond zero health comes off STR (d8 → d4, 2 steps down).",
    );
    expect(card.content).toContain("STR test 9 on a d20, needing 4 or less: critically wounded");
    expect(card.content).not.toContain("Death luck test");

    await requestCardAction("revert", onCard(card, token));
    expect(state(actor).attributes.str.value).toBe(8);
    expect(actor.items.getName("Critical damage (STR −2)")).toBeUndefined();
    expect(state(actor).death.critical).toBeNull();
    expect(state(actor).conditions.has("unconscious")).toBe(false);
  });

  it("a passed STR test leaves only the STR loss", async () => {
    const { actor } = await struckPastZero(4);
    expect(state(actor).attributes.str.value).toBe(4);
    expect(state(actor).death.critical).toBeNull();
  });

  it("kills when the hour of world time runs out untended", async () => {
    const { actor } = await struckPastZero(20);
    expect(runningClocks()).toEqual([{ actor, rule: "critical" }]);
    await game.time.advance(3594);
    await clocksSettled();
    expect(state(actor).conditions.has("dead")).toBe(false);
    expect(state(actor).death.critical?.roundsElapsed).toBe(599);
    await game.time.advance(6);
    await clocksSettled();
    expect(state(actor).conditions.has("dead")).toBe(true);
  });

  it("is ended by an ally's successful tending (WIS + Heal against 10 without tools)", async () => {
    const { actor } = await struckPastZero(20);
    const ally = (await Actor.implementation.create({
      name: "Clementine",
      type: "character",
      system: { attributes: { wis: { die: 8 } }, skills: { heal: { die: 6 } } },
    } as never)) as BrinkActor;
    queueDice(6, 5, 10); // WIS 6 + Heal 5 = 11 vs 10; the luck die
    await lifeAction(actor, { kind: "stabilise", hasHealingTools: false, by: ally.id ?? "" });
    expect(state(actor).death.critical).toBeNull();
    expect(state(actor).conditions.has("stable")).toBe(true);
  });
});
