import { SYSTEM_ID } from "../constants";

/** A key of lang/en.json (helpers/ holds the other maps; settings may not import from it). */
type BrinkKey = `BRINK.${string}`;

/**
 * Choices each player makes for themselves (client settings, kept in their own browser). The
 * Automation and Appearance menus own them.
 */
export const PREFERENCES = {
  skipRollDialogs: { default: false, menu: "automation" },
  showExactOdds: { default: true, menu: "appearance" },
  collapseCards: { default: false, menu: "appearance" },
} as const;
export type PreferenceKey = keyof typeof PREFERENCES;

/** The text of each preference (test/manifest/lang-keys.test.ts proves each key is in lang/en.json). */
export const PREFERENCE_TEXT = {
  skipRollDialogs: { name: "BRINK.Setting.skipRollDialogs.name", hint: "BRINK.Setting.skipRollDialogs.hint" },
  showExactOdds: { name: "BRINK.Setting.showExactOdds.name", hint: "BRINK.Setting.showExactOdds.hint" },
  collapseCards: { name: "BRINK.Setting.collapseCards.name", hint: "BRINK.Setting.collapseCards.hint" },
} as const satisfies Record<PreferenceKey, { name: BrinkKey; hint: BrinkKey }>;

/** Cards already in the chat log open or close at once when a player changes the choice. */
const CHANGE_EFFECTS: Partial<Record<PreferenceKey, (value: boolean) => void>> = {
  collapseCards: (collapsed) => {
    for (const details of globalThis.document?.querySelectorAll("details[data-brink-collapsible]") ?? [])
      (details as HTMLDetailsElement).open = !collapsed;
  },
};

export function registerPreferences(): void {
  for (const [key, { default: initial }] of Object.entries(PREFERENCES)) {
    const effect = CHANGE_EFFECTS[key as PreferenceKey];
    game.settings.register(SYSTEM_ID, key as PreferenceKey, {
      ...PREFERENCE_TEXT[key as PreferenceKey],
      scope: "client",
      config: false,
      type: Boolean,
      default: initial,
      ...(effect ? { onChange: (value: boolean) => effect(value === true) } : {}),
    });
  }
}

/** This player's choice. */
export function preference(key: PreferenceKey): boolean {
  return game.settings.get(SYSTEM_ID, key) === true;
}
