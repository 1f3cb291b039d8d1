/**
 * The character and NPC sheets under direct damage (RULES §7.3): the combat section and the
 * inventory show each weapon's damage die, with no to-hit dice, flat damage or critical threshold,
 * and headings that say so. Under the core rule they keep the attack test's numbers.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetWorld, settings } from "../fake-foundry/install";
import { openSheet } from "../support/sheets";
import { bootBrink } from "./boot";

await bootBrink();
const { CharacterSheet, NpcSheet } = await import("../../src/applications");

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, " ").trim() ?? "";

const weapons = [
  {
    name: "Spear",
    type: "weapon",
    system: {
      attributes: ["str"],
      damage: 4,
      damageDie: 8,
      damageType: "piercing",
      criticalDamage: 8,
      criticalThreshold: 19,
      equipped: true,
    },
  },
  {
    name: "Club",
    type: "weapon",
    system: { attributes: ["str"], damage: 2, damageDie: null, equipped: true },
  },
];

async function boudica(type: "character" | "npc" = "character") {
  const actor = await Actor.implementation.create({ name: "Boudica", type, items: weapons } as never);
  if (!actor) throw new Error("Boudica was not created");
  const sheet = await openSheet(type === "character" ? CharacterSheet : NpcSheet, actor);
  const combat = sheet.element.querySelector(".combat .combat-table.weapons");
  const row = (name: string) =>
    [...(combat?.querySelectorAll(".weapon-row") ?? [])].find((r) =>
      text(r.querySelector(".weapon-name")).startsWith(name),
    );
  return {
    headings: [...(combat?.querySelectorAll("thead th") ?? [])].map(text).filter(Boolean),
    spear: row("Spear"),
    club: row("Club"),
    inventoryHeadings: [
      ...sheet.element.querySelectorAll('.inventory-section[data-type="weapon"] .inventory-head .col'),
    ].map(text),
    inventoryDamage: [
      ...sheet.element.querySelectorAll('.inventory-section[data-type="weapon"] .item-row'),
    ].map((r) => text(r.querySelector(".col"))),
  };
}

beforeEach(() => resetWorld());
afterEach(() => settings.reset());

describe("the combat section and inventory under direct damage", () => {
  it("show the attack test's dice, flat damage and critical under the core rule", async () => {
    const { headings, spear } = await boudica();
    expect(headings).toEqual(["Weapon", "To hit", "Damage", "Durability", "Attack"]);
    expect(text(spear?.querySelector(".to-hit"))).toContain("STR");
    expect(text(spear?.querySelector(".damage"))).toBe("4 Piercing");
    expect(spear?.querySelector(".damage")?.getAttribute("data-tooltip")).toBe("Critical: 8 on 19+");
  });

  it("show each weapon's die (or that it has none), no to-hit dice and no critical", async () => {
    await settings.set("brink", "damageRule", "direct");
    const { headings, spear, club, inventoryHeadings, inventoryDamage } = await boudica();
    expect(headings).toEqual(["Weapon", "Damage die", "Durability", "Attack"]);
    expect(spear?.querySelector(".to-hit")).toBeNull();
    expect(text(spear?.querySelector(".damage"))).toBe("d8 Piercing");
    expect(spear?.querySelector(".damage")?.hasAttribute("data-tooltip")).toBe(false);
    expect(text(club?.querySelector(".damage"))).toBe("No die: set one to attack");
    expect(inventoryHeadings).toEqual(["Damage die", "Durability", "Qty"]);
    expect(inventoryDamage).toEqual(["No die: set one to attack", "d8 Piercing"]);
  });

  it("show the die on the NPC sheet too", async () => {
    await settings.set("brink", "damageRule", "direct");
    const { headings, spear } = await boudica("npc");
    expect(headings).toEqual(["Weapon", "Damage die", "Durability", "Attack"]);
    expect(text(spear?.querySelector(".damage"))).toBe("d8 Piercing");
  });
});
