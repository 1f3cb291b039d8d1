/**
 * Lang keys Brink builds at run time: the typed maps (src/helpers/lang-keys; the status names in
 * src/status-effects.ts and the settings' text in src/settings/, which may not import helpers/) must
 * hold only keys that are strings in lang/en.json, or a player would read the raw key. Keys built
 * any other way are checked where they are used: test/fake-foundry/setup.ts fails every test file
 * in which Brink asked for a Brink key that lang/en.json lacks.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LUCK_LOOK_LABEL } from "../../src/dice/dice-so-nice";
import * as langKeyMaps from "../../src/helpers/lang-keys";
import { KEYBINDING_TEXT } from "../../src/keybindings";
import { PREFERENCE_TEXT } from "../../src/settings/preferences";
import {
  DAMAGE_RULE_LABEL,
  DEATH_RULE_LABEL,
  INITIATIVE_MODE_LABEL,
  RULE_SETTING_TEXT,
} from "../../src/settings/rules";
import { STATUS_IDS, STATUS_LABEL } from "../../src/status-effects";
import { ROOT } from "../support/render";

const english = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;

const translation = (key: string): unknown =>
  key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      english,
    );

type KeyMap = { [entry: string]: string | KeyMap };

const MAPS: Record<string, KeyMap> = {
  ...langKeyMaps,
  STATUS_LABEL,
  RULE_SETTING_TEXT,
  DEATH_RULE_LABEL,
  INITIATIVE_MODE_LABEL,
  DAMAGE_RULE_LABEL,
  PREFERENCE_TEXT,
  KEYBINDING_TEXT,
  LUCK_LOOK_LABEL,
};

/** Every key a map holds, at any depth ({ name, hint } pairs included). */
const keysOf = (map: KeyMap): string[] =>
  Object.values(map).flatMap((value) => (typeof value === "string" ? [value] : keysOf(value)));

describe("runtime-built lang keys", () => {
  it("come from maps that each hold at least one key", () => {
    expect(Object.keys(MAPS).length).toBeGreaterThanOrEqual(19);
    for (const [name, map] of Object.entries(MAPS))
      expect({ name, size: Object.keys(map).length > 0 }).toEqual({ name, size: true });
  });

  it.each(Object.entries(MAPS))("%s: every key is a string in lang/en.json", (_name, map) => {
    const missing = keysOf(map).filter((key) => typeof translation(key) !== "string");
    expect(missing).toEqual([]);
  });

  it("name every status the token HUD offers", () => {
    expect(Object.keys(STATUS_LABEL).sort()).toEqual([...STATUS_IDS].sort());
  });

  it("would catch a key missing from lang/en.json", () => {
    expect(translation("BRINK.Status.inCover")).toBe("In cover");
    expect(translation("BRINK.Status.notAStatus")).toBeUndefined();
    expect(translation("BRINK.Status")).not.toBeTypeOf("string");
  });
});
