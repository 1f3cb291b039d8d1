/**
 * Brink's settings: the world's optional rules and each player's preferences. The menus that edit
 * them are applications (src/applications/settings), registered from the entry point.
 */
import { SYSTEM_ID } from "../constants";
import { registerPreferences } from "./preferences";
import { registerRuleSettings } from "./rules";

export * from "./rules";
export { PREFERENCES, preference, type PreferenceKey } from "./preferences";

export function registerSettings(): void {
  registerRuleSettings();
  registerPreferences();
  game.settings.register(SYSTEM_ID, "worldSchemaVersion", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}
