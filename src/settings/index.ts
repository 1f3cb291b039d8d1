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
  // Which world RollTable serves each Brink table, by its key; a key not named uses the compendium's.
  game.settings.register(SYSTEM_ID, "tables", {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

/** The world tables the GM chose, by Brink table key (only string uuids are read). */
export function chosenTables(): Record<string, string> {
  const value: unknown = game.settings.get(SYSTEM_ID, "tables");
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
