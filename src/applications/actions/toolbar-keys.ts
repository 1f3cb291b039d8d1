/**
 * The keys of the actions panel (WAI-ARIA toolbar pattern): the toolbar is one Tab stop; Left and
 * Right (or Up and Down) move between the buttons that can be pressed, Home and End to the first
 * and last. In the open "More" menu Up and Down move between its buttons and Escape closes it.
 */
const TOOLBAR = "[data-actions-toolbar]";
const ITEM = "[data-toolbar-item]:not([aria-disabled='true'])";
const MENU = ".actions-menu";

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Not `instanceof HTMLElement`: the window may not be this realm's (a pop-out). */
function elementOf(target: EventTarget | null): Element | null {
  const element = target as Partial<Element> | null;
  return typeof element?.closest === "function" ? (element as Element) : null;
}

/** Moves the toolbar's one Tab stop to `next` and focuses it. */
function rove(items: readonly HTMLElement[], next: HTMLElement): void {
  for (const item of items) item.tabIndex = item === next ? 0 : -1;
  next.focus();
}

function onToolbarKey(event: KeyboardEvent, current: HTMLElement, toolbar: Element): void {
  const step = STEPS[event.key];
  const items = Array.from(toolbar.querySelectorAll<HTMLElement>(ITEM));
  const index = items.indexOf(current);
  const next = step && index >= 0 ? items[step(index, items.length)] : undefined;
  if (!next) return;
  event.preventDefault();
  rove(items, next);
}

function onMenuKey(event: KeyboardEvent, current: HTMLElement, menu: HTMLElement): void {
  if (event.key === "Escape") {
    event.preventDefault();
    const toggle = menu.closest("[data-actions-panel]")?.querySelector<HTMLElement>(".actions-more");
    menu.hidden = true;
    toggle?.setAttribute("aria-expanded", "false");
    toggle?.focus();
    return;
  }
  if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
  const step = STEPS[event.key];
  const buttons = Array.from(menu.querySelectorAll<HTMLElement>("button:not([aria-disabled='true'])"));
  const next = step ? buttons[step(buttons.indexOf(current), buttons.length)] : undefined;
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** Listens on a window's root (kept across part renders) once. */
export function bindToolbarKeys(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    const target = elementOf(event.target);
    const current = target?.closest<HTMLElement>("button");
    if (!target || !current) return;
    const toolbar = target.closest(TOOLBAR);
    if (toolbar) return onToolbarKey(event, current, toolbar);
    const menu = target.closest<HTMLElement>(MENU);
    if (menu) onMenuKey(event, current, menu);
  });
}
