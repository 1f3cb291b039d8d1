export { BrinkActorSheet, SHEET_MODES } from "./base-actor-sheet";
export { CharacterSheet } from "./character-sheet";
export { NpcSheet } from "./npc-sheet";
export { BrinkItemSheet } from "./item-sheet";
export { actorSheetContext, type ActorSheetContext } from "./actor-context";
export { itemSheetContext } from "./item-context";
export { registerItemMacros, useItem } from "./item-macro";
