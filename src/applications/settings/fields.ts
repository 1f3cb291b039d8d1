/**
 * One setting as a menu shows it (label, one-sentence hint, a select or a checkbox), and how a
 * submitted value is checked against the setting before anything is saved.
 */
import { SYSTEM_ID } from "../../constants";

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

/** The settings API keyed by a runtime name; each key a menu lists is a registered Brink setting. */
export const settingsByName = () =>
  game.settings as unknown as {
    get(namespace: string, key: string): unknown;
    set(namespace: string, key: string, value: unknown): Promise<unknown>;
  };

export function settingField(key: string): SettingField {
  const config = registered(key);
  const value = settingsByName().get(SYSTEM_ID, key);
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
