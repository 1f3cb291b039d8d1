/**
 * Brink's dialogs drawn in Chromium with the system CSS, in DialogV2's 400 px window, light and
 * dark (issue 13). Every dialog must look like the others (one paper, ink, font and label column),
 * fit its window, keep its text readable, and show each name in full: a lone character's name in
 * the rest dialog used to be cut to its first letter.
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetWorld, session } from "../fake-foundry/install";
import { queueDice } from "../fake-foundry/dice";
import { answerDialog, clearCanvas, placeToken, shownDialogs } from "../fake-foundry/ui";
import { bootBrink } from "../foundry/boot";
import type { BrinkActor } from "../../src/documents/actor";
import { RESULTS, chatLogHtml, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { createRenderer } from "../support/render";

await bootBrink();
const { promptAttack, promptTest } = await import("../../src/applications/rolls/flows");
const { promptOpposedTest } = await import("../../src/applications/rolls/opposed-flow");
const { promptHeal, promptStabilise } = await import("../../src/applications/rolls/life-flows");
const { restDialogView } = await import("../../src/applications/rest");

const render = createRenderer();
const gm = session.user;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function character(name: string, extra: object = {}): Promise<BrinkActor> {
  return (await Actor.implementation.create({
    name,
    type: "character",
    system: {
      attributes: { str: { die: 6 }, dex: { die: 8 }, wis: { die: 6 } },
      skills: { combat: { die: 6 }, notice: { die: 4 } },
    },
    items: [
      {
        name: "Spear",
        type: "weapon",
        system: { attributes: ["str", "dex"], damage: 4, damageType: "piercing" },
      },
    ],
    ...extra,
  })) as BrinkActor;
}

/** The content of the dialog a flow opens, left unanswered. */
async function opened(open: () => Promise<unknown>): Promise<string> {
  answerDialog(null);
  await open();
  const content = shownDialogs.at(-1)?.content;
  if (!content) throw new Error("no dialog was shown");
  return content;
}

/** Every Brink dialog a player or the GM meets, with the content its flow (or view) gives it. */
async function dialogs(): Promise<Record<string, string>> {
  resetWorld();
  clearCanvas();
  gm.targets.clear();
  const rhea = await character("Rhea");
  const ostrog = await character("Ostrog the Unbearably Long-Named Goblin Chieftain");
  const boudica = await character("Boudica");
  await character("Clementine Ashdown-Featherstonehaugh");
  const manual = await opened(() => promptAttack(rhea, rhea.items.getName("Spear") as Item.Implementation));
  gm.targets.add(placeToken(ostrog, 5, 5));
  gm.targets.add(placeToken(boudica, 6, 5));
  const views = {
    test: await opened(() => promptTest(rhea, { skill: "notice" })),
    attack: await opened(() => promptAttack(rhea, rhea.items.getName("Spear") as Item.Implementation)),
    "attack-manual": manual,
    opposed: await opened(() => promptOpposedTest(rhea)),
    heal: await opened(() => promptHeal(rhea)),
    stabilise: await opened(() => promptStabilise(rhea)),
    "death-save": render("templates/dialogs/death-save.hbs", {
      text: game.i18n.format("BRINK.Life.DeathSavePrompt.content", { name: "Boudica", turns: "2" }),
    }),
    "rest-alone": render("templates/dialogs/rest.hbs", restDialogView([boudica], "own")),
    "rest-party": render(
      "templates/dialogs/rest.hbs",
      restDialogView(game.actors.contents as Actor.Implementation[], "party"),
    ),
    ...otherDialogs(),
  };
  return views;
}

const IMG = "icons/svg/mystery-man.svg";
const t = (key: string) => game.i18n.localize(key);

/** The dialogs of retreat, morale, recovery, actions and combat, drawn from their templates. */
function otherDialogs(): Record<string, string> {
  const members = [
    { index: 0, name: "Agnessa of the Long Road", img: IMG, ticked: true, note: "" },
    { index: 1, name: "Fabian", img: IMG, ticked: true, downed: true, note: "at 0 health" },
  ];
  const choices = { a: "Clementine Ashdown-Featherstonehaugh", b: "Boudica" };
  return {
    retreat: render("templates/dialogs/retreat.hbs", { hint: t("BRINK.Retreat.Dialog.hint"), members }),
    "retreat-action": render("templates/dialogs/retreat-action.hbs", {
      hint: "A whole turn and a DEX test.",
      difficulty: 10,
      followers: members,
    }),
    "drop-items": render("templates/dialogs/drop-items.hbs", {
      hint: "Choose 1 dropped item(s).",
      candidates: [{ index: 0, name: "Round shield", img: IMG }],
    }),
    morale: render("templates/dialogs/morale.hbs", {
      hint: "A morale check for the goblins.",
      scopes: [
        { value: "team", label: "The whole team", hint: "One test for everyone.", checked: true },
        { value: "each", label: "Each member", hint: "One test each." },
      ],
      members: "Goblin, Goblin chieftain",
    }),
    "small-action": render("templates/dialogs/small-action.hbs", {
      hint: t("BRINK.SmallAction.brandish.hint"),
      items: [
        { id: "a", name: "Spear", held: true },
        { id: "b", name: "Round shield", held: false },
      ],
      choose: true,
    }),
    resist: render("templates/dialogs/resist.hbs", { max: 30 }),
    "choose-weapon": render("templates/dialogs/choose-weapon.hbs", {
      choices: { a: "Spear", b: "Hand axe" },
    }),
    "custom-action": render("templates/dialogs/custom-action.hbs", { max: 10 }),
    recovery: render("templates/dialogs/recovery.hbs", { hint: t("BRINK.Recovery.levelHint"), choices }),
    intercept: render("templates/dialogs/choose-combatant.hbs", {
      hint: t("BRINK.Allies.Intercept.hint"),
      label: t("BRINK.Allies.Intercept.pick"),
      choices,
    }),
    "begin-combat": render("templates/combat/begin-combat.hbs", {
      teamChoices: { party: "Party", foes: "Foes" },
      attackedChoices: { "": "—", party: "Party" },
      teams: [
        { id: "party", name: "Party" },
        { id: "foes", name: "Foes" },
      ],
    }),
  };
}

/** DialogV2's window: its content and the button row under it inside the dialog's form. */
const dialogWindow = (content: string) =>
  `<div class="application dialog"><section class="window-content" style="padding:8px;overflow:auto">
    <form class="dialog-form"><div class="dialog-content">${content}</div>
    <footer class="form-footer"><button type="submit">OK</button></footer></form></section></div>`;

interface Look {
  background: string;
  color: string;
  font: string;
  padding: string;
  radius: string;
  labelLeft: number[];
  controlLeft: number[];
  /** Text cut off with an ellipsis, or wider than its box. */
  clipped: string[];
}

async function lookOf(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>(".brink-dialog");
    if (!root) throw new Error("no Brink dialog on the page");
    const style = getComputedStyle(root);
    // Each measured from its own frame: a label from its fieldset (or the dialog), a control from its row.
    const lefts = (selector: string, frame: (el: HTMLElement) => Element) =>
      [...root.querySelectorAll<HTMLElement>(selector)].map((el) =>
        Math.round(el.getBoundingClientRect().left - frame(el).getBoundingClientRect().left),
      );
    const fieldsetOrRoot = (el: HTMLElement) => el.closest("fieldset") ?? root;
    const row = (el: HTMLElement) => el.parentElement ?? root;
    const clipped = [...root.querySelectorAll<HTMLElement>("label, span, strong, legend, td, th, p")]
      .filter((el) => {
        const cut = getComputedStyle(el).textOverflow === "ellipsis";
        return el.scrollWidth > el.clientWidth + 1 && (cut || getComputedStyle(el).overflow === "hidden");
      })
      .map((el) => (el.textContent ?? "").trim());
    return {
      background: style.backgroundColor,
      color: style.color,
      font: style.fontFamily,
      padding: style.padding,
      radius: style.borderRadius,
      labelLeft: lefts(".form-group:not(.inline) > label", fieldsetOrRoot),
      controlLeft: lefts(".form-group:not(.inline) > :is(input, select)", row),
      clipped,
    };
  });
}

async function shoot(name: string, content: string, theme: Theme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(dialogWindow(content), { width: 400, height: 700, theme }));
  // A dialog's window takes the height of its content.
  await page.evaluate(() =>
    document.querySelector<HTMLElement>(".application")?.style.setProperty("height", "auto"),
  );
  await page.screenshot({ path: join(RESULTS, `dialog-${name}-${theme}.png`) });
  const seen = {
    overflow: await findOverflow(page, [
      ".brink-dialog",
      ".form-group",
      ".form-group > label",
      "select",
      "input",
      ".member-name",
      ".target-chances",
    ]),
    lowContrast: await lowContrastText(page, ".brink-dialog"),
    look: await lookOf(page),
  };
  await page.close();
  return seen;
}

describe("Brink's dialogs in Chromium", () => {
  it.each(["light", "dark"] as const)("share one look, fit and stay readable (%s)", async (theme) => {
    const views = await dialogs();
    const looks: Record<string, Look> = {};
    for (const [name, content] of Object.entries(views)) {
      const seen = await shoot(name, content, theme);
      expect({ name, overflow: seen.overflow, lowContrast: seen.lowContrast }).toEqual({
        name,
        overflow: [],
        lowContrast: [],
      });
      expect({ name, clipped: seen.look.clipped }).toEqual({ name, clipped: [] });
      looks[name] = seen.look;
    }
    const frames = Object.values(looks).map(({ background, color, font, padding, radius }) => ({
      background,
      color,
      font,
      padding,
      radius,
    }));
    expect(new Set(frames.map((frame) => JSON.stringify(frame))).size).toBe(1);
    // Labels in one column and controls in another, the same in every dialog.
    const labelColumns = new Set(Object.values(looks).flatMap((look) => look.labelLeft));
    const controlColumns = new Set(Object.values(looks).flatMap((look) => look.controlLeft));
    expect([...labelColumns]).toHaveLength(1);
    expect([...controlColumns]).toHaveLength(1);
  });

  it("shows a lone character's name in full in the rest dialog", async () => {
    const views = await dialogs();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(
      pageHtml(dialogWindow(views["rest-alone"] ?? ""), { width: 400, height: 700, theme: "light" }),
    );
    const name = await page.evaluate(() => {
      const element = document.querySelector<HTMLElement>(".member-name");
      return element ? { text: element.innerText, width: element.getBoundingClientRect().width } : null;
    });
    await page.close();
    expect(name?.text).toBe("Boudica");
    // Wide enough for the whole name, not the sliver of a grid column.
    expect(name?.width).toBeGreaterThan(40);
  });

  it("offers the attack against a target without a token: evasion and deflection fields", async () => {
    const views = await dialogs();
    expect(views["attack-manual"]).toContain('name="manualEvasion"');
    expect(views["attack-manual"]).toContain('name="manualDeflection"');
    expect(views.attack).not.toContain('name="manualEvasion"');
  });

  it.each(["light", "dark"] as const)(
    "draws the card of an attack on a target without a token, with no buttons, in the chat column (%s)",
    async (theme) => {
      resetWorld();
      clearCanvas();
      gm.targets.clear();
      const rhea = await character("Rhea");
      queueDice(4, 5, 10);
      answerDialog({ attribute: "str", manualEvasion: "9", manualDeflection: "3" });
      await promptAttack(rhea, rhea.items.getName("Spear") as Item.Implementation);
      const card = game.messages.contents.at(-1) as unknown as { renderHTML(): Promise<HTMLElement> };
      const content = (await card.renderHTML()).querySelector(".message-content")?.innerHTML ?? "";
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.setContent(pageHtml(chatLogHtml([content], theme), { width: 300, height: 700, theme }));
      await page.screenshot({ path: join(RESULTS, `card-attack-manual-${theme}.png`) });
      const overflow = await findOverflow(page, [".brink-card", ".target", ".target-name", ".manual"]);
      const lowContrast = await lowContrastText(page, ".chat-log");
      const buttons = await page.locator(".target button").count();
      const note = await page.locator(".target .manual").innerText();
      await page.close();
      expect({ overflow, lowContrast, buttons }).toEqual({ overflow: [], lowContrast: [], buttons: 0 });
      expect(note).toBe(game.i18n.localize("BRINK.Attack.manualNote"));
    },
  );
});
