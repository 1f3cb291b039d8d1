/**
 * Headless Chrome or Chromium (whichever tools/find-browser.mjs finds) driven by playwright-core:
 * pages built from rendered templates plus the system CSS, screenshots kept under test-results/, and
 * layout checks.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, expect } from "vitest";
import { findBrowser, noBrowserMessage, thisMachine } from "../../tools/find-browser.mjs";
import { iconFontCss } from "./icon-font";
import { ROOT } from "./render";

export const RESULTS = join(ROOT, "test-results");

/** The browser `npm test` found before the run (tools/ensure-chromium.mjs), or the one message why none. */
function browserPath(): string {
  const machine = thisMachine();
  const search = findBrowser(machine);
  if (!search.found) throw new Error(noBrowserMessage(search.looked, machine.env.CHROMIUM_PATH));
  return search.found.path;
}

/** What the pages of this file's browser reported: uncaught errors, console errors, failed loads. */
const pageProblems: string[] = [];

const watched = new WeakSet<Page>();

function watchPage(page: Page): void {
  if (watched.has(page)) return; // newPage may open its page through the wrapped newContext
  watched.add(page);
  page.on("pageerror", (error) => pageProblems.push(`uncaught ${error.name}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") pageProblems.push(`console.error: ${message.text()}`);
  });
  page.on("requestfailed", (request) => pageProblems.push(`failed to load ${request.url()}`));
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on("page", watchPage);
  return context;
}

// Every browser test imports this module, so each one also fails when a page it opened reported an
// error: a broken script, a worker that threw, an image or font that did not load.
function expectQuietPages(): void {
  const problems = pageProblems.splice(0);
  expect(problems, "errors the browser's pages reported").toEqual([]);
}
afterEach(expectQuietPages);
afterAll(expectQuietPages);

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(RESULTS, { recursive: true });
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(options));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchPage(page);
    return page;
  };
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: browserPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Every stylesheet system.json lists, in its order, as Foundry loads them. */
function systemStyles(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
    styles: { src: string }[];
  };
  return manifest.styles.map((style) => readFileSync(join(ROOT, style.src), "utf8")).join("\n");
}

export type Theme = "light" | "dark";

/**
 * The theme classes of a v13 page. `body` carries `theme-light`/`theme-dark` (the client's
 * "Applications" colour scheme); a window whose sheet has its own theme carries `themed theme-…`
 * on its root element (`application: null` leaves the window unmarked, so it follows the body).
 */
export interface PageThemes {
  body: Theme;
  application: Theme | null;
}

const THEME_CLASSES = new Set(["themed", "theme-light", "theme-dark"]);

/** Re-marks the first `.application` root of `html` with the given theme, as v13 would draw it. */
function markApplication(html: string, theme: Theme | null): string {
  return html.replace(/class="(application(?:\s[^"]*)?)"/, (_match, list: string) => {
    const kept = list.split(/\s+/).filter((name) => name !== "" && !THEME_CLASSES.has(name));
    const marked = theme === null ? kept : [...kept, "themed", `theme-${theme}`];
    return `class="${marked.join(" ")}"`;
  });
}

/**
 * The sidebar's chat log as v13 marks it: `#interface` and the log itself carry
 * `themed theme-…` from the client's "Interface" colour scheme; each message sits in its own row.
 */
export function chatLogHtml(messages: string[], interfaceTheme: Theme): string {
  const themed = `themed theme-${interfaceTheme}`;
  const rows = messages.map(
    (content) => `<li class="chat-message message"><div class="message-content">${content}</div></li>`,
  );
  return `<div id="interface" class="${themed}"><section id="sidebar" class="test-frame">
    <ol class="chat-log plain ${themed}">${rows.join("\n")}</ol></section></div>`;
}

/**
 * A stand-in for Foundry's window frame: the sheet sits at its default size on a 1280×800 desktop.
 * A single `theme` marks body and window alike; `PageThemes` sets them apart (the mixed cases).
 */
export function pageHtml(
  body: string,
  { width, height, theme }: { width: number; height: number; theme: Theme | PageThemes },
) {
  const css = systemStyles();
  const themes = typeof theme === "string" ? { body: theme, application: theme } : theme;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; background: ${themes.body === "dark" ? "#0e0c0b" : "#6b6358"}; font-family: sans-serif; }
    .application, .test-frame { position: absolute; top: 40px; left: 40px; width: ${width}px; height: ${height}px;
      display: flex; flex-direction: column; box-shadow: 0 0 20px #000; border-radius: 6px; overflow: hidden; }
    .application > .window-content { flex: 1; min-height: 0; }
    /* Core's window colours, which Brink's windows without a palette of their own (dialogs) sit on. */
    .application.theme-light, body.theme-light .application:not(.themed) { background: #ded6c8; color: #222; }
    .application.theme-dark, body.theme-dark .application:not(.themed) { background: #18161a; color: #e7e1d8; }
    .application > .window-header { padding: 6px 10px; font-size: 14px; }
    .application .window-title { margin: 0; font-size: inherit; }
    .application > .window-content { overflow: auto; }
    .dialog-form .form-footer { display: flex; padding: 8px; }
    .dialog-form .form-footer button { flex: 1; }
    #interface.theme-dark .test-frame { background: #18161a; color: #e7e1d8; }
    #interface.theme-light .test-frame { background: #ded6c8; color: #222; }
    .chat-log { list-style: none; margin: 0; padding: 8px; overflow: auto; display: grid; gap: 8px; align-content: start; }
    button { font: inherit; }
    </style><style>${iconFontCss()}</style><style>${css}</style></head>
    <body class="theme-${themes.body}">${markApplication(body, themes.application)}</body></html>`;
}

export interface Overflow {
  selector: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Elements whose content is wider than their box, or that stick out of the window. */
export async function findOverflow(page: Page, selectors: string[]): Promise<Overflow[]> {
  return page.evaluate((list) => {
    const frame = document.querySelector(".application, .test-frame")?.getBoundingClientRect();
    const problems: Overflow[] = [];
    for (const selector of list) {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const clipsText = style.textOverflow === "ellipsis";
        const wider = !clipsText && element.scrollWidth > element.clientWidth + 1;
        const outside = frame !== undefined && (box.left < frame.left - 1 || box.right > frame.right + 1);
        if ((wider || outside) && box.width > 0) {
          problems.push({
            selector,
            text: (element.textContent ?? "").trim().slice(0, 40),
            scrollWidth: element.scrollWidth,
            clientWidth: element.clientWidth,
          });
        }
      }
    }
    return problems;
  }, selectors);
}
