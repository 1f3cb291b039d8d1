/**
 * The actor sheets in play mode, clicked and typed into as a user would: the template's control,
 * the sheet's handler, the write (or the refusal, and no write).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDice, queueDice } from "../fake-foundry/dice";
import { notifications, resetWorld, session, settings, writeLog } from "../fake-foundry/install";
import { answerDialog, clearCanvas, clearDialogAnswers, placeToken } from "../fake-foundry/ui";
import { clickAction, openSheet, submitSheetForm } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet, NpcSheet, SHEET_MODES } = await import("../../src/applications");

interface Pools {
  endurance: { value: number };
  health: { value: number };
  skills: Record<string, { die: number }>;
}
const pools = (actor: Actor.Implementation) => actor.system as unknown as Pools;
const warnings = () => notifications.log.filter((n) => n.level === "warn").map((n) => n.message);

async function boudica(system: Record<string, unknown> = {}) {
  return (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    system: { endurance: { value: 8, max: 10 }, health: { value: 6, max: 10 }, ...system },
    items: [{ name: "Spear", type: "weapon", system: { attributes: ["str"], damage: 4, equipped: true } }],
  })) as Actor.Implementation;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  clearCanvas();
  clearDialogAnswers();
});
afterEach(() => settings.reset());

describe("typing endurance and health in play mode", () => {
  it.each([
    ["−3", "endurance", 5],
    ["-3", "endurance", 5],
    ["+2", "health", 8],
    ["4", "health", 4],
    ["=9", "endurance", 9],
  ] as const)("'%s' in %s writes %i, in one write", async (typed, pool, expected) => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    const writes = writeLog.length;

    await submitSheetForm(sheet, { [`system.${pool}.value`]: typed });

    expect(pools(actor)[pool].value).toBe(expected);
    expect(writeLog.length - writes).toBe(1);
    expect(warnings()).toEqual([]);
  });

  it("stops at zero when the change is larger than what is left", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    await submitSheetForm(sheet, { "system.endurance.value": "−30" });
    expect(pools(actor).endurance.value).toBe(0);
  });

  it.each(["abc", "3x", "+-2", ""])("refuses '%s' with a message and writes nothing", async (typed) => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    const before = structuredClone(actor._source);
    const writes = writeLog.length;

    await submitSheetForm(sheet, { "system.health.value": typed });

    expect(actor._source).toEqual(before);
    expect(writeLog.length).toBe(writes);
    expect(warnings()).toEqual(["Health was not changed: type a number (7) or a change (−3, +2)."]);
  });

  it("shows the stored value in the input after the write", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    await submitSheetForm(sheet, { "system.endurance.value": "−3" });
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.endurance.value"]');
    expect(input?.value).toBe("5");
    expect(input?.getAttribute("aria-label")).toBe("Endurance 5 of 10");
  });
});

describe("attacking from the combat section", () => {
  it("opens the attack dialog for that weapon and posts the card", async () => {
    const actor = await boudica({ attributes: { str: { die: 6 } }, skills: { combat: { die: 6 } } });
    const target = (await Actor.implementation.create({
      name: "Guard",
      type: "npc",
      system: { evasion: 1 },
    })) as Actor.Implementation;
    const token = placeToken(target, 2, 2);
    session.user.targets.clear();
    session.user.targets.add(token);
    const sheet = await openSheet(CharacterSheet, actor);
    const before = game.messages.contents.length;
    queueDice(4, 5, 10);
    answerDialog({ attribute: "str", advantage: "0", modifier: "0" });

    await clickAction(sheet, ".combat .weapon-row [data-action='rollWeapon']");

    expect(game.messages.contents.length).toBe(before + 1);
    const card = game.messages.contents.at(-1) as unknown as { content: string };
    expect(card.content).toContain("Spear");
    expect(card.content).toContain("Guard");
  });
});

describe("the life-and-death controls", () => {
  it("Apply healing… opens the heal dialog and heals", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    const button = sheet.element.querySelector("[data-action='heal']");
    expect(button?.textContent?.trim()).toBe("Apply healing…");
    answerDialog({ amount: "3", pool: "health", kind: "free" });

    await clickAction(sheet, "[data-action='heal']");

    expect(pools(actor).health.value).toBe(9);
  });

  it("offers no healing to the dead", async () => {
    const actor = await boudica({ health: { value: 0, max: 10 }, conditions: ["dead"] });
    const sheet = await openSheet(CharacterSheet, actor);
    expect(sheet.element.querySelector("[data-action='heal']")).toBeNull();
    expect(sheet.element.querySelector(".life-banner .life-banner-title")?.textContent?.trim()).toBe("Dead");
  });

  it("disables the death save with its reason once it has been rolled this turn", async () => {
    await settings.set("brink", "deathRule", "dying");
    const actor = await boudica({
      health: { value: 0, max: 10 },
      conditions: ["dying", "unconscious"],
      death: {
        dying: { turnsTaken: 2, successes: 0, failures: 1, savedThisTurn: false, lastStabiliseRound: null },
      },
    });
    const sheet = await openSheet(CharacterSheet, actor);
    const saveButton = () =>
      sheet.element.querySelector<HTMLButtonElement>(".life-banner [data-action='deathSave']");
    expect(saveButton()?.disabled).toBe(false);
    queueDice(12);

    await clickAction(sheet, ".life-banner [data-action='deathSave']");
    await sheet.render();

    expect(saveButton()?.disabled).toBe(true);
    const reason = sheet.element.querySelector(
      `#${saveButton()?.getAttribute("aria-describedby") ?? "none"}`,
    );
    expect(reason?.textContent?.trim()).toBe("One death save per turn (out of combat, per six seconds).");
    expect(sheet.element.querySelector(".save-track.successes")?.getAttribute("aria-label")).toBe(
      "Death saves succeeded: 1 of 3",
    );
  });
});

describe("an NPC in edit mode", () => {
  it("lets the GM give it a skill it has no die in, and keep notes", async () => {
    const npc = (await Actor.implementation.create({ name: "Guard", type: "npc" })) as Actor.Implementation;
    const sheet = await openSheet(NpcSheet, npc, (s) => Object.assign(s, { mode: SHEET_MODES.EDIT }));

    await submitSheetForm(sheet, {
      "system.skills.heal.die": "6",
      "system.details.notes": "<p>Bribable.</p>",
    });

    expect(pools(npc).skills.heal?.die).toBe(6);
    expect((npc.system as unknown as { details: { notes: string } }).details.notes).toBe("<p>Bribable.</p>");
  });
});

describe("the sheet's tabs", () => {
  it("open from their buttons, and the nav says which one is selected", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor);
    const selected = () =>
      Array.from(sheet.element.querySelectorAll<HTMLElement>("[role='tab'][aria-selected='true']")).map(
        (tab) => tab.dataset.tab,
      );
    expect(selected()).toEqual(["character"]);

    await clickAction(sheet, "[role='tab'][data-tab='consequences']");

    expect(sheet.tabGroups.primary).toBe("consequences");
    expect(selected()).toEqual(["consequences"]);
    expect(sheet.element.querySelector(".tab.consequences")?.classList.contains("active")).toBe(true);
    expect(sheet.element.querySelector(".tab.character")?.classList.contains("active")).toBe(false);
  });

  it("follow the arrow keys: Right and Left step (wrapping), Home and End jump, and the tab reached opens", async () => {
    const sheet = await openSheet(CharacterSheet, await boudica());
    const press = (key: string) => {
      const focused = sheet.element.querySelector<HTMLElement>("[role='tab'][aria-selected='true']");
      const View = focused?.ownerDocument.defaultView as unknown as typeof globalThis;
      focused?.dispatchEvent(new View.KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      return sheet.tabGroups.primary;
    };
    expect(press("ArrowRight")).toBe("inventory");
    expect(press("ArrowLeft")).toBe("character");
    expect(press("ArrowLeft")).toBe("biography");
    expect(press("Home")).toBe("character");
    expect(press("End")).toBe("biography");
    expect(press("x")).toBe("biography");
    expect(sheet.element.querySelector(".tab.biography")?.classList.contains("active")).toBe(true);
  });
});
