/**
 * Brink's settings as a GM and a player meet them: the three menus in Configure Settings, their
 * forms saving on submit (and refusing bad input), each preference changing what the player sees.
 */
import { Window } from "happy-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { ApplicationV2, instances } from "../fake-foundry/applications";
import { clearDice } from "../fake-foundry/dice";
import { notifications, resetWorld, settings, users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { pressKey, releaseKey } from "../fake-foundry/keybindings";
import { shownDialogs } from "../fake-foundry/ui";
import { controlsNamed, setControl } from "../fake-foundry/forms";
import type { BrinkActor } from "../../src/documents/actor";
import { clickAction, openSheet } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { OptionalRulesMenu, AppearanceMenu, AutomationMenu } = await import("../../src/applications/settings");
const { CharacterSheet } = await import("../../src/applications");
const { collapseCardDetails } = await import("../../src/applications/chat/collapse-cards");

const player =
  users.get("settings-player") ?? users.add(makeUser({ id: "settings-player", name: "Player", isGM: false }));

type Menu = InstanceType<typeof OptionalRulesMenu>;
const pending = (menu: object): Promise<unknown> => (menu as { pending: Promise<unknown> }).pending;

/** Opens a menu, sets its controls as a user would, and presses its submit button. */
async function submitMenu(menu: Menu, values: Record<string, unknown>): Promise<void> {
  if (!menu.rendered) await menu.render(true);
  // Foundry shows a window in the page; a form outside any page cannot be submitted.
  menu.element.ownerDocument.body.append(menu.element);
  for (const [name, value] of Object.entries(values))
    setControl(controlsNamed(menu.element, name, "The menu"), value);
  menu.element.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  await pending(menu);
}

async function boudica(): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name: "Boudica",
    type: "character",
    ownership: {
      default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE,
      [player.id]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER,
    },
    system: { attributes: { str: { die: 6 } }, skills: { athletics: { die: 4 } } },
  })) as BrinkActor;
}

beforeEach(() => {
  resetWorld();
  clearDice();
  shownDialogs.length = 0;
  for (const application of [...instances.values()]) void application.close();
});

describe("the settings menus", () => {
  it("replace the flat list: four menus with ApplicationV2 forms, and every Brink setting kept out of the list", () => {
    const menus = [...settings.menus.values()].filter((m) => m.namespace === "brink");
    expect(menus.map((m) => [m.key, m.restricted])).toEqual([
      ["optionalRules", true],
      ["tables", true],
      ["automation", false],
      ["appearance", false],
    ]);
    for (const menu of menus) {
      expect((menu.type as { prototype: unknown }).prototype).toBeInstanceOf(ApplicationV2);
      for (const key of ["name", "label", "hint"] as const) expect(game.i18n.has(menu[key] ?? "")).toBe(true);
    }
    const brink = [...settings.settings.values()].filter((s) => s.namespace === "brink");
    expect(brink.filter((s) => s.config).map((s) => s.key)).toEqual([]);
    expect(brink.filter((s) => s.requiresReload).map((s) => s.key)).toEqual([]);
  });

  it("give every setting a name and a one-sentence hint", () => {
    const shown = [...settings.settings.values()].filter((s) => s.namespace === "brink" && s.hint);
    expect(shown.map((s) => s.key)).toEqual([
      "deathRule",
      "initiativeMode",
      "damageRule",
      "emergencyRetreat",
      "morale",
      "lightLevels",
      "detachments",
      "skipRollDialogs",
      "showExactOdds",
      "collapseCards",
    ]);
    for (const setting of shown) {
      const hint = game.i18n.localize(setting.hint ?? "");
      expect(game.i18n.has(setting.name ?? "")).toBe(true);
      expect(hint).toMatch(/^[A-Z].*\.$/);
      expect(hint.slice(0, -1)).not.toMatch(/\.\s/);
    }
  });

  it("Optional rules lists the six built rules with their hints, saves on submit and closes", async () => {
    const menu = new OptionalRulesMenu({});
    await menu.render(true);
    const text = menu.element.textContent ?? "";
    for (const key of [
      "deathRule",
      "initiativeMode",
      "damageRule",
      "emergencyRetreat",
      "morale",
      "lightLevels",
      "detachments",
    ])
      expect(text).toContain(game.i18n.localize(`BRINK.Setting.${key}.hint`));
    await submitMenu(menu, {
      deathRule: "dying",
      damageRule: "direct",
      morale: true,
      emergencyRetreat: false,
      detachments: true,
    });
    expect(game.brink.optionalRules()).toMatchObject({
      deathRule: "dying",
      damageRule: "direct",
      morale: true,
      emergencyRetreat: false,
      detachments: true,
    });
    expect(menu.rendered).toBe(false);
  });

  it("Optional rules offers direct damage as the damage rule, and detachments as a switch that starts off", async () => {
    const menu = new OptionalRulesMenu({});
    await menu.render(true);
    const form = menu.element;
    expect([...form.querySelectorAll("[name]")].map((c) => c.getAttribute("name"))).toEqual([
      "deathRule",
      "initiativeMode",
      "damageRule",
      "emergencyRetreat",
      "morale",
      "lightLevels",
      "detachments",
    ]);
    const options = [...form.querySelectorAll('select[name="damageRule"] option')].map((o) => o.textContent);
    expect(options).toEqual([
      "Attack test and weapon damage (core)",
      "Direct damage: roll the damage die (optional)",
    ]);
    const detachments = form.querySelector<HTMLInputElement>('input[name="detachments"]');
    expect(detachments?.type).toBe("checkbox");
    expect(detachments?.checked).toBe(false);
    expect(form.textContent ?? "").toContain("Detachments");
    expect(game.brink.optionalRules().detachments).toBe(false);
  });

  it("an old world that stored detachments = on loads it as on; damageRule starts at the core attack rule", async () => {
    // The world's settings were saved while detachments was offered before: the stored value is read.
    settings.values.set("brink.detachments", true);
    expect(game.brink.optionalRules()).toEqual({
      deathRule: "luck",
      initiativeMode: "teams",
      damageRule: "attack",
      emergencyRetreat: true,
      morale: false,
      lightLevels: false,
      detachments: true,
    });
    const menu = new OptionalRulesMenu({});
    await submitMenu(menu, { morale: true });
    expect(notifications.log.filter((n) => n.level !== "info")).toEqual([]);
    expect(game.brink.optionalRules()).toMatchObject({ morale: true, detachments: true });
    const checkbox = new OptionalRulesMenu({});
    await checkbox.render(true);
    expect(checkbox.element.querySelector<HTMLInputElement>('input[name="detachments"]')?.checked).toBe(true);
    expect(menu.rendered).toBe(false);
  });

  it("refuses a value that is not one of the choices, with a warning, and saves nothing", async () => {
    const menu = new OptionalRulesMenu({});
    await menu.render(true);
    // A tampered form (the browser's developer tools) offers a choice Brink does not know.
    const select = menu.element.querySelector<HTMLSelectElement>('select[name="deathRule"]');
    select?.insertAdjacentHTML("beforeend", '<option value="immortal">Immortal</option>');
    await submitMenu(menu, { deathRule: "immortal", morale: true });
    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message: '"Death rule" has no such choice; nothing was saved.',
    });
    expect(game.brink.optionalRules()).toMatchObject({ deathRule: "luck", morale: false });
    expect(menu.rendered).toBe(true);
  });

  it("refuses a player's change to the world's rules", async () => {
    await asUser(player, () => submitMenu(new OptionalRulesMenu({}), { morale: true }));
    expect(notifications.log.at(-1)?.message).toBe('Only the GM may change "Death rule"; nothing was saved.');
    expect(game.brink.optionalRules().morale).toBe(false);
  });

  it("keeps each player's preferences their own", async () => {
    await asUser(player, () =>
      submitMenu(new AppearanceMenu({}), { showExactOdds: false, collapseCards: true }),
    );
    await asUser(player, () => submitMenu(new AutomationMenu({}), { skipRollDialogs: true }));
    expect(await asUser(player, async () => game.settings.get("brink", "collapseCards"))).toBe(true);
    expect(await asUser(player, async () => game.settings.get("brink", "skipRollDialogs"))).toBe(true);
    expect(game.settings.get("brink", "collapseCards")).toBe(false);
    expect(game.settings.get("brink", "showExactOdds")).toBe(true);
  });
});

describe("a rule changed without a reload", () => {
  it("shows at once on an open character sheet (Morale adds the morale bonus)", async () => {
    const sheet = await openSheet(CharacterSheet, (await boudica()) as unknown as Actor.Implementation);
    expect(sheet.element.querySelector(".stat-morale")).toBeNull();
    await submitMenu(new OptionalRulesMenu({}), { morale: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sheet.element.querySelector(".stat-morale")).not.toBeNull();
  });
});

describe("Skip roll dialogs", () => {
  const rollStrength = async (sheet: Awaited<ReturnType<typeof openSheet>>, shiftKey = false) => {
    const button = sheet.element.querySelector<HTMLElement>('[data-action="rollAttribute"][data-key="str"]');
    const view = button?.ownerDocument.defaultView as unknown as typeof globalThis;
    button?.dispatchEvent(new view.MouseEvent("click", { bubbles: true, shiftKey }));
    await pending(sheet);
  };
  const lastCard = () => game.messages.contents.at(-1) as unknown as { content: string } | undefined;

  it("rolls at once with the dialog's defaults for a player who skips dialogs", async () => {
    const actor = await boudica();
    await asUser(player, async () => {
      await game.settings.set("brink", "skipRollDialogs", true);
      const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
      await rollStrength(sheet);
    });
    expect(shownDialogs).toEqual([]);
    expect(lastCard()?.content).toContain(`${game.i18n.localize("BRINK.Roll.versus")} 6`);
  });

  it("skips the dialog for one shift-click, and shows it again for the next plain click", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
    pressKey("ShiftLeft");
    await rollStrength(sheet, true);
    releaseKey("ShiftLeft");
    expect(shownDialogs).toEqual([]);
    expect(game.messages.contents).toHaveLength(1);
    await rollStrength(sheet);
    expect(shownDialogs).toHaveLength(1);
    expect(game.messages.contents).toHaveLength(1);
  });

  it("shows the dialog on a shift-click when the player skips dialogs (the inverse)", async () => {
    const actor = await boudica();
    await asUser(player, async () => {
      await game.settings.set("brink", "skipRollDialogs", true);
      const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
      pressKey("ShiftRight");
      await rollStrength(sheet, true);
      releaseKey("ShiftRight");
    });
    expect(shownDialogs).toHaveLength(1);
  });

  it("follows the key as rebound in Configure Controls", async () => {
    const actor = await boudica();
    await game.keybindings.set("brink", "skipDialog", [{ key: "KeyQ" }]);
    const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
    pressKey("ShiftLeft");
    await rollStrength(sheet, true);
    releaseKey("ShiftLeft");
    expect(shownDialogs).toHaveLength(1);
    pressKey("KeyQ");
    await rollStrength(sheet);
    releaseKey("KeyQ");
    expect(shownDialogs).toHaveLength(1);
    expect(game.messages.contents).toHaveLength(1);
  });
});

describe("Show exact odds", () => {
  it("hides the chance in the test dialog for a player who turns it off", async () => {
    const actor = await boudica();
    const sheet = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
    await clickAction(sheet, '[data-action="rollAttribute"][data-key="str"]');
    await asUser(player, async () => {
      await game.settings.set("brink", "showExactOdds", false);
      const own = await openSheet(CharacterSheet, actor as unknown as Actor.Implementation);
      await clickAction(own, '[data-action="rollAttribute"][data-key="str"]');
    });
    const [gmDialog, playerDialog] = shownDialogs.map((d) => d.content);
    expect(gmDialog).toContain("data-chance");
    expect(gmDialog).toMatch(/\d+(\.\d)?%/);
    expect(playerDialog).not.toContain("data-chance");
    expect(playerDialog).not.toMatch(/\d+(\.\d)?%/);
  });
});

describe("Collapse cards", () => {
  it("renders a card's dice folded for a player who collapses cards, and opens them on a click", async () => {
    const actor = await boudica();
    await asUser(player, async () => {
      await game.settings.set("brink", "skipRollDialogs", true);
      await game.brink.rollTest(actor, { attribute: "str" });
    });
    const message = game.messages.contents.at(-1) as unknown as { renderHTML(): Promise<HTMLElement> };
    const seenByGM = await message.renderHTML();
    const seenByPlayer = await asUser(player, async () => {
      await game.settings.set("brink", "collapseCards", true);
      return message.renderHTML();
    });
    const details = (root: HTMLElement) =>
      root.querySelector<HTMLDetailsElement>("details[data-brink-collapsible]");
    expect(details(seenByGM)?.open).toBe(true);
    expect(details(seenByPlayer)?.open).toBe(false);
    expect(details(seenByPlayer)?.querySelector("summary")?.textContent).toBe("Dice Strength d6");
    details(seenByPlayer)?.querySelector("summary")?.click();
    expect(details(seenByPlayer)?.open).toBe(true);
  });

  it("folds the cards already shown as soon as the player changes the choice", async () => {
    const window = new Window();
    window.document.body.innerHTML =
      '<ol id="chat-log"><li><details data-brink-collapsible open><summary>Dice</summary></details></li></ol>';
    const previous = globalThis.document;
    // The cards in the chat log live in the browser's document, which Node lacks.
    Object.assign(globalThis, { document: window.document });
    try {
      await game.settings.set("brink", "collapseCards", true);
      expect(window.document.querySelector("details")?.open).toBe(false);
      await game.settings.set("brink", "collapseCards", false);
      expect(window.document.querySelector("details")?.open).toBe(true);
    } finally {
      Object.assign(globalThis, { document: previous });
    }
    // happy-dom's document is structurally the DOM's; the helper only queries it.
    collapseCardDetails(window.document as unknown as ParentNode, true);
    expect(window.document.querySelector("details")?.open).toBe(false);
  });
});
