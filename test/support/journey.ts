/**
 * A Foundry desktop at 1280×800 for the fight journey: one sheet window at its default size on the
 * left, the sidebar (the combat tracker or the chat log) at the right edge, as a player or the GM
 * sees them. `lookAtDesk` screenshots it and reports, for each control the next step needs, whether
 * it lies inside the window and on top (not clipped, not pushed out, not covered), whether the
 * keyboard reaches it, and any text below 4.5:1.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { RESULTS, chatLogHtml, pageHtml, type Theme } from "./browser";
import { lowContrastText } from "./contrast";
import { ROOT } from "./render";

export interface Desk {
  /** The sheet window's HTML (renderSheet's), and its size. */
  sheet?: { html: string; width: number; height: number };
  /** The sidebar: the tracker's HTML (renderTracker's) or the chat log's cards. */
  sidebar: { tracker: string } | { cards: string[] };
}

/** A control the next step needs: where it is, and what a reader would call it. */
export interface Needed {
  in: "sheet" | "sidebar";
  selector: string;
  /** A notice to read, not a control: it must be in view, not a Tab stop. */
  notice?: boolean;
}

export interface ControlLook {
  selector: string;
  found: boolean;
  /** Wholly inside the viewport and its window, and what a click at its centre lands on. */
  onTop: boolean;
  /** Tab reaches it, or it sits in a toolbar Tab reaches, where the arrow keys move to it. */
  keyboard: boolean;
  /** When not on top: what lies at its centre instead (or "outside"). */
  covered?: string;
}

export interface DeskLook {
  controls: ControlLook[];
  lowContrast: { text: string; ratio: number }[];
}

const SIDEBAR_WIDTH = 300;

/** Brink's status icons inlined: the page has no server. */
const inlineSystemImages = (html: string) =>
  html.replace(/src="systems\/brink\/([^"]+\.svg)"/g, (_match, path: string) => {
    const svg = readFileSync(join(ROOT, path));
    return `src="data:image/svg+xml;base64,${svg.toString("base64")}"`;
  });

const themed = (html: string, theme: Theme) => html.replace(/\btheme-(light|dark)\b/g, `theme-${theme}`);

function deskHtml(desk: Desk, theme: Theme): string {
  const sidebar =
    "tracker" in desk.sidebar
      ? `<div id="interface" class="themed theme-${theme}"><section id="sidebar" class="test-frame journey-sidebar">${themed(desk.sidebar.tracker, theme)}</section></div>`
      : chatLogHtml(desk.sidebar.cards, theme).replace(
          'class="test-frame"',
          'class="test-frame journey-sidebar"',
        );
  const sheet = desk.sheet ? themed(desk.sheet.html, theme) : "";
  const size = desk.sheet ?? { width: 760, height: 720 };
  const page = pageHtml(inlineSystemImages(`${sheet}${sidebar}`), { ...size, theme });
  // The sidebar sits at the right edge, full height; the tracker window inside it fills it.
  const layout = `<style>
    .journey-sidebar { left: auto !important; right: 0; top: 0 !important; width: ${SIDEBAR_WIDTH}px !important; height: 800px !important; border-radius: 0; }
    .journey-sidebar > .application { position: relative; top: 0; left: 0; width: 100%; height: 100%; box-shadow: none; border-radius: 0; }
    /* Core's sidebar tab is a flex column its parts share; the stand-in window content is one too. */
    .journey-sidebar > .application > .window-content { display: flex; flex-direction: column; overflow: hidden; }
  </style>`;
  return page.replace("</head>", `${layout}</head>`);
}

const ROOTS = { sheet: "body > .application", sidebar: ".journey-sidebar" } as const;

/** Every element Tab reaches from the top of the page, marked in the page, in order. */
async function tabWalk(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  let first: string | null = null;
  for (let press = 0; press < 300; press += 1) {
    await page.keyboard.press("Tab");
    const mark = await page.evaluate((count) => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return null;
      active.dataset.tabbed ??= String(count);
      return active.dataset.tabbed;
    }, press);
    if (mark === null) continue;
    if (first === null) first = mark;
    else if (mark === first) break;
  }
}

async function lookAtControls(page: Page, needed: readonly Needed[]): Promise<ControlLook[]> {
  return page.evaluate(
    ({ list, roots }) =>
      list.map(({ in: where, selector }) => {
        const root = document.querySelector(roots[where]);
        const element = root?.querySelector<HTMLElement>(selector);
        if (!root || !element) return { selector, found: false, onTop: false, keyboard: false };
        const box = element.getBoundingClientRect();
        const frame = root.getBoundingClientRect();
        const inside =
          box.width > 0 &&
          box.height > 0 &&
          box.top >= Math.max(0, frame.top) - 1 &&
          box.left >= Math.max(0, frame.left) - 1 &&
          box.bottom <= Math.min(innerHeight, frame.bottom) + 1 &&
          box.right <= Math.min(innerWidth, frame.right) + 1;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const onTop = inside && hit !== null && (hit === element || element.contains(hit));
        const toolbar = element.closest("[role='toolbar']");
        const inReachedToolbar =
          toolbar !== null &&
          element.getAttribute("aria-disabled") !== "true" &&
          toolbar.querySelector("[data-tabbed]") !== null;
        const keyboard = element.dataset.tabbed !== undefined || inReachedToolbar;
        if (onTop) return { selector, found: true, onTop, keyboard };
        const covered = inside
          ? (hit?.outerHTML.slice(0, 80) ?? "nothing")
          : `outside: ${JSON.stringify(box)}`;
        return { selector, found: true, onTop, keyboard, covered };
      }),
    { list: [...needed], roots: ROOTS },
  );
}

/** Screenshots the desk as `name-theme.png` and looks at what the next step needs. */
export async function lookAtDesk(
  browser: Browser,
  name: string,
  desk: Desk,
  needed: readonly Needed[],
  theme: Theme,
): Promise<DeskLook> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.setContent(deskHtml(desk, theme));
    await page.screenshot({ path: join(RESULTS, `journey-${name}-${theme}.png`) });
    // Where things are as the screenshot shows them; then the Tab walk (which scrolls what it focuses).
    const placed = await lookAtControls(page, needed);
    await tabWalk(page);
    const reached = await lookAtControls(page, needed);
    const controls = placed.map((control, index) => ({
      ...control,
      keyboard: needed[index]?.notice === true || (reached[index]?.keyboard ?? false),
    }));
    const lowContrast = [
      ...(desk.sheet ? await lowContrastText(page, ROOTS.sheet) : []),
      ...(await lowContrastText(page, ROOTS.sidebar)),
    ].map(({ text, ratio }) => ({ text, ratio }));
    return { controls, lowContrast };
  } finally {
    await page.close();
  }
}
