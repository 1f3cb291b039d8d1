/**
 * `foundry.applications.ux.ContextMenu` as far as Brink uses it: bound to a container, it opens on
 * `eventName` (default `contextmenu`) over an element matching its selector, lists the entries
 * that are visible for that element (labels localised), and runs the clicked entry; the menu then
 * closes. v13 entries are `{name, icon, condition, callback(target)}`. v14 entries are
 * `{label, icon, visible, onClick(event, target)}`; the v13 names still work there as deprecated
 * aliases (API v14 `ContextMenuEntry`). The fake draws the menu as
 * `nav#context-menu > menu.context-items > li.context-item`, the markup core draws. Only
 * `jQuery: false` is supported: with jQuery callbacks would receive jQuery objects, which the fake
 * does not have (Brink never asks for them).
 */
import type { Plain } from "./utils";
import { deprecated, generation } from "./generation";

interface Entry {
  name?: string;
  label?: string;
  icon?: string;
  condition?: boolean | ((target: HTMLElement) => boolean);
  visible?: boolean | ((target: HTMLElement) => boolean);
  callback?: (target: HTMLElement) => unknown;
  onClick?: (event: Event, target: HTMLElement) => unknown;
}

/** An entry as this generation reads it: its label, whether it shows, and what a click runs. */
interface ReadEntry {
  label: string;
  icon: string;
  shown: (target: HTMLElement) => boolean;
  run: (event: Event, target: HTMLElement) => unknown;
}

const asTest = (test: Entry["visible"]) => (target: HTMLElement) =>
  typeof test === "function" ? test(target) : test !== false;

function readEntry(entry: Entry): ReadEntry {
  const icon = entry.icon ?? "";
  if (generation === 13) {
    if (typeof entry.name !== "string" || typeof entry.callback !== "function")
      throw new Error("A v13 ContextMenu entry needs a name and a callback(target).");
    const callback = entry.callback;
    return { label: entry.name, icon, shown: asTest(entry.condition), run: (_e, target) => callback(target) };
  }
  for (const old of ["name", "condition", "callback"] as const)
    if (entry[old] !== undefined) deprecated(`ContextMenuEntry#${old} (v14: label, visible, onClick)`);
  const label = entry.label ?? entry.name;
  const onClick = entry.onClick ?? ((_e: Event, target: HTMLElement) => entry.callback?.(target));
  if (typeof label !== "string") throw new Error("A ContextMenu entry needs a label.");
  return { label, icon, shown: asTest(entry.visible ?? entry.condition), run: onClick };
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
  readonly menuItems: ReadEntry[];
  readonly selector: string;
  readonly eventName: string;

  constructor(container: HTMLElement, selector: string, menuItems: Entry[], options: Options & Plain = {}) {
    if (options.jQuery !== false)
      throw new Error("The fake ContextMenu supports jQuery: false only (v13 deprecates jQuery callbacks).");
    this.selector = selector;
    this.menuItems = menuItems.map(readEntry);
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
      if (!entry.shown(target)) continue;
      const item = document.createElement("li");
      item.className = "context-item";
      item.innerHTML = `${entry.icon}<span>${localize(entry.label)}</span>`;
      item.addEventListener("click", (event) => {
        nav.remove();
        contextMenuWork.pending = Promise.resolve(entry.run(event, target));
      });
      menu.append(item);
    }
    nav.append(menu);
    (document.body ?? target.parentElement)?.append(nav);
  }
}
