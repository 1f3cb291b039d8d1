/**
 * One setting as a menu shows it (label, one-sentence hint, a select or a checkbox), and how a
 * submitted value is checked against the setting before anything is saved.
 */
import { SYSTEM_ID } from "../../constants";
import {
  RULE_SETTINGS,
  isRuleChoice,
  type OptionalRules,
  type PreferenceKey,
  type RuleKey,
} from "../../settings";

/** A setting one of Brink's menus lists: an optional rule or a player's preference. */
export type MenuKey = RuleKey | PreferenceKey;
type ChoiceKey = keyof typeof RULE_SETTINGS;

const isChoiceKey = (key: MenuKey): key is ChoiceKey => Object.hasOwn(RULE_SETTINGS, key);
const isChoice = (key: ChoiceKey, value: unknown): value is OptionalRules[ChoiceKey] =>
  isRuleChoice(key, value);

export interface SettingField {
  name: string;
  label: string;
  hint: string;
  checkbox: boolean;
  checked: boolean;
  options: { value: string; label: string; selected: boolean }[];
}

interface RegisteredSetting {
  name?: string;
  hint?: string;
  scope?: string;
  type?: unknown;
  choices?: Record<string, string>;
}

export function registered(key: string): RegisteredSetting {
  // game.settings.settings holds every registered setting's config by a runtime id; Brink reads these fields.
  const all: ReadonlyMap<string, RegisteredSetting> = game.settings.settings;
  const config = all.get(`${SYSTEM_ID}.${key}`);
  if (!config) throw new Error(`Brink | the setting "${key}" is not registered`);
  return config;
}

/** Saves a value `invalidValue` accepted: one of a choice rule's values, or a toggle's boolean. */
export async function saveSetting(key: MenuKey, value: unknown): Promise<void> {
  if (isChoiceKey(key)) {
    if (isChoice(key, value)) await game.settings.set(SYSTEM_ID, key, value);
  } else if (typeof value === "boolean") await game.settings.set(SYSTEM_ID, key, value);
}

export function settingField(key: MenuKey): SettingField {
  const config = registered(key);
  const value: unknown = game.settings.get(SYSTEM_ID, key);
  return {
    name: key,
    label: game.i18n.localize(config.name ?? key),
    hint: game.i18n.localize(config.hint ?? ""),
    checkbox: config.type === Boolean,
    checked: value === true,
    options: Object.entries(config.choices ?? {}).map(([choice, label]) => ({
      value: choice,
      label: game.i18n.localize(label),
      selected: choice === value,
    })),
  };
}

/** Why a submitted value cannot be saved, or null when it can. */
export function invalidValue(key: string, value: unknown): string | null {
  const config = registered(key);
  if (config.type === Boolean) return typeof value === "boolean" ? null : "BRINK.Setting.Menu.invalid";
  if (config.choices && !Object.hasOwn(config.choices, String(value))) return "BRINK.Setting.Menu.invalid";
  return null;
}

export const isWorldSetting = (key: string): boolean => registered(key).scope === "world";
