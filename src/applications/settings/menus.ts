/**
 * Brink's settings menus, as Configure Settings shows them: the GM's Optional rules and Tables, and
 * each player's Automation and Appearance choices.
 */
import { SYSTEM_ID } from "../../constants";
import { PREFERENCES, RULE_KEYS, type PreferenceKey } from "../../settings";
import type { MenuKey } from "./fields";
import type { ApplicationOptions } from "../../foundry/application-base";
import { registerSettingsMenu } from "../../foundry/registration";
import { SettingsMenu } from "./settings-menu";
import { TablesMenu } from "./tables-menu";

const preferencesIn = (menu: string): PreferenceKey[] =>
  (Object.keys(PREFERENCES) as PreferenceKey[]).filter((key) => PREFERENCES[key].menu === menu);

export class OptionalRulesMenu extends SettingsMenu {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    id: "brink-optional-rules",
    window: { title: "BRINK.Setting.Menu.rules.name", icon: "fa-solid fa-scale-balanced" },
    // Seven rules with their hints: wider, so the menu stays within a 1280×800 screen.
    position: { width: 680 },
  };
  get keys(): readonly MenuKey[] {
    return RULE_KEYS;
  }
}

export class AutomationMenu extends SettingsMenu {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    id: "brink-automation",
    window: { title: "BRINK.Setting.Menu.automation.name", icon: "fa-solid fa-forward" },
  };
  get keys(): readonly MenuKey[] {
    return preferencesIn("automation");
  }
}

export class AppearanceMenu extends SettingsMenu {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    id: "brink-appearance",
    window: { title: "BRINK.Setting.Menu.appearance.name", icon: "fa-solid fa-eye" },
  };
  get keys(): readonly MenuKey[] {
    return preferencesIn("appearance");
  }
}

export const SETTINGS_MENUS = {
  optionalRules: {
    type: OptionalRulesMenu,
    icon: "fa-solid fa-scale-balanced",
    restricted: true,
    lang: "rules",
  },
  tables: { type: TablesMenu, icon: "fa-solid fa-table-list", restricted: true, lang: "tables" },
  automation: { type: AutomationMenu, icon: "fa-solid fa-forward", restricted: false, lang: "automation" },
  appearance: { type: AppearanceMenu, icon: "fa-solid fa-eye", restricted: false, lang: "appearance" },
} as const;

export function registerSettingsMenus(): void {
  for (const [key, menu] of Object.entries(SETTINGS_MENUS)) {
    registerSettingsMenu(SYSTEM_ID, key, {
      name: `BRINK.Setting.Menu.${menu.lang}.name`,
      label: `BRINK.Setting.Menu.${menu.lang}.label`,
      hint: `BRINK.Setting.Menu.${menu.lang}.hint`,
      icon: menu.icon,
      type: menu.type,
      restricted: menu.restricted,
    });
  }
}
