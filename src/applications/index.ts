import { SYSTEM_ID } from "../constants";
import { registerActorSheet, registerItemSheet } from "../foundry/registration";
import { BrinkItemSheet, CharacterSheet, NpcSheet } from "./sheets";

export * from "./sheets";

export function registerSheets(): void {
  registerActorSheet(SYSTEM_ID, CharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "BRINK.Sheet.character",
  });
  registerActorSheet(SYSTEM_ID, NpcSheet, { types: ["npc"], makeDefault: true, label: "BRINK.Sheet.npc" });
  registerItemSheet(SYSTEM_ID, BrinkItemSheet, { makeDefault: true, label: "BRINK.Sheet.item" });
}
