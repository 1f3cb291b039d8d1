/**
 * `game.keybindings` and `game.keyboard` as far as Brink uses them. Evidence: the v13 API pages for
 * ClientKeybindings and KeyboardManager; dnd5e `module/settings.mjs` (`registerSystemKeybindings`
 * in init, `editable: [{ key: "ShiftLeft" }, …]`) and dnd5e's `areKeysPressed`, which reads
 * `game.keybindings.get(ns, action)` (each binding a `{ key, modifiers }`) against
 * `game.keyboard.downKeys`; mclemente/healthEstimate#57 ("You cannot register a Keybinding after the
 * init hook"); KeyboardManager.MODIFIER_KEYS/MODIFIER_CODES as dnd5e's `areKeysPressed` reads
 * them. A test presses a key with `pressKey(code)` and lets go with `releaseKey(code)`.
 */
import { hooks } from "./hooks";

export interface KeyBinding {
  key: string;
  modifiers: string[];
}

export interface KeyContext {
  key: string;
  isShift: boolean;
  isControl: boolean;
  isAlt: boolean;
  up: boolean;
}

export interface KeybindingConfig {
  name: string;
  hint?: string;
  editable?: { key: string; modifiers?: string[] }[];
  uneditable?: { key: string; modifiers?: string[] }[];
  onDown?: (context: KeyContext) => boolean | void;
  onUp?: (context: KeyContext) => boolean | void;
  restricted?: boolean;
  repeat?: boolean;
  precedence?: number;
}

/** Core's KeyboardManager.MODIFIER_CODES: the key codes that hold each modifier. */
export const MODIFIER_CODES: Record<string, string[]> = {
  Shift: ["ShiftLeft", "ShiftRight"],
  Control: ["ControlLeft", "ControlRight", "MetaLeft", "MetaRight"],
  Alt: ["AltLeft", "AltRight"],
};

/** Core's KeyboardManager.MODIFIER_KEYS: the names a binding's `modifiers` use. */
export const MODIFIER_KEYS = { SHIFT: "Shift", CONTROL: "Control", ALT: "Alt" } as const;

let initialized = false;
// Core initialises its keybindings after the init hook; registering later throws.
hooks.on("setup", () => {
  initialized = true;
});

const actions = new Map<string, KeybindingConfig & { namespace: string; action: string }>();

const normalise = (bindings: KeybindingConfig["editable"] = []): KeyBinding[] =>
  bindings.map((b) => ({ key: b.key, modifiers: [...(b.modifiers ?? [])] }));

export const keyboard = {
  downKeys: new Set<string>(),
};

const isHeld = (modifier: string): boolean =>
  (MODIFIER_CODES[modifier] ?? []).some((code) => keyboard.downKeys.has(code));

export const keybindings = {
  actions,
  /** Bindings a user rebound in Configure Controls, by `namespace.action`. */
  custom: new Map<string, KeyBinding[]>(),
  register(namespace: string, action: string, config: KeybindingConfig): void {
    if (initialized) throw new Error("You cannot register a Keybinding after the init hook");
    if (!config.name) throw new Error(`The keybinding "${namespace}.${action}" needs a name.`);
    actions.set(`${namespace}.${action}`, { ...config, namespace, action });
  },
  /** The bindings in effect for an action: the user's own, or the registered defaults. */
  get(namespace: string, action: string): KeyBinding[] {
    const id = `${namespace}.${action}`;
    const config = actions.get(id);
    if (!config) throw new Error(`The keybinding action "${id}" is not registered.`);
    return [...(this.custom.get(id) ?? normalise(config.editable)), ...normalise(config.uneditable)];
  },
  /** What Configure Controls does when a user rebinds an action. */
  async set(namespace: string, action: string, bindings: { key: string; modifiers?: string[] }[]) {
    this.get(namespace, action);
    this.custom.set(`${namespace}.${action}`, normalise(bindings));
  },
  reset(): void {
    this.custom.clear();
    keyboard.downKeys.clear();
  },
};

function context(code: string, up: boolean): KeyContext {
  return {
    key: code,
    isShift: isHeld("Shift"),
    isControl: isHeld("Control"),
    isAlt: isHeld("Alt"),
    up,
  };
}

/** The actions a key (with the modifiers now held) triggers, as core matches them. */
function matching(code: string): (KeybindingConfig & { namespace: string; action: string })[] {
  return [...actions.values()].filter((config) =>
    keybindings
      .get(config.namespace, config.action)
      .some((b) => b.key === code && b.modifiers.every((modifier) => isHeld(modifier))),
  );
}

/** A user presses a key: it is held until released, and each action bound to it runs onDown. */
export function pressKey(code: string): void {
  keyboard.downKeys.add(code);
  for (const config of matching(code)) if (config.onDown?.(context(code, false)) === true) break;
}

/** A user lets go of a key: each action bound to it runs onUp. */
export function releaseKey(code: string): void {
  const handlers = matching(code);
  keyboard.downKeys.delete(code);
  for (const config of handlers) if (config.onUp?.(context(code, true)) === true) break;
}
