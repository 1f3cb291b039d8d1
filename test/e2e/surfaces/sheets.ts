/**
 * The sheets a user meets: the character sheet on each of its tabs, the NPC sheet at its own
 * width and the character sheet's, and an item sheet of every item type.
 */
import { renderSheet } from "../../support/sheets";
import { showcaseCharacter, showcaseNpc } from "../../support/showcase";
import type { Surface } from "./frame";

const { CharacterSheet, NpcSheet, BrinkItemSheet } = await import("../../../src/applications");

const characterTab = (tab: string): Surface => ({
  name: `character-${tab}`,
  size: { width: 760, height: 720 },
  place: "window",
  html: async () =>
    (await renderSheet(CharacterSheet, await showcaseCharacter(), (s) => (s.tabGroups.primary = tab))).html,
});

/** A character down at zero health: the GM's life section offers the death luck test by hand. */
const fallenCharacter: Surface = {
  name: "character-fallen",
  size: { width: 760, height: 720 },
  place: "window",
  html: async () => {
    const actor = await showcaseCharacter();
    await actor.update({ system: { health: { value: 0 }, conditions: ["unconscious"] } } as never);
    return (await renderSheet(CharacterSheet, actor)).html;
  },
  use: async (page) => page.locator(".life-panel").scrollIntoViewIfNeeded(),
};

/** The NPC sheet at its own width, and dragged out to the character sheet's. */
const npc: Surface = {
  name: "npc",
  size: { width: 520, height: 600 },
  place: "window",
  widths: [520, 760],
  html: async () => (await renderSheet(NpcSheet, await showcaseNpc())).html,
};

/** Items the showcase character lacks, one per remaining type, with long enough text to wrap. */
const EXTRA_ITEMS = [
  {
    name: "Quick reflexes",
    type: "talent" as const,
    system: { description: "<p>React first when ambushed.</p>" },
  },
  {
    name: "Disoriented",
    type: "setback" as const,
    system: { kind: "disoriented", endsOn: "safeLongRest", duration: "until the next long rest" },
  },
  {
    name: "Hooded lantern",
    type: "gear" as const,
    system: { light: { hours: 3, left: 2, consumed: false }, equipped: true },
  },
  {
    name: "Sprained wrist",
    type: "injury" as const,
    system: { kind: "minor", attribute: "dex", heals: "safeRests", progress: { value: 2, max: 3 } },
  },
];

/**
 * The sheet of the character's item of this type (the showcase's own, or one added for it), or of
 * the item of that name: a light source and a minor injury show the fields other items hide.
 */
const itemSheet = (type: string, itemName?: string): Surface => ({
  name: itemName ? `item-${type}-${itemName.toLowerCase().replaceAll(" ", "-")}` : `item-${type}`,
  size: { width: 520, height: 560 },
  place: "window",
  html: async () => {
    const actor = await showcaseCharacter();
    await actor.createEmbeddedDocuments("Item", EXTRA_ITEMS);
    const item = actor.items.find(
      (candidate) => candidate.type === type && (!itemName || candidate.name === itemName),
    );
    if (!item) throw new Error(`the showcase has no ${type} ${itemName ?? ""}`);
    return (await renderSheet(BrinkItemSheet, item)).html;
  },
});

const ITEM_TYPES = ["weapon", "armour", "shield", "gear", "talent", "injury", "setback"];

export const SHEETS: Surface[] = [
  ...["character", "inventory", "consequences", "effects", "biography"].map(characterTab),
  fallenCharacter,
  npc,
  ...ITEM_TYPES.map((type) => itemSheet(type)),
  itemSheet("gear", "Hooded lantern"),
  itemSheet("injury", "Sprained wrist"),
];
