/**
 * Brink's keys, listed in Configure Controls where each player may rebind them. Registered during
 * init, as core requires.
 */
import { SKIP_DIALOG_ACTION } from "../applications/rolls/fast-forward";
import { SYSTEM_ID } from "../constants";
import type { LangKey } from "../helpers/lang-keys";
import { endTurnByKey, takeTurnByKey } from "./turns";

/** The last key action started, so callers (and tests) can wait for the GM's answer. */
export let keyAction: Promise<void> = Promise.resolve();

const run = (action: () => Promise<void>) => (): boolean => {
  keyAction = action();
  return true;
};

/** Each action's default keys; core's modifier names are read at init, when core has loaded. */
function defaults() {
  const { ALT } = foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS;
  return {
    takeTurn: { editable: [{ key: "KeyT", modifiers: [ALT] }], onDown: run(takeTurnByKey) },
    endTurn: { editable: [{ key: "KeyE", modifiers: [ALT] }], onDown: run(endTurnByKey) },
    // Read while a roll is clicked (fast-forward.ts), as dnd5e reads its skip-dialog keys.
    [SKIP_DIALOG_ACTION]: { editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }] },
  };
}

export const KEYBINDING_ACTIONS = ["takeTurn", "endTurn", SKIP_DIALOG_ACTION] as const;

/** Each key's name and hint in Configure Controls (test/manifest/lang-keys.test.ts checks them). */
export const KEYBINDING_TEXT = {
  takeTurn: { name: "BRINK.Keybinding.takeTurn.name", hint: "BRINK.Keybinding.takeTurn.hint" },
  endTurn: { name: "BRINK.Keybinding.endTurn.name", hint: "BRINK.Keybinding.endTurn.hint" },
  [SKIP_DIALOG_ACTION]: {
    name: "BRINK.Keybinding.skipDialog.name",
    hint: "BRINK.Keybinding.skipDialog.hint",
  },
} as const satisfies Record<(typeof KEYBINDING_ACTIONS)[number], { name: LangKey; hint: LangKey }>;

export function registerKeybindings(): void {
  for (const [action, binding] of Object.entries(defaults())) {
    game.keybindings.register(SYSTEM_ID, action, {
      ...KEYBINDING_TEXT[action as (typeof KEYBINDING_ACTIONS)[number]],
      editable: binding.editable,
      ...("onDown" in binding ? { onDown: binding.onDown } : {}),
    });
  }
}
