/**
 * Issue 11: what the roller's own state does to each kind of roll, line by line as the roll dialog
 * and the card list it: exhaustion, effects (and what else the totals hold), Guard, light.
 */
import { describe, expect, it } from "vitest";
import {
  advantageCounts,
  modifierTotal,
  rollModifiers,
  type ModifierState,
  type RollModifier,
} from "../../src/rules/modifiers";

const calm: ModifierState = {
  exhaustion: 0,
  attributes: {},
  skills: {},
  conditions: new Set(),
  effects: [],
  light: null,
};
const state = (overrides: Partial<ModifierState>): ModifierState => ({ ...calm, ...overrides });

describe("exhaustion", () => {
  it("takes 1 per level off every roll but a death save", () => {
    const tired = state({ exhaustion: 2 });
    for (const kind of [
      "test",
      "attack",
      "killing-strike",
      "dodge",
      "fortify",
      "resist",
      "initiative",
    ] as const)
      expect(rollModifiers(tired, kind, "str", "athletics"), kind).toEqual([
        { source: "exhaustion", level: 2, value: -2, advantage: 0 },
      ]);
    expect(rollModifiers(tired, "death-save")).toEqual([]);
    expect(rollModifiers(calm, "test", "str", "athletics")).toEqual([]);
  });
});

describe("effects on the attribute and skill a roll uses", () => {
  const injured = state({
    attributes: { str: { bonus: -1, disadvantage: 0 }, dex: { bonus: 0, disadvantage: 1 } },
    skills: { athletics: { bonus: 2, disadvantage: 0 }, combat: { bonus: 0, disadvantage: 1 } },
    effects: [
      { source: "Minor Injury (Strength)", key: "attributes.str.bonus", value: -1 },
      { source: "Disoriented", key: "attributes.dex.disadvantage", value: 1 },
      { source: "Trained", key: "skills.athletics.bonus", value: 1 },
      { source: "Nothing", key: "skills.athletics.bonus", value: 0 },
    ],
  });

  it("lists each effect by name, and what else the totals hold as 'other'", () => {
    expect(rollModifiers(injured, "test", "str", "athletics")).toEqual([
      { source: "effect", name: "Minor Injury (Strength)", part: "str", value: -1, advantage: 0 },
      { source: "effect", name: "Trained", part: "athletics", value: 1, advantage: 0 },
      { source: "other", part: "athletics", value: 1, advantage: 0 },
    ]);
  });

  it("reads a disadvantage as −1 advantage, worth nothing to the total", () => {
    expect(rollModifiers(injured, "test", "dex", null)).toEqual([
      { source: "effect", name: "Disoriented", part: "dex", value: 0, advantage: -1 },
    ]);
  });

  it("fixes the parts of dodge (DEX + Athletics), fortify (STR + Athletics) and initiative (DEX)", () => {
    expect(rollModifiers(injured, "dodge", "str", "combat").map((line) => line.part)).toEqual([
      "dex",
      "athletics",
      "athletics",
    ]);
    expect(rollModifiers(injured, "fortify", "dex", null).map((line) => line.part)).toEqual([
      "str",
      "athletics",
      "athletics",
    ]);
    expect(rollModifiers(injured, "initiative", "str").map((line) => line.part)).toEqual(["dex"]);
  });

  it("makes an attack and a killing strike Combat tests of the weapon's attribute", () => {
    for (const kind of ["attack", "killing-strike"] as const)
      expect(rollModifiers(injured, kind, "str", "athletics"), kind).toEqual([
        { source: "effect", name: "Minor Injury (Strength)", part: "str", value: -1, advantage: 0 },
        { source: "other", part: "combat", value: 0, advantage: -1 },
      ]);
  });

  it("uses a test's or a resist's own attribute and skill, or none", () => {
    expect(rollModifiers(injured, "resist", "dex").map((line) => line.part)).toEqual(["dex"]);
    expect(rollModifiers(injured, "test")).toEqual([]);
  });
});

describe("Guard", () => {
  it("adds 1 to the defence tests only while guarding", () => {
    const guarding = state({ conditions: new Set(["guarding"]) });
    for (const kind of ["dodge", "fortify", "resist"] as const)
      expect(rollModifiers(guarding, kind, "wis"), kind).toEqual([
        { source: "guard", value: 1, advantage: 0 },
      ]);
    expect(rollModifiers(guarding, "attack", "str")).toEqual([]);
    expect(rollModifiers(calm, "dodge")).toEqual([]);
  });
});

describe("light", () => {
  const dark = (darksight: boolean) => state({ light: { level: "darkness", darksight } });

  it("puts the light level's edge on the roll, and nothing where the light does nothing", () => {
    expect(rollModifiers(dark(false), "attack", "str")).toEqual([
      { source: "light", light: "darkness", value: 0, advantage: -1 },
    ]);
    expect(rollModifiers(dark(false), "test", "int", "lore")).toEqual([]);
    expect(rollModifiers(dark(false), "fortify")).toEqual([
      { source: "light", light: "darkness", value: 0, advantage: -1 },
    ]);
  });

  it("names darksight when it turned the darkness's disadvantage into advantage", () => {
    expect(rollModifiers(dark(true), "dodge")).toEqual([
      { source: "light", light: "darkness", darksight: true, value: 0, advantage: 1 },
    ]);
    expect(rollModifiers(dark(true), "test", "dex", "sneak")).toEqual([
      { source: "light", light: "darkness", value: 0, advantage: 1 },
    ]);
  });

  it("hinders a killing strike in darkness as an attack; darksight turns nothing around in dim light", () => {
    expect(rollModifiers(dark(false), "killing-strike", "str")).toEqual([
      { source: "light", light: "darkness", value: 0, advantage: -1 },
    ]);
    const dimDarksight = state({ light: { level: "dim-light", darksight: true } });
    expect(rollModifiers(dimDarksight, "attack", "dex", null, "thrown")).toEqual([
      { source: "light", light: "dim-light", value: 0, advantage: -1 },
    ]);
  });

  it("reads the weapon's delivery: dim light hinders a thrown attack, not a melee one", () => {
    const dim = state({ light: { level: "dim-light", darksight: false } });
    expect(rollModifiers(dim, "attack", "dex", null, "thrown")).toEqual([
      { source: "light", light: "dim-light", value: 0, advantage: -1 },
    ]);
    expect(rollModifiers(dim, "attack", "str", null, "melee")).toEqual([]);
    expect(rollModifiers(dim, "attack", "str")).toEqual([]);
    expect(rollModifiers(dim, "test", "wis", "notice")).toEqual([
      { source: "light", light: "dim-light", value: 0, advantage: -1 },
    ]);
  });
});

describe("adding up", () => {
  const lines: RollModifier[] = [
    { source: "exhaustion", level: 1, value: -1, advantage: 0 },
    { source: "guard", value: 1, advantage: 0 },
    { source: "effect", value: 2, advantage: 0 },
    { source: "light", value: 0, advantage: -1 },
    { source: "effect", value: 0, advantage: -2 },
    { source: "light", value: 0, advantage: 1 },
  ];

  it("totals the flat values and counts advantages and disadvantages apart", () => {
    expect(modifierTotal(lines)).toBe(2);
    expect(advantageCounts(lines)).toEqual({ advantages: 1, disadvantages: 3 });
    expect(modifierTotal([])).toBe(0);
  });
});
