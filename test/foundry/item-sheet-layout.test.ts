/**
 * The item sheet as a GM meets it: fields grouped by use in fieldsets (a weapon's damage and
 * properties first), light-source details only on a light source, defaults shown as placeholders
 * where a blank is stored, and an injury's progress saying what it counts. Edited through the
 * rendered form, each change submitting the whole form as Foundry v13 does.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, settings } from "../fake-foundry/install";
import { openSheet, submitSheetForm } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { BrinkItemSheet } = await import("../../src/applications");
const { itemModels } = await import("../../src/data");

beforeEach(() => {
  resetWorld();
});
afterEach(() => settings.reset());

async function ownedItem(data: Record<string, unknown>) {
  const actor = await Actor.implementation.create({ name: "Owner", type: "character", items: [data] });
  const item = actor?.items.contents[0];
  if (!item) throw new Error("item not created");
  return item;
}

const sourceSystem = (item: Item.Implementation) =>
  (item._source as { system: Record<string, unknown> }).system;

/** Each fieldset's legend and the names of the inputs inside it, in the order the sheet shows them. */
function fieldsets(root: HTMLElement) {
  return [...root.querySelectorAll("fieldset")].map((set) => ({
    legend: set.querySelector("legend")?.textContent?.trim() ?? "",
    names: [...set.querySelectorAll("[name]")].map((input) => input.getAttribute("name") ?? ""),
  }));
}

const input = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`);

describe("the item sheet groups its fields by use", () => {
  it("puts a weapon's damage and properties in the first fieldset and the rarely changed ones after", async () => {
    const spear = await ownedItem({ name: "Spear", type: "weapon", system: { damage: 4 } });
    const sheet = await openSheet(BrinkItemSheet, spear);

    const sets = fieldsets(sheet.element);
    expect(sets.map((set) => set.legend)).toEqual([
      "Attack",
      "Who wields it",
      "Defence",
      "Carried",
      "Condition",
    ]);
    const [attack] = sets;
    expect(attack?.names.slice(0, 3)).toEqual(["system.damage", "system.damageType", "system.properties"]);
    expect(sets.at(-1)?.names).toEqual(["system.metal", "system.durability.max", "system.durability.value"]);
  });

  it("puts the damage die beside the damage under direct damage, where the die is what the weapon deals", async () => {
    await settings.set("brink", "damageRule", "direct");
    const spear = await ownedItem({ name: "Spear", type: "weapon", system: { damage: 4, damageDie: 8 } });
    const sheet = await openSheet(BrinkItemSheet, spear);

    expect(fieldsets(sheet.element)[0]?.names.slice(0, 3)).toEqual([
      "system.damage",
      "system.damageDie",
      "system.damageType",
    ]);
  });

  /** Each type as the sheet shows all it can: a light source, a minor injury that counts its rests. */
  const FULL: Record<string, Record<string, unknown>> = {
    gear: { light: { hours: 3 } },
    injury: { kind: "minor", attribute: "dex", heals: "safeRests" },
  };

  it.each(Object.keys(itemModels))(
    "shows every field a %s stores, each once, inside a labelled fieldset",
    async (type) => {
      const item = await ownedItem({
        name: `A ${type}`,
        type,
        system: FULL[type] ?? {},
      });
      const sheet = await openSheet(BrinkItemSheet, item);

      const shown = fieldsets(sheet.element).flatMap((set) => {
        expect(set.legend).not.toBe("");
        return set.names;
      });
      expect(new Set(shown).size).toBe(shown.length);
      // Every stored field has its input but the description (edited below the fieldsets), an
      // injury's count needed (the rules fix it at three) and the damage die (shown under direct
      // damage only: direct-damage-weapons.test.ts).
      const stored = Object.keys(foundry.utils.flattenObject(sourceSystem(item)))
        .filter((path) => !["description", "progress.max", "damageDie"].includes(path))
        .map((path) => `system.${path}`);
      expect([...shown].sort()).toEqual(expect.arrayContaining(stored.sort()));
      for (const name of shown) {
        const control = input(sheet.element, name);
        const label = control?.getAttribute("aria-label") ?? "";
        expect(label, name).not.toBe("");
        expect(label, name).not.toMatch(/^BRINK\.|^[a-z]+$/);
      }
    },
  );
});

describe("a light source's fields", () => {
  it("are hidden on gear that is no light source, which offers only the switch", async () => {
    const rope = await ownedItem({ name: "Rope", type: "gear" });
    const sheet = await openSheet(BrinkItemSheet, rope);

    const toggle = input(sheet.element, "lightSource");
    expect(toggle?.type).toBe("checkbox");
    expect(toggle?.checked).toBe(false);
    expect(sheet.element.querySelector('[name^="system.light."]')).toBeNull();
  });

  it("appear when the switch is ticked (a one-hour torch to start), and go again when it is cleared", async () => {
    const torch = await ownedItem({ name: "Torch", type: "gear" });
    const sheet = await openSheet(BrinkItemSheet, torch);

    await submitSheetForm(sheet, { lightSource: true });
    expect(sourceSystem(torch).light).toEqual({ hours: 1, left: null, consumed: true });
    expect(input(sheet.element, "lightSource")?.checked).toBe(true);
    expect(input(sheet.element, "system.light.hours")?.value).toBe("1");
    expect(input(sheet.element, "system.light.consumed")).not.toBeNull();

    await submitSheetForm(sheet, { "system.light.hours": 3, "system.light.consumed": false });
    expect(sourceSystem(torch).light).toEqual({ hours: 3, left: null, consumed: false });

    await submitSheetForm(sheet, { lightSource: false });
    expect(sourceSystem(torch).light).toEqual({ hours: null, left: null, consumed: false });
    expect(sheet.element.querySelector('[name^="system.light."]')).toBeNull();
  });

  it("show the hours left as blank with the full hours as the placeholder while the unit is fresh", async () => {
    const lantern = await ownedItem({
      name: "Lantern",
      type: "gear",
      system: { light: { hours: 3, consumed: false } },
    });
    const sheet = await openSheet(BrinkItemSheet, lantern);

    const left = input(sheet.element, "system.light.left");
    expect(left?.value).toBe("");
    expect(left?.placeholder).toBe("3");
  });
});

describe("defaults shown as placeholders", () => {
  it("leave a blank durability and parry blank, showing what the rules use instead", async () => {
    const axe = await ownedItem({ name: "Axe", type: "weapon", system: { metal: true } });
    const sheet = await openSheet(BrinkItemSheet, axe);

    expect(input(sheet.element, "system.durability.max")?.value).toBe("");
    expect(input(sheet.element, "system.durability.max")?.placeholder).toBe("10");
    expect(input(sheet.element, "system.durability.value")?.placeholder).toBe("10");
    expect(input(sheet.element, "system.parry")?.placeholder).toBe("1");

    await submitSheetForm(sheet, { "system.metal": false });
    expect(sourceSystem(axe).durability).toEqual({ value: null, max: null });
    expect(input(sheet.element, "system.durability.max")?.placeholder).toBe("4");
  });

  it("keep a blank durability blank when another field is edited (the whole form is submitted)", async () => {
    const club = await ownedItem({ name: "Club", type: "weapon" });
    const sheet = await openSheet(BrinkItemSheet, club);

    await submitSheetForm(sheet, { "system.damage": 3 });

    expect(sourceSystem(club).damage).toBe(3);
    expect(sourceSystem(club).durability).toEqual({ value: null, max: null });
    expect(sourceSystem(club).parry).toBeNull();
  });

  it("refuse a cleared field that has no blank meaning, with a message naming it, and write nothing", async () => {
    const club = await ownedItem({ name: "Club", type: "weapon", system: { damage: 3 } });
    const sheet = await openSheet(BrinkItemSheet, club);

    await submitSheetForm(sheet, { "system.damage": "" });

    expect(sourceSystem(club).damage).toBe(3);
    expect(notifications.log.map((note) => note.message)).toContainEqual(expect.stringContaining("Damage"));
    expect(input(sheet.element, "system.damage")?.value).toBe("3");
  });
});

describe("an injury's progress", () => {
  it("says what a minor injury's progress counts, under the field", async () => {
    const injury = await ownedItem({
      name: "Sprained wrist",
      type: "injury",
      system: { kind: "minor", attribute: "dex", heals: "safeRests", progress: { value: 2, max: 3 } },
    });
    const sheet = await openSheet(BrinkItemSheet, injury);

    const progress = input(sheet.element, "system.progress.value");
    const hintId = progress?.getAttribute("aria-describedby") ?? "";
    const hint = sheet.element.querySelector(`[id="${hintId}"]`);
    expect(hint?.textContent?.trim()).toBe(
      "Safe long rests in a row: 2 of 3. An unsafe long rest starts the count again.",
    );
    expect(input(sheet.element, "system.progress.max")).toBeNull();

    await submitSheetForm(sheet, { "system.progress.value": 1 });
    const after = sheet.element.querySelector(`[id="${hintId}"]`);
    expect(after?.textContent).toContain("1 of 3");
  });

  it("says that nothing is counted for an injury that heals another way", async () => {
    const injury = await ownedItem({
      name: "Broken arm",
      type: "injury",
      system: { kind: "serious", attribute: "str", heals: "bedRest" },
    });
    const sheet = await openSheet(BrinkItemSheet, injury);

    expect(input(sheet.element, "system.progress.value")).toBeNull();
    const heals = input(sheet.element, "system.heals");
    const hint = sheet.element.querySelector(`[id="${heals?.getAttribute("aria-describedby") ?? ""}"]`);
    expect(hint?.textContent?.trim()).toBe(
      "Nothing is counted: only a minor injury with an affected attribute counts safe long rests.",
    );
  });
});
