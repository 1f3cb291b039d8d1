/**
 * In Chromium: a dialog select whose chosen name is cut short names it whole in its title, and
 * the title follows the user's next pick (the listener Brink hangs on every DialogV2).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dialogWindow } from "./surfaces/frame";
import { launchBrowser, pageHtml } from "../support/browser";
import { followChosenTitle } from "../../src/applications/chosen-titles";
import { renderDialog } from "../../src/applications/dialog-form";

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => browser?.close());

it("titles the stabilise dialog's ally by the name chosen, before and after a new pick", async () => {
  const content = await renderDialog("dialogs/stabilise.hbs", {
    allies: [
      { id: "a", name: "Clementine Ashdown-Featherstonehaugh", selected: true },
      { id: "b", name: "Agnessa of the Long Road" },
    ],
  });
  const shown = { title: "Stabilise", content, user: "", buttons: [] };
  await page.setContent(pageHtml(dialogWindow(shown), { width: 400, height: 700, theme: "light" }));
  await page.evaluate((source) => {
    // The listener's own compiled source, as Brink adds it to each rendered dialog.
    const listener = new Function(`return ${source}`)() as (event: Event) => void;
    document.querySelector(".application")?.addEventListener("change", listener);
  }, followChosenTitle.toString());
  const title = () => page.locator("#brink-stabilise-ally").getAttribute("title");
  expect(await title()).toBe("Clementine Ashdown-Featherstonehaugh");
  await page.locator("#brink-stabilise-ally").selectOption("b");
  expect(await title()).toBe("Agnessa of the Long Road");
});
