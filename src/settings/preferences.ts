import { SYSTEM_ID } from "../constants";

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
      name: `BRINK.Setting.${key}.name`,
      hint: `BRINK.Setting.${key}.hint`,
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
