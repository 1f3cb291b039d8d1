/**
 * Whether a roll skips its dialog. The Skip roll dialogs preference sets the usual way; holding the
 * Skip dialog key (Shift unless rebound in Configure Controls) while clicking does the opposite for
 * that one roll, as dnd5e's skip-dialog keys do.
 */
import { SYSTEM_ID } from "../../constants";
import { preference } from "../../settings";

export const SKIP_DIALOG_ACTION = "skipDialog";

/** Core's modifier names ("Shift", "Control", "Alt") and the key codes that hold each. */
const modifierCodes = (): Record<string, readonly string[]> =>
  Object.fromEntries(Object.entries(foundry.helpers.interaction.KeyboardManager.MODIFIER_CODES));

/** The modifier a key code belongs to, if it is one. */
function modifierOf(code: string): string | undefined {
  const codes = modifierCodes();
  return Object.keys(codes).find((name) => codes[name]?.includes(code));
}

/** What a click event says is held (a key the keyboard manager missed, e.g. focus in an input). */
function heldByEvent(event: Event | undefined, modifier: string | undefined): boolean {
  if (!event || !modifier) return false;
  const mouse = event as MouseEvent;
  const { SHIFT, ALT } = foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS;
  if (modifier === SHIFT) return mouse.shiftKey === true;
  if (modifier === ALT) return mouse.altKey === true;
  return mouse.ctrlKey === true || mouse.metaKey === true;
}

const isDown = (code: string, event: Event | undefined): boolean =>
  game.keyboard.downKeys.has(code) || heldByEvent(event, modifierOf(code));

/** Whether the user holds one of the Skip dialog key's bindings now. */
export function skipKeyHeld(event?: Event): boolean {
  return game.keybindings
    .get(SYSTEM_ID, SKIP_DIALOG_ACTION)
    .some(
      (binding) =>
        isDown(binding.key, event) &&
        (binding.modifiers ?? []).every((m) => (modifierCodes()[m] ?? []).some((c) => isDown(c, event))),
    );
}

/** Whether this roll goes straight to the dice with the dialog's defaults. */
export function skipsDialog(event?: Event): boolean {
  return preference("skipRollDialogs") !== skipKeyHeld(event);
}
