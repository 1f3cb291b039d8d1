/**
 * Boots Brink inside the fake the way Foundry does: the entry module registers its hooks, then
 * init → i18nInit (core localises registered models first) → setup → ready fire in order.
 */
import { localizeDataModel } from "../fake-foundry/runtime";
import { hooks } from "../fake-foundry/hooks";
import type { DataModel } from "../fake-foundry/data-model";

let booted = false;

export async function bootBrink(): Promise<void> {
  if (booted) return;
  booted = true;
  await import("../../src/brink");
  hooks.callAll("init");
  const config = CONFIG as unknown as Record<string, { dataModels?: Record<string, typeof DataModel> }>;
  for (const documentName of ["Actor", "Item", "ChatMessage", "Combat", "Combatant", "CombatantGroup"]) {
    for (const model of Object.values(config[documentName]?.dataModels ?? {})) localizeDataModel(model);
  }
  hooks.callAll("i18nInit");
  hooks.callAll("setup");
  hooks.callAll("ready");
}
