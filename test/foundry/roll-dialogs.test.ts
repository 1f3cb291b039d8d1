/**
 * The roll dialogs as a player meets them (issue 13): a roll mode chosen in the dialog decides who
 * reads the card; a shift-click skips the opposed and attack dialogs with their defaults; the
 * odds follow the form while the player types; and an attack with no token targeted is rolled,
 * on the GM's client, against the evasion and deflection the player typed in, on a card that says
 * so and offers nothing to apply.
 */
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { pressKey, releaseKey } from "../fake-foundry/keybindings";
import { selectMarkedOptions } from "../fake-foundry/forms";
import { notifications, resetWorld, session, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { answerDialog, clearCanvas, placeToken, shownDialogs } from "../fake-foundry/ui";
import type { BrinkActor } from "../../src/documents/actor";
import { PLAIN_ATTACK } from "../support/attacks";
import { clickAction, openSheet } from "../support/sheets";
import { player } from "./combat-fixtures";
import { bootBrink } from "./boot";

await bootBrink();
const { registerRecovery } = await import("../../src/workflows/recovery");
registerRecovery();
const { CharacterSheet } = await import("../../src/applications");
const { promptAttack, promptTest, followTestChance, attackDialogInput } =
  await import("../../src/applications/rolls/flows");
const { followAttackOdds } = await import("../../src/applications/rolls/attack-dialog");
const { itemData, WeaponData } = await import("../../src/data");
const { promptOpposedTest } = await import("../../src/applications/rolls/opposed-flow");
const { requestAttack } = await import("../../src/workflows/attack");
const { requestCardAction } = await import("../../src/workflows/damage");

const { NONE, LIMITED, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
const rhea = player("rhea-player");
const gm = session.user;

interface Card {
  id: string;
  content: string;
  whisper: string[];
  blind: boolean;
  author: { isGM: boolean } | null;
  system: Record<string, unknown>;
  renderHTML(): Promise<HTMLElement>;
}
const cards = () => game.messages.contents as unknown as Card[];
const lastCard = () => cards().at(-1);

const parse = (html: string): Document => {
  const window = new Window();
  window.document.body.innerHTML = `<form>${html}</form>`;
  // happy-dom's document stands in for the browser's; Brink's code takes the DOM's own types.
  return window.document as unknown as Document;
};
const lastDialog = () => parse(shownDialogs.at(-1)?.content ?? "");

/** Rhea's character: STR d6, Combat d6, a spear (physical) and a mind blade (psychic). */
async function rheaCharacter(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Rhea",
    type: "character",
    ownership: { default: NONE, [rhea.id]: OWNER },
    system: {
      attributes: { str: { die: 6 }, wis: { die: 6 } },
      skills: { combat: { die: 6 }, notice: { die: 4 } },
    },
    items: [
      {
        name: "Spear",
        type: "weapon",
        system: { attributes: ["str"], damage: 4, damageType: "piercing" },
      },
      {
        name: "Mind blade",
        type: "weapon",
        system: { attributes: ["str"], damage: 4, damageType: "psychic" },
      },
    ],
  })) as BrinkActor;
}

async function goblin(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Goblin",
    type: "npc",
    // Every player may see the goblin, so it is among the opposed dialog's opponents.
    ownership: { default: LIMITED },
    system: { evasion: 6, attributes: { dex: { die: 6 } }, skills: { sneak: { die: 6 } } },
  })) as BrinkActor;
}

const weapon = (actor: BrinkActor, name: string) => actor.items.getName(name) as Item.Implementation;

beforeEach(async () => {
  resetWorld();
  clearDice();
  clearCanvas();
  gm.targets.clear();
  rhea.targets.clear();
  shownDialogs.length = 0;
  await asUser(rhea, () => game.settings.set("core", "rollMode", "publicroll"));
});

describe("the roll mode in the roll dialogs", () => {
  it("offers the four roll modes, starting at the player's own (core's setting)", async () => {
    const actor = await rheaCharacter();
    await asUser(rhea, async () => {
      await game.settings.set("core", "rollMode", "gmroll");
      answerDialog(null);
      await promptTest(actor, { attribute: "str" });
    });
    const select = lastDialog().querySelector<HTMLSelectElement>('select[name="rollMode"]');
    const options = [...(select?.querySelectorAll("option") ?? [])];
    expect(options.map((o) => o.textContent)).toEqual([
      "Public roll",
      "Private GM roll",
      "Blind GM roll",
      "Self roll",
    ]);
    expect(options.find((o) => o.hasAttribute("selected"))?.getAttribute("value")).toBe("gmroll");
  });

  it("shows a test picked as a self roll to its player alone, whatever core's setting", async () => {
    const actor = await rheaCharacter();
    queueDice(3, 3, 10);
    answerDialog({ attribute: "str", rollMode: "selfroll" });
    await asUser(rhea, () => promptTest(actor, { attribute: "str" }));
    expect(lastCard()?.whisper).toEqual([rhea.id]);
    expect(await asUser(rhea, async () => game.settings.get("core", "rollMode"))).toBe("publicroll");
  });

  it("blinds an attack card the player picked as a blind GM roll (the GM's client writes it)", async () => {
    const actor = await rheaCharacter();
    rhea.targets.add(placeToken(await goblin(), 5, 5));
    queueDice(3, 3, 10);
    answerDialog({ attribute: "str", rollMode: "blindroll" });
    await asUser(rhea, () => promptAttack(actor, weapon(actor, "Spear")));
    const card = lastCard();
    expect(card?.author?.isGM).toBe(true);
    expect(card?.blind).toBe(true);
    expect(card?.whisper).toEqual([gm.id]);
  });

  it("whispers an opposed test picked as a private GM roll to the GM and the player", async () => {
    const actor = await rheaCharacter();
    const foe = await goblin();
    queueDice(3, 3, 10, 2, 2, 10);
    answerDialog({ defender: foe.uuid, attribute: "wis", skill: "notice", rollMode: "gmroll" });
    await asUser(rhea, () => promptOpposedTest(actor));
    expect([...(lastCard()?.whisper ?? [])].sort()).toEqual([gm.id, rhea.id].sort());
  });
});

describe("a shift-click on the sheet", () => {
  const click = async (actor: BrinkActor, selector: string) => {
    pressKey("ShiftLeft");
    try {
      await asUser(rhea, async () => {
        const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
        await clickAction(sheet, selector);
      });
    } finally {
      releaseKey("ShiftLeft");
    }
  };

  it("rolls an opposed test at once against the first opponent, with no dialog", async () => {
    const actor = await rheaCharacter();
    await goblin();
    queueDice(3, 10, 2, 10); // STR against STR, no skills: each side one die and its luck
    await click(actor, '[data-action="opposedTest"]');
    expect(shownDialogs).toEqual([]);
    expect(lastCard()?.content).toContain("Goblin");
  });

  it("attacks at once with no token targeted, against the default evasion 6, on a card marked typed-in", async () => {
    const actor = await rheaCharacter();
    queueDice(3, 3, 10);
    await click(actor, `[data-action="rollWeapon"]`);
    expect(shownDialogs).toEqual([]);
    const doc = parse(lastCard()?.content ?? "");
    expect(doc.querySelector(".target .evasion")?.textContent).toContain("evasion 6");
    expect(doc.querySelector(".target .manual")).not.toBeNull();
  });
});

describe("the odds while the player types", () => {
  it("follow each keystroke in the test dialog, before the field is left", async () => {
    const actor = await rheaCharacter();
    answerDialog(null);
    await asUser(rhea, () => promptTest(actor, { attribute: "str" }));
    const doc = lastDialog();
    const form = doc.querySelector("form");
    if (!form) throw new Error("the dialog has no form");
    // As the fake's dialogs do: happy-dom leaves a parsed <option selected> unselected.
    selectMarkedOptions(form);
    const defaults = {
      attribute: "str" as const,
      skill: null,
      proficient: false,
      modifier: 0,
      advantage: 0,
      difficulty: 6,
    };
    followTestChance(doc.body, actor.rolling, defaults);
    const chance = () => doc.querySelector("[data-chance]")?.textContent;
    expect(chance()).toBe("Chance of success: 20%");
    const difficulty = doc.querySelector<HTMLInputElement>('input[name="difficulty"]');
    if (!difficulty) throw new Error("the dialog has no difficulty");
    difficulty.value = "7";
    difficulty.dispatchEvent(new (doc.defaultView?.Event ?? Event)("input", { bubbles: true }));
    // d6 + luck (a 20 adds 4) against 7: 0/120 plain successes, 6 luck-20 faces with a d6 of 3+ → 4.
    expect(chance()).toBe("Chance of success: 3.3%");
  });
});

describe("the attack dialog's odds while the player types", () => {
  it("follow the typed evasion of a target without a token at each keystroke", async () => {
    const actor = await rheaCharacter();
    answerDialog(null);
    await asUser(rhea, () => promptAttack(actor, weapon(actor, "Spear")));
    const doc = lastDialog();
    const form = doc.querySelector("form");
    if (!form) throw new Error("the dialog has no form");
    selectMarkedOptions(form);
    const spear = weapon(actor, "Spear");
    const data = itemData(spear, WeaponData)?.attackWeapon();
    if (!data) throw new Error("the spear is no weapon");
    followAttackOdds(doc.body, attackDialogInput(actor, spear, data, []), true);
    const cells = () => [...doc.querySelectorAll("[data-chances] tbody td")].map((td) => td.textContent);
    const evasion = doc.querySelector<HTMLInputElement>('input[name="manualEvasion"]');
    if (!evasion) throw new Error("the dialog asks for no evasion");
    evasion.value = "13";
    evasion.dispatchEvent(new (doc.defaultView?.Event ?? Event)("input", { bubbles: true }));
    // STR d6 + Combat d6 against 13: only a critical luck (20) hits, 1 in 20.
    expect(cells()).toEqual(["Target without a token", "13", "5%"]);
  });
});

describe("an attack with no token targeted (theatre of the mind)", () => {
  it("asks for the target's evasion and deflection, and the GM's client rolls against them", async () => {
    const actor = await rheaCharacter();
    queueDice(4, 5, 10);
    answerDialog({ attribute: "str", manualEvasion: "9", manualDeflection: "3" });
    await asUser(rhea, async () => {
      const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
      await clickAction(sheet, '[data-action="rollWeapon"]');
    });
    const dialog = lastDialog();
    expect(dialog.querySelector('label[for="brink-attack-manual-deflection"]')?.textContent).toBe(
      "Target's deflection (Physical)",
    );
    const card = lastCard();
    expect(card?.author?.isGM).toBe(true);
    const doc = parse(card?.content ?? "");
    // STR d6 4 + Combat d6 5 = 9 against the typed evasion 9: a hit for 9 + 4 − 3 = 10.
    expect(doc.querySelector(".target-name strong")?.textContent).toBe("Target without a token");
    expect(doc.querySelector(".target .evasion")?.textContent).toContain("evasion 9");
    expect(doc.querySelector(".target")?.classList.contains("hit")).toBe(true);
    expect(doc.querySelector(".damage")?.textContent?.replace(/\s+/g, " ")).toContain(
      "9 attack total + 4 Spear − 3 deflection = 10 Piercing",
    );
    expect(doc.querySelector(".target .manual")?.textContent).toBe(
      "evasion and deflection typed in the dialog; apply damage by hand",
    );
    const attacks = card?.system.attacks as { targets: { manual?: boolean }[] }[];
    expect(attacks[0]?.targets[0]?.manual).toBe(true);
    for (const viewer of [gm, rhea]) {
      const seen = await asUser(viewer, () => (card as Card).renderHTML());
      expect(seen.querySelectorAll(".target button")).toHaveLength(0);
    }
  });

  it("asks for no deflection when the weapon's damage is never deflected", async () => {
    const actor = await rheaCharacter();
    answerDialog(null);
    await asUser(rhea, () => promptAttack(actor, weapon(actor, "Mind blade")));
    const dialog = lastDialog();
    expect(dialog.querySelector('input[name="manualEvasion"]')).not.toBeNull();
    expect(dialog.querySelector('input[name="manualDeflection"]')).toBeNull();
  });

  it("refuses an evasion out of range in the dialog with a warning, and nothing is rolled", async () => {
    const actor = await rheaCharacter();
    answerDialog({ attribute: "str", manualEvasion: "99" });
    const before = writeLog.length;
    await asUser(rhea, () => promptAttack(actor, weapon(actor, "Spear")));
    expect(writeLog.length).toBe(before);
    expect(notifications.log.at(-1)?.message).toBe(
      "The target's evasion must be a whole number from 0 to 30.",
    );
  });

  it("is refused by the GM's client when a player's client sends defences out of range, or with targets too", async () => {
    const actor = await rheaCharacter();
    const token = placeToken(await goblin(), 5, 5);
    const ask = {
      actorUuid: actor.uuid,
      weaponId: weapon(actor, "Spear").id ?? "",
      targets: [] as string[],
      choice: PLAIN_ATTACK,
      rollMode: "publicroll" as const,
    };
    const before = writeLog.length;
    const results = await asUser(rhea, async () => [
      await requestAttack({ ...ask, manual: { evasion: 99, deflection: 0 } }),
      await requestAttack({ ...ask, manual: { evasion: 6, deflection: -1 } }),
      await requestAttack({ ...ask, manual: { evasion: 6, deflection: 0 }, targets: [token.document.uuid] }),
      await requestAttack({
        ...ask,
        manual: { evasion: 6, deflection: 0 },
        choice: { ...PLAIN_ATTACK, killingStrike: true },
      }),
    ]);
    expect(results.map((r) => (r.ok ? "ok" : r.reason))).toEqual([
      "BRINK.Request.badNumber",
      "BRINK.Request.badNumber",
      "BRINK.Attack.Refusal.manual-and-targets",
      "BRINK.Attack.Refusal.target-not-unconscious",
    ]);
    expect(writeLog.length).toBe(before);
  });

  it("offers nothing to apply: a request to apply its damage is refused and writes nothing", async () => {
    const actor = await rheaCharacter();
    queueDice(6, 6, 10);
    answerDialog({ attribute: "str", manualEvasion: "4", manualDeflection: "0" });
    await asUser(rhea, () => promptAttack(actor, weapon(actor, "Spear")));
    const card = lastCard();
    const before = writeLog.length;
    const result = await asUser(rhea, () =>
      requestCardAction("apply", { messageId: card?.id ?? "", attack: 0, target: "manual" }),
    );
    expect(result).toMatchObject({ ok: false, reason: "BRINK.Damage.Refusal.manualTarget" });
    expect(writeLog.length).toBe(before);
  });
});
