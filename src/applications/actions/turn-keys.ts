/**
 * The keys bound to Take turn and End turn as the user has them in Configure Controls ("Alt+E"),
 * so the panel's buttons can name them and announce them (aria-keyshortcuts). Empty when unbound.
 */
import { SYSTEM_ID } from "../../constants";

/** "KeyE" → "E", "Digit1" → "1"; other codes (ArrowUp, F2) as they are. */
const keyName = (code: string): string => code.replace(/^(Key|Digit)/, "");

export function boundKeys(action: "takeTurn" | "endTurn"): string {
  const bindings = game.keybindings?.get(SYSTEM_ID, action) ?? [];
  const first = bindings[0];
  if (!first) return "";
  return [...(first.modifiers ?? []), keyName(first.key)].join("+");
}
