/**
 * What every surface of the readability matrix shares: its size and place (a window or the chat
 * log), and the frames Foundry draws around Brink's HTML (a DialogV2 window, a chat row).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { answerDialog, shownDialogs } from "../../fake-foundry/ui";
import { ROOT } from "../../support/render";

export interface Surface {
  /** The screenshot's name: test-results/readable-<name>-<width>-<theme>.png. */
  name: string;
  /** Default window size; the chat log is 300 px wide. */
  size: { width: number; height: number };
  place: "window" | "chat log";
  /** The widths to read it at, when not its default and 520 px (a window) or the chat column's. */
  widths?: number[];
  /** A dialog or settings menu takes the height of its content, as its window does in v13. */
  autoHeight?: boolean;
  html: () => Promise<string>;
  /** What the user does on the drawn page before it is read (fold a long card, say). */
  use?: (page: Page) => Promise<void>;
}

/** The chat sidebar's width: every card is read there. */
export const CHAT = { width: 300, height: 760 };

/** DialogV2's default window width (v13), which every Brink dialog keeps. */
export const DIALOG = { width: 400, height: 700 };

export const card = (name: string, html: () => Promise<string>): Surface => ({
  name: `card-${name}`,
  size: CHAT,
  place: "chat log",
  html,
});

export const dialog = (name: string, html: () => Promise<string>): Surface => ({
  name: `dialog-${name}`,
  size: DIALOG,
  place: "window",
  autoHeight: true,
  html,
});

/** The page has no server: Brink's own images are inlined so icons and portraits draw. */
export const inlineSystemImages = (html: string) =>
  html.replace(/src="systems\/brink\/([^"]+\.svg)"/g, (_match, path: string) => {
    const svg = readFileSync(join(ROOT, path));
    return `src="data:image/svg+xml;base64,${svg.toString("base64")}"`;
  });

/**
 * A DialogV2 window as v13 frames it: the localised title in the header, the content inside the
 * dialog's form, and the buttons the flow gave it (labels localised, as DialogV2 does).
 */
export function dialogWindow(shown: (typeof shownDialogs)[number]): string {
  const t = (key: string) => game.i18n.localize(key);
  const buttons = shown.buttons
    .map((b) => `<button type="button">${b.icon ? `<i class="${b.icon}"></i> ` : ""}${t(b.label)}</button>`)
    .join("");
  return `<div class="application dialog"><header class="window-header"><h1 class="window-title">${t(shown.title)}</h1></header>
  <section class="window-content"><form class="dialog-form"><div class="dialog-content">${shown.content}</div>
  <footer class="form-footer">${buttons}</footer></form></section></div>`;
}

/** The dialog a flow opens, left unanswered (closed), framed as its window. */
export async function openedDialog(open: () => Promise<unknown>): Promise<string> {
  const before = shownDialogs.length;
  answerDialog(null);
  await open();
  const shown = shownDialogs.at(-1);
  if (!shown || shownDialogs.length === before) throw new Error("no dialog was shown");
  return dialogWindow(shown);
}

/** The last chat message as the chat log draws it for this client's user (buttons included). */
export async function lastCard(): Promise<string> {
  const message = game.messages.contents.at(-1) as unknown as
    { renderHTML(): Promise<HTMLElement> } | undefined;
  if (!message) throw new Error("no card was posted");
  return messageContent(message);
}

export async function messageContent(message: unknown): Promise<string> {
  const element = await (message as { renderHTML(): Promise<HTMLElement> }).renderHTML();
  return element.querySelector(".message-content")?.innerHTML ?? "";
}
