/**
 * v13's `foundry.applications.ux.ContextMenu` as far as Brink uses it: bound to a container, it
 * opens on `eventName` (default `contextmenu`) over an element matching its selector, lists the
 * entries whose `condition` passes for that element (names localised), and runs an entry's
 * `callback(target)` when the user clicks it; the menu then closes. The fake draws the menu as
 * `nav#context-menu > menu.context-items > li.context-item`, the markup core draws. Only
 * `jQuery: false` is supported: with jQuery callbacks would receive jQuery objects, which the fake
 * does not have (Brink never asks for them).
 */
import type { Plain } from "./utils";

interface Entry {
  name: string;
  icon?: string;
  condition?: boolean | ((target: HTMLElement) => boolean);
  callback: (target: HTMLElement) => unknown;
}

interface Options {
  eventName?: string;
  jQuery?: boolean;
  fixed?: boolean;
}

/** What the last opened menu's click started, so a test can wait for it as the user would. */
export const contextMenuWork: { pending: Promise<unknown> } = { pending: Promise.resolve() };

const localize = (key: string): string =>
  (globalThis as unknown as { game: { i18n: { localize(key: string): string } } }).game.i18n.localize(key);

export class FakeContextMenu {
  readonly menuItems: Entry[];
  readonly selector: string;
  readonly eventName: string;

  constructor(container: HTMLElement, selector: string, menuItems: Entry[], options: Options & Plain = {}) {
    if (options.jQuery !== false)
      throw new Error("The fake ContextMenu supports jQuery: false only (v13 deprecates jQuery callbacks).");
    this.selector = selector;
    this.menuItems = menuItems;
    this.eventName = options.eventName ?? "contextmenu";
    container.addEventListener(this.eventName, (event) => {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>(selector);
      if (!target || !container.contains(target)) return;
      event.preventDefault();
      event.stopPropagation();
      this.#open(target);
    });
  }

  #open(target: HTMLElement): void {
    const document = target.ownerDocument;
    document.getElementById("context-menu")?.remove();
    const nav = document.createElement("nav");
    nav.id = "context-menu";
    const menu = document.createElement("menu");
    menu.className = "context-items";
    for (const entry of this.menuItems) {
      const shown =
        typeof entry.condition === "function" ? entry.condition(target) : entry.condition !== false;
      if (!shown) continue;
      const item = document.createElement("li");
      item.className = "context-item";
      item.innerHTML = `${entry.icon ?? ""}<span>${localize(entry.name)}</span>`;
      item.addEventListener("click", () => {
        nav.remove();
        contextMenuWork.pending = Promise.resolve(entry.callback(target));
      });
      menu.append(item);
    }
    nav.append(menu);
    (document.body ?? target.parentElement)?.append(nav);
  }
}
