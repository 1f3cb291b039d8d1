import { SYSTEM_ID } from "../constants";
import { BrinkItemSheet, CharacterSheet, NpcSheet } from "./sheets";

export * from "./sheets";

export function registerSheets(): void {
  const { Actors, Items } = foundry.documents.collections;
  // fvtt-types wants core's own sheet classes; Brink's are typed through their surface (foundry/application-base).
  Actors.registerSheet(SYSTEM_ID, CharacterSheet as never, {
    types: ["character"],
    makeDefault: true,
    label: "BRINK.Sheet.character",
  });
  Actors.registerSheet(SYSTEM_ID, NpcSheet as never, {
    types: ["npc"],
    makeDefault: true,
    label: "BRINK.Sheet.npc",
  });
  Items.registerSheet(SYSTEM_ID, BrinkItemSheet as never, { makeDefault: true, label: "BRINK.Sheet.item" });
}
