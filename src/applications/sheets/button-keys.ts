/**
 * Enter and Space press an element that says it is a button (`role="button"`) without being one:
 * the portrait, which stays an `<img>` because v13's editImage action runs on images only.
 * Native buttons are left alone; the browser already turns their keys into a click.
 */
const PRESS_KEYS = new Set(["Enter", " "]);
const ROLE_BUTTON = "[role='button'][data-action]:not(button)";

/** Listens on the window's root (kept across part renders) once. */
export function bindButtonKeys(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    if (!PRESS_KEYS.has(event.key)) return;
    // Not `instanceof HTMLElement`: the sheet's window may not be this realm's (an iframe, a pop-out).
    const target = event.target as Partial<HTMLElement> | null;
    if (typeof target?.matches !== "function" || !target.matches(ROLE_BUTTON)) return;
    event.preventDefault();
    target.click?.();
  });
}
