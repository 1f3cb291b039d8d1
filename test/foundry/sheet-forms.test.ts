/**
 * Sheets edited as a user edits them: the rendered form, a change that submits the whole form
 * (Foundry v13's submitOnChange), FormDataExtended's typed values, the submit hooks, the update.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { openedFilePickers } from "../fake-foundry/applications";
import {
  BooleanField,
  HTMLField,
  NumberField,
  SchemaField,
  SetField,
  StringField,
} from "../fake-foundry/fields";
import { notifications, resetWorld } from "../fake-foundry/install";
import { clickAction, openSheet, submitSheetForm } from "../support/sheets";
import { bootBrink } from "./boot";
import { asUser } from "../fake-foundry/runtime";
import { player } from "./combat-fixtures";

await bootBrink();
const { CharacterSheet, NpcSheet, BrinkItemSheet, SHEET_MODES } = await import("../../src/applications");

const ADD = CONST.ACTIVE_EFFECT_MODES.ADD;
const editMode = (sheet: object): void => {
  Object.assign(sheet, { mode: SHEET_MODES.EDIT });
};
const sourceSystem = (document: { _source: unknown }) =>
  (document._source as { system: Record<string, unknown> }).system;

/** A character hurt by an injury (effects on health, speed, fortitude, deflection) and wearing armour. */
async function injuredCharacter(type: "character" | "npc" = "character") {
  const actor = await Actor.implementation.create({
    name: "Boudica",
    type,
    system: {
      health: { value: 10, max: 12 },
      endurance: { value: 8, max: 10 },
      speed: 6,
      fortitude: 1,
      deflection: { physical: 1, elemental: 0 },
    },
    items: [
      {
        name: "Chain",
        type: "armour",
        system: { equipped: true, deflection: { physical: 5, elemental: 1 } },
      },
      {
        name: "Crushed Leg",
        type: "injury",
        system: { kind: "serious", attribute: "dex" },
        effects: [
          {
            name: "Crushed Leg",
            transfer: true,
            changes: [
              { key: "system.health.max", mode: ADD, value: "-3" },
              { key: "system.speed", mode: ADD, value: "-2" },
              { key: "system.fortitude", mode: ADD, value: "-1" },
              { key: "system.deflection.physical", mode: ADD, value: "2" },
            ],
          },
        ],
      },
    ],
  });
  if (!actor) throw new Error("actor not created");
  return actor;
}

beforeEach(() => {
  resetWorld();
  openedFilePickers.length = 0;
});

describe("editing a character through its sheet", () => {
  it.each(["character", "npc"] as const)(
    "changes only what the user changed on a %s, never writing an injury's bonus into its data",
    async (type) => {
      const actor = await injuredCharacter(type);
      const before = structuredClone(sourceSystem(actor));
      const Sheet = type === "npc" ? NpcSheet : CharacterSheet;
      const sheet = await openSheet(Sheet, actor, editMode);

      await submitSheetForm(sheet, { name: "Boudica the Bold", "system.luck.bonus": 2 });

      expect(actor.name).toBe("Boudica the Bold");
      expect(sourceSystem(actor)).toEqual({ ...before, luck: { ...(before.luck as object), bonus: 2 } });
      const system = actor.system as unknown as { speed: number; health: { max: number } };
      expect(system.speed).toBe(4);
      expect(system.health.max).toBe(9);
    },
  );

  it("shows the stored value in an edit input whose number an effect changes", async () => {
    const actor = await injuredCharacter();
    const sheet = await openSheet(CharacterSheet, actor, editMode);
    const input = (name: string) => sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value;
    expect(input("system.speed")).toBe("6");
    expect(input("system.health.max")).toBe("12");
    expect(input("system.fortitude")).toBe("1");
    expect(input("system.deflection.physical")).toBe("1");
  });

  it("refuses a blank name, keeps the character as it was and says why", async () => {
    const actor = await injuredCharacter();
    const before = structuredClone(actor._source);
    const sheet = await openSheet(CharacterSheet, actor, editMode);

    await submitSheetForm(sheet, { name: "" });

    expect(actor._source).toEqual(before);
    const warning = notifications.log.find((n) => n.level === "warn" || n.level === "error");
    expect(warning?.message).toBe(
      game.i18n.format("BRINK.Sheet.invalidInput", {
        field: game.i18n.localize("Name"),
        reason: "may not be a blank string",
      }),
    );
  });

  it("opens the file picker from the portrait, and the chosen image becomes the character's", async () => {
    const actor = await injuredCharacter();
    const sheet = await openSheet(CharacterSheet, actor);

    await clickAction(sheet, "img.portrait");

    expect(openedFilePickers).toHaveLength(1);
    await openedFilePickers[0]?.callback("portraits/boudica.webp");
    expect(actor.img).toBe("portraits/boudica.webp");
  });

  it("opens the file picker from the portrait with Enter or Space, the portrait being named as a button", async () => {
    const actor = await injuredCharacter();
    const sheet = await openSheet(CharacterSheet, actor);
    const portrait = sheet.element.querySelector<HTMLElement>("img.portrait");
    expect(portrait?.getAttribute("role")).toBe("button");
    expect(portrait?.tabIndex).toBe(0);
    expect(portrait?.getAttribute("aria-label")).toBe(`Choose a portrait for ${actor.name}`);

    const press = async (key: string) => {
      const view = portrait?.ownerDocument.defaultView;
      portrait?.dispatchEvent(new (view?.KeyboardEvent ?? KeyboardEvent)("keydown", { key, bubbles: true }));
      await (sheet as unknown as { pending: Promise<unknown> }).pending;
    };
    await press("a");
    expect(openedFilePickers).toHaveLength(0);
    await press("Enter");
    await press(" ");
    expect(openedFilePickers.map((picker) => picker.type)).toEqual(["image", "image"]);
  });

  it("shows a portrait that neither Tab nor a click can change to whoever may only look", async () => {
    const actor = await injuredCharacter();
    await actor.update({ ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER } });
    const sheet = await asUser(player("onlooker"), () => openSheet(CharacterSheet, actor));
    const portrait = sheet.element.querySelector<HTMLElement>("img.portrait");
    expect(portrait?.hasAttribute("tabindex")).toBe(false);
    expect(portrait?.hasAttribute("role")).toBe(false);
    await clickAction(sheet, "img.portrait");
    expect(openedFilePickers).toHaveLength(0);
  });
});

describe("editing an item through its sheet", () => {
  async function ownedItem(data: Record<string, unknown>) {
    const actor = await Actor.implementation.create({ name: "Owner", type: "character", items: [data] });
    const item = actor?.items.contents[0];
    if (!item) throw new Error("item not created");
    return item;
  }

  it("stores a weapon's ticked attributes and properties as clean sets", async () => {
    const spear = await ownedItem({
      name: "Spear",
      type: "weapon",
      system: { attributes: ["str"], properties: ["reach"] },
    });
    const sheet = await openSheet(BrinkItemSheet, spear);

    await submitSheetForm(sheet, {
      "system.attributes": ["str", "dex"],
      "system.properties": ["reach", "thrown"],
    });

    const source = sourceSystem(spear) as { attributes: string[]; properties: string[] };
    expect([...source.attributes].sort()).toEqual(["dex", "str"]);
    expect([...source.properties].sort()).toEqual(["reach", "thrown"]);
  });

  it("leaves an injury without an attribute when only its name is edited", async () => {
    const injury = await ownedItem({ name: "Bruised Ego", type: "injury", system: { kind: "minor" } });
    const sheet = await openSheet(BrinkItemSheet, injury);

    await submitSheetForm(sheet, { name: "Wounded Pride" });

    expect(injury.name).toBe("Wounded Pride");
    expect(sourceSystem(injury).attribute).toBeNull();
    expect(sourceSystem(injury).skill).toBeNull();
  });

  it("clears an injury's attribute when the user picks the blank choice", async () => {
    const injury = await ownedItem({
      name: "Torn Muscle",
      type: "injury",
      system: { kind: "serious", attribute: "str" },
    });
    const sheet = await openSheet(BrinkItemSheet, injury);

    await submitSheetForm(sheet, { "system.attribute": "" });

    expect(sourceSystem(injury).attribute).toBeNull();
  });

  it("ticks and unticks a talent's traits", async () => {
    const talent = await ownedItem({ name: "Sure-footed", type: "talent", system: { traits: [] } });
    const sheet = await openSheet(BrinkItemSheet, talent);
    const traits = [...sheet.element.querySelectorAll('[name="system.traits"] option')].map(
      (o) => o.getAttribute("value") ?? "",
    );
    expect(traits.length).toBeGreaterThan(0);

    await submitSheetForm(sheet, { "system.traits": traits });
    expect(sourceSystem(talent).traits).toEqual(traits);
    await submitSheetForm(sheet, { "system.traits": [] });
    expect(sourceSystem(talent).traits).toEqual([]);
  });

  it("opens the file picker from the item's image", async () => {
    const spear = await ownedItem({ name: "Spear", type: "weapon" });
    const sheet = await openSheet(BrinkItemSheet, spear);

    await clickAction(sheet, "img.portrait");

    expect(openedFilePickers.map((p) => p.type)).toEqual(["image"]);
  });
});

describe("the item sheet's fields", () => {
  it("are recognised by class, so renamed or derived field classes keep their inputs", async () => {
    const { itemSheetContext } = await import("../../src/applications/sheets/item-context");
    // A bundler renames classes to single letters; a system may derive its own fields.
    const renamed = {
      a: class extends SetField {},
      b: class extends NumberField {},
      c: class extends BooleanField {},
      d: class extends HTMLField {},
    };
    const schema = new SchemaField({
      tags: new renamed.a(new StringField({ required: true, choices: ["x", "y"] })),
      count: new renamed.b({ integer: true }),
      flag: new renamed.c(),
      notes: new renamed.d(),
    });
    const item = {
      name: "Odd",
      type: "gear",
      img: null,
      system: { schema, _source: { tags: ["x"], count: 2, flag: true, notes: "" } },
    };

    const context = itemSheetContext(item, true);

    expect(context.fields.map((f) => [f.name, f.kind])).toEqual([
      ["tags", "set"],
      ["count", "number"],
      ["flag", "boolean"],
    ]);
    expect(context.description?.name).toBe("notes");
  });
});
