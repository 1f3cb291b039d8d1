import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { translations } from "../fake-foundry/runtime";
import { getProperty } from "../fake-foundry/utils";
import { bootBrink } from "../foundry/boot";
import { TEMPLATE_PARTIALS } from "../../src/helpers/handlebars";
import { KNOWN_HELPERS, ROOT, templateFiles } from "../support/render";
import { renderSheet } from "../support/sheets";

await bootBrink();
const { CharacterSheet, NpcSheet, BrinkItemSheet } = await import("../../src/applications");

/** Core Foundry keys the templates may use; everything else must be Brink's own and exist. */
const CORE_KEYS = new Set(["Name"]);

function localizeKeysIn(text: string): string[] {
  return [...text.matchAll(/\{\{\s*localize\s+"([^"]+)"/g)].map(([, key = ""]) => key);
}

const parse = (html: string) => {
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document;
};

describe("templates", () => {
  it.each(templateFiles().map((f) => [f.replace(`${ROOT}/`, ""), f]))(
    "%s compiles with only known helpers",
    (_, file) => {
      const source = readFileSync(file, "utf8");
      const knownHelpers = Object.fromEntries(KNOWN_HELPERS.map((h) => [h, true]));
      expect(() => Handlebars.precompile(source, { knownHelpers, knownHelpersOnly: true })).not.toThrow();
    },
  );

  it("preload every partial they use, so Foundry can render them", () => {
    const used = new Set(
      templateFiles().flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/\{\{>\s*"([^"]+)"/g)].map(([, path = ""]) => path),
      ),
    );
    expect([...used].sort()).toEqual([...TEMPLATE_PARTIALS].sort());
  });

  it("use only localisation keys that exist in lang/en.json", () => {
    const missing = templateFiles().flatMap((file) =>
      localizeKeysIn(readFileSync(file, "utf8"))
        .filter((key) => !CORE_KEYS.has(key) && typeof getProperty(translations, key) !== "string")
        .map((key) => `${file.replace(`${ROOT}/`, "")}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("leave no literal BRINK key in src/ without a translation", () => {
    const files = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    const missing = files.flatMap((file) =>
      [
        ...readFileSync(join(ROOT, "src", file), "utf8").matchAll(
          /["'`](BRINK\.[A-Za-z0-9.]+[A-Za-z0-9])["'`]/g,
        ),
      ]
        .map(([, key = ""]) => key)
        .filter((key) => typeof getProperty(translations, key) !== "string" && !isPrefix(key))
        .map((key) => `src/${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});

/** A key that is a prefix for a generated key (e.g. "BRINK.Actor.base" in LOCALIZATION_PREFIXES). */
function isPrefix(key: string): boolean {
  const value = getProperty(translations, key);
  return typeof value === "object" && value !== null;
}

describe("character sheet", () => {
  let actor: Actor.Implementation;
  beforeAll(async () => {
    const created = await Actor.implementation.create({
      name: "Boudica",
      type: "character",
      system: {
        attributes: { str: { die: 6 }, con: { die: 4 } },
        skills: { athletics: { die: 4 }, combat: { die: 6 } },
        endurance: { value: 5, max: 12 },
        health: { value: 12, max: 12 },
        proficiencies: ["martial"],
      },
      items: [
        { name: "Spear", type: "weapon", system: { damage: 4, damageType: "piercing", equipped: true } },
        { name: "Cracked shield", type: "shield", system: { block: 3, durability: { value: 0, max: 4 } } },
        { name: "Lost rope", type: "gear", system: { dropped: true } },
        {
          name: "Chain",
          type: "armour",
          system: { equipped: true, deflection: { physical: 5, elemental: 0 } },
        },
      ],
    });
    if (!created) throw new Error("actor not created");
    actor = created;
  });

  it("shows dice, pools as pips or bars, and derived states from real sheet context", async () => {
    const { html } = await renderSheet(CharacterSheet, actor);
    const doc = parse(html);
    expect(doc.querySelector(".brink-header .name")?.textContent).toBe("Boudica");
    const dice = [...doc.querySelectorAll(".attributes-grid .die")].map((d) => d.textContent);
    expect(dice).toEqual(["d6", "d6", "d4", "d6", "d6", "d6"]);
    expect(doc.querySelector(".pool-endurance .bar .fill")?.getAttribute("style")).toContain("42%");
    expect(doc.querySelectorAll(".pool-stamina .pip").length).toBe(3);
    expect(doc.querySelector(".state.harmed")).not.toBeNull();
    expect(doc.querySelector(".state.bloodied")).toBeNull();
  });

  it("marks broken and dropped items and adds worn armour to deflection with a tooltip", async () => {
    const doc = parse(
      (await renderSheet(CharacterSheet, actor, (s) => (s.tabGroups.primary = "inventory"))).html,
    );
    const rows = [...doc.querySelectorAll(".inventory .item-row")];
    const shield = rows.find((r) => r.textContent?.includes("Cracked shield"));
    const rope = rows.find((r) => r.textContent?.includes("Lost rope"));
    expect(shield?.classList.contains("broken")).toBe(true);
    expect(rope?.classList.contains("dropped")).toBe(true);
    expect(rope?.querySelector('[data-action="pickUp"]')).not.toBeNull();
    const physical = doc.querySelector(".defences [data-tooltip*='Chain']");
    expect(physical?.textContent).toContain("5");
  });

  it("names the injury behind a stepped-down die in its tooltip", async () => {
    await actor.createEmbeddedDocuments("Item", [
      {
        name: "Serious Injury",
        type: "injury",
        system: { kind: "serious", attribute: "dex" },
        effects: [
          {
            name: "Serious Injury",
            transfer: true,
            changes: [
              { key: "system.attributes.dex.steps", mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: "1" },
            ],
          },
        ],
      },
    ]);
    const doc = parse((await renderSheet(CharacterSheet, actor)).html);
    const dex = [...doc.querySelectorAll(".attributes-grid .die-rating")][1];
    expect(dex?.classList.contains("reduced")).toBe(true);
    expect(dex?.querySelector(".die")?.textContent).toBe("d4");
    expect(dex?.getAttribute("data-tooltip")).toContain("Serious Injury +1");
  });

  it("shows the biography and the notes in ProseMirror editors holding the stored HTML", async () => {
    await actor.update({
      system: {
        details: { biography: "<p>Queen of the Iceni.</p>", notes: "<p>Owes Prasutagus a horse.</p>" },
      },
    });
    const sheet = parse(
      (await renderSheet(CharacterSheet, actor, (s) => (s.tabGroups.primary = "biography"))).html,
    );
    const biography = sheet.querySelector('.tab.biography prose-mirror[name="system.details.biography"]');
    expect(biography?.getAttribute("value")).toBe("<p>Queen of the Iceni.</p>");
    expect(biography?.textContent?.trim()).toBe("Queen of the Iceni.");
    const notes = sheet.querySelector('.tab.biography prose-mirror[name="system.details.notes"]');
    expect(notes?.getAttribute("value")).toBe("<p>Owes Prasutagus a horse.</p>");
    expect(sheet.querySelector("textarea")).toBeNull();
  });

  it("shows only the active tab", async () => {
    const doc = parse((await renderSheet(CharacterSheet, actor)).html);
    expect(doc.querySelector(".tab.character")?.classList.contains("active")).toBe(true);
    expect(doc.querySelector(".tab.inventory")?.classList.contains("active")).toBe(false);
  });

  it("offers selects for dice in edit mode", async () => {
    const doc = parse((await renderSheet(CharacterSheet, actor, (s) => Object.assign(s, { mode: 2 }))).html);
    const select = doc.querySelector('select[name="system.attributes.con.die"]');
    expect(select?.querySelector("option[selected]")?.textContent).toBe("d4");
  });

  it("renders the compact NPC sheet and item sheets with schema labels", async () => {
    // An actor saved while a detachment was a bare flag loads as a detachment.
    const oldSource: Record<string, unknown> = { detachment: true, leader: true };
    const npc = await Actor.implementation.create({ name: "Guard", type: "npc", system: oldSource });
    expect(npc?.system.detachment).toEqual({ enabled: true, members: 0 });
    const npcDoc = parse((await renderSheet(NpcSheet, npc as Actor.Implementation)).html);
    expect(npcDoc.querySelectorAll(".npc-body .die-button").length).toBe(6);
    expect([...npcDoc.querySelectorAll(".state.tag")].map((t) => t.textContent)).toEqual(["Leader"]);
    const editDoc = parse(
      (await renderSheet(NpcSheet, npc as Actor.Implementation, (s) => Object.assign(s, { mode: 2 }))).html,
    );
    expect(editDoc.querySelector('[name="system.leader"]')).not.toBeNull();
    // Detachments (RULES §7.4) are an optional rule: off, the sheet shows no detachment anywhere.
    expect(editDoc.querySelector('[name^="system.detachment"]')).toBeNull();
    expect(editDoc.body.textContent ?? "").not.toMatch(/detachment/i);
    expect(npcDoc.body.textContent ?? "").not.toMatch(/detachment/i);

    await game.settings.set("brink", "detachments", true);
    await npc?.update({ system: { detachment: { members: 5 } } } as never);
    const onDoc = parse((await renderSheet(NpcSheet, npc as Actor.Implementation)).html);
    expect([...onDoc.querySelectorAll(".state.tag")].map((t) => t.textContent)).toEqual([
      "Leader",
      "Detachment · 5 members",
    ]);
    const onEdit = parse(
      (await renderSheet(NpcSheet, npc as Actor.Implementation, (s) => Object.assign(s, { mode: 2 }))).html,
    );
    expect(onEdit.querySelector('[name="system.detachment.enabled"]')?.hasAttribute("checked")).toBe(true);
    expect(onEdit.querySelector('[name="system.detachment.members"]')?.getAttribute("value")).toBe("5");
    await npc?.update({ system: { detachment: { members: 1 } } } as never);
    const single = parse((await renderSheet(NpcSheet, npc as Actor.Implementation)).html);
    expect(single.querySelector(".detachment-tag")?.textContent).toBe("Detachment · 1 member");
    await game.settings.set("brink", "detachments", false);

    const spear = actor.items.find((i) => i.name === "Spear");
    const itemDoc = parse((await renderSheet(BrinkItemSheet, spear as Item.Implementation)).html);
    const labels = [...itemDoc.querySelectorAll(".form-group > label")].map((l) => l.textContent);
    expect(labels).toContain("Critical threshold");
    expect(itemDoc.querySelector('select[name="system.damageType"] option[selected]')?.textContent).toBe(
      "Piercing",
    );
  });

  it("gives the NPC sheet the character's tabs: statistics, inventory with Add and ⋯, effects, rich-text notes", async () => {
    const npc = (await Actor.implementation.create({
      name: "Bandit",
      type: "npc",
      system: { details: { notes: "<p>Wants the toll.</p>" } },
      items: [
        { name: "Club", type: "weapon", system: { damage: 3 } },
        { name: "Broken rib", type: "injury" },
      ],
    })) as Actor.Implementation;
    const doc = parse((await renderSheet(NpcSheet, npc)).html);
    const tabs = [...doc.querySelectorAll('[role="tab"]')].map((t) => t.textContent?.trim());
    expect(tabs).toEqual(["Statistics", "Inventory", "Effects", "Notes"]);
    expect(doc.querySelector(".tab.npc-body")?.classList.contains("active")).toBe(true);
    const inventory = doc.querySelector(".tab.inventory");
    expect(
      [...(inventory?.querySelectorAll(".inventory-section h2") ?? [])].map((h) => h.textContent),
    ).toContain("Weapons");
    expect(inventory?.querySelector('[data-action="createItem"][data-type="weapon"]')).not.toBeNull();
    expect(inventory?.querySelector(".item-row[data-item-id] .item-menu-button")).not.toBeNull();
    expect(inventory?.querySelector(".inventory-search")).not.toBeNull();
    const effects = doc.querySelector(".tab.effects");
    expect(effects?.querySelector(".effects-injuries .effect-row")?.textContent).toContain("Broken rib");
    const notes = doc.querySelector(".tab.biography prose-mirror");
    expect(notes?.getAttribute("name")).toBe("system.details.notes");
    expect(notes?.innerHTML).toContain("Wants the toll.");
    expect(doc.querySelector("textarea")).toBeNull();
  });
});
