/**
 * Brink's three settings menus drawn in Chromium with the system CSS, as their users meet them:
 * the GM's Optional rules, and a player's own Automation and Appearance. Each must fit its 520 px
 * window, keep its text readable in both themes, and give every control a visible label and hint.
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../fake-foundry/install";
import { asUser, makeUser } from "../fake-foundry/runtime";
import { bootBrink } from "../foundry/boot";
import { RESULTS, findOverflow, launchBrowser, pageHtml, type Theme } from "../support/browser";
import { lowContrastText } from "../support/contrast";
import { createRenderer } from "../support/render";

await bootBrink();
const { OptionalRulesMenu, AutomationMenu, AppearanceMenu, TablesMenu } =
  await import("../../src/applications/settings");

const render = createRenderer();
const player =
  users.get("menus-player") ?? users.add(makeUser({ id: "menus-player", name: "Player", isGM: false }));
const gm = users.get("gm");
if (!gm) throw new Error("the fake has no GM");

type MenuClass = typeof OptionalRulesMenu;

/**
 * The menu's window as Foundry draws it: a form root marked `application`, its part inside. The
 * window header is core's own drawing, left out here as in the sheet tests.
 */
async function menuHtml(Menu: MenuClass): Promise<string> {
  const menu = new (Menu as unknown as new (options: object) => InstanceType<MenuClass>)({});
  const context = await menu._prepareContext({});
  const parts = Object.values(Menu.PARTS as Record<string, { template: string }>).map((part) =>
    render(part.template, context),
  );
  const classes = ((menu.options.classes as string[] | undefined) ?? []).join(" ");
  return `<form class="application ${classes}"><section class="window-content">${parts.join("\n")}</section></form>`;
}

interface ControlReport {
  name: string;
  label: string;
  labelClipped: boolean;
  hint: string;
  hintClipped: boolean;
  /** For a select, whether its chosen option's text is wider than the room the box gives it. */
  choiceClipped: boolean;
  left: number;
}

/** Each control with the label that names it and the hint it points to, as laid out. */
async function controls(page: Page): Promise<ControlReport[]> {
  return page.evaluate(() => {
    const shown = (element: Element | null): element is HTMLElement => {
      if (!(element instanceof HTMLElement)) return false;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.opacity !== "0";
    };
    // Chromium draws a select's arrow in about 20 px at its right; the chosen text must fit beside it.
    const ARROW = 20;
    const measure = document.createElement("canvas").getContext("2d");
    const choiceClipped = (control: HTMLElement) => {
      if (!(control instanceof HTMLSelectElement) || !measure) return false;
      const style = getComputedStyle(control);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = control.selectedOptions[0]?.textContent ?? "";
      const room =
        control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      return measure.measureText(text).width > room;
    };
    const clipped = (element: HTMLElement) =>
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
    const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      ".window-content input, .window-content select",
    );
    return Array.from(fields).map((control) => {
      const label = document.querySelector(`label[for="${control.id}"]`);
      const hint = document.getElementById(control.getAttribute("aria-describedby") ?? "");
      return {
        name: control.name,
        label: shown(label) ? (label.textContent ?? "").trim() : "",
        labelClipped: shown(label) && clipped(label),
        hint: shown(hint) ? (hint.textContent ?? "").trim() : "",
        hintClipped: shown(hint) && clipped(hint),
        choiceClipped: choiceClipped(control),
        left: Math.round(control.getBoundingClientRect().left),
      };
    });
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Draws a menu at its own width with Foundry's automatic height and reports what a reader would see. */
async function look(name: string, html: string, theme: Theme, width: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(pageHtml(html, { width, height: 700, theme }));
  // A settings menu's window takes the height of its content (position.height "auto").
  await page.evaluate(() =>
    document.querySelector<HTMLElement>(".application")?.style.setProperty("height", "auto"),
  );
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
  const fitsScreen = await page.evaluate(() => {
    const frame = document.querySelector(".application")?.getBoundingClientRect();
    const content = document.querySelector(".window-content");
    return (
      frame !== undefined &&
      frame.bottom <= window.innerHeight &&
      content !== null &&
      content.scrollHeight <= content.clientHeight + 1
    );
  });
  const result = {
    overflow: await findOverflow(page, [
      ".form-group",
      ".form-group > label",
      ".hint",
      ".form-fields",
      "select",
      ".form-footer button",
    ]),
    lowContrast: await lowContrastText(page, ".application"),
    controls: await controls(page),
    fitsScreen,
  };
  await page.close();
  return result;
}

const MENUS = [
  { file: "optional-rules", Menu: OptionalRulesMenu, viewer: gm, count: 7 },
  { file: "automation", Menu: AutomationMenu, viewer: player, count: 1 },
  { file: "appearance", Menu: AppearanceMenu, viewer: player, count: 2 },
];

describe("settings menus in Chromium at 1280×800", () => {
  for (const { file, Menu, viewer, count } of MENUS) {
    it.each(["light", "dark"] as const)(
      `${file} (%s, as ${viewer.name}) is readable and labelled`,
      async (theme) => {
        const html = await asUser(viewer, () => menuHtml(Menu));
        const { position } = Menu.DEFAULT_OPTIONS as { position?: { width?: unknown } };
        const width = position?.width;
        const seen = await look(
          `settings-${file}-${theme}`,
          html,
          theme,
          typeof width === "number" ? width : 520,
        );
        expect(seen.fitsScreen).toBe(true);
        expect(seen.overflow).toEqual([]);
        expect(seen.lowContrast).toEqual([]);
        expect(seen.controls).toHaveLength(count);
        for (const control of seen.controls) {
          expect(control.label, control.name).toBe(game.i18n.localize(`BRINK.Setting.${control.name}.name`));
          expect(control.hint, control.name).toBe(game.i18n.localize(`BRINK.Setting.${control.name}.hint`));
          const clipped = [control.labelClipped, control.hintClipped, control.choiceClipped];
          expect({ name: control.name, clipped }).toEqual({
            name: control.name,
            clipped: [false, false, false],
          });
        }
        // Controls line up in one column, so the eye runs down them.
        expect(new Set(seen.controls.map((control) => control.left)).size).toBe(1);
      },
    );
  }
});

describe("the GM's Tables menu in Chromium", () => {
  it.each(["light", "dark"] as const)(
    "names each of Brink's tables beside its choice (%s)",
    async (theme) => {
      const tables = (await game.packs.get("brink.tables")?.getDocuments()) ?? [];
      const html = await asUser(gm, () => menuHtml(TablesMenu as unknown as MenuClass));
      const seen = await look(`settings-tables-${theme}`, html, theme, 520);
      expect(seen.fitsScreen).toBe(true);
      expect(seen.overflow).toEqual([]);
      expect(seen.lowContrast).toEqual([]);
      expect(seen.controls).toHaveLength(tables.length);
      for (const control of seen.controls) {
        expect(control.label, control.name).not.toBe("");
        expect([control.labelClipped, control.choiceClipped], control.name).toEqual([false, false]);
      }
    },
  );
});
