/**
 * The arrow keys of the WAI-ARIA tabs pattern on a sheet's tab nav: Left and Right move to the
 * previous or next tab (wrapping), Home and End to the first or last, and the tab reached opens.
 * Tab and Enter keep working as before.
 */
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Listens on the window's root (kept across part renders) once; `open` changes the tab. */
export function bindTabKeys(root: HTMLElement, open: (tab: string, group: string) => void): void {
  root.addEventListener("keydown", (event) => {
    const step = STEPS[event.key];
    // Not `instanceof HTMLElement`: the sheet's window may not be this realm's (an iframe, a pop-out).
    const target = event.target as Partial<Element> | null;
    const current =
      typeof target?.closest === "function" ? target.closest<HTMLElement>("[role='tab']") : null;
    const list = current?.closest("[role='tablist']");
    if (!step || !current || !list) return;
    const tabs = Array.from(list.querySelectorAll<HTMLElement>("[role='tab']"));
    const next = tabs[step(tabs.indexOf(current), tabs.length)];
    const { tab, group } = next?.dataset ?? {};
    if (!next || !tab || !group) return;
    event.preventDefault();
    open(tab, group);
    // The nav may have been drawn again: focus the tab of that name in the nav as it is now.
    root.querySelector<HTMLElement>(`[role='tab'][data-group='${group}'][data-tab='${tab}']`)?.focus();
  });
}
