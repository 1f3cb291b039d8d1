/**
 * The actions panel on the sheet and in the tracker: its prompts, and the re-renders that keep its
 * pips current when a combatant's actions, the turn, or the fight itself change.
 */
import { BrinkCombatTracker } from "../combat/combat-tracker";
import { registerPanelPrompts } from "./basic-prompts";

export { defineActionPrompt, actionPrompt, type ActionPrompt } from "./prompts";
export { actionsPanelView, sheetPanelView, type ActionsPanelView } from "./panel";

interface CombatLike {
  combatants: Iterable<{ actor: Actor.Implementation | null }>;
}

/** Re-renders the open sheets of the combat's actors, and the tracker, so the panel shows what changed. */
function refreshPanels(combat: CombatLike | null | undefined): void {
  if (!combat) return;
  const actors = new Set([...combat.combatants].flatMap((combatant) => combatant.actor?.uuid ?? []));
  for (const app of foundry.applications.instances.values()) {
    if (!app.rendered) continue;
    const document: unknown = "document" in app ? app.document : null;
    const isFightersSheet = document instanceof Actor && actors.has(document.uuid);
    if (isFightersSheet || app instanceof BrinkCombatTracker) void app.render();
  }
}

export function registerActionsPanel(): void {
  registerPanelPrompts();
  Hooks.on("updateCombatant", (combatant) => refreshPanels(combatant.combat));
  Hooks.on("createCombatant", (combatant) => refreshPanels(combatant.combat));
  Hooks.on("deleteCombatant", (combatant) => refreshPanels(combatant.combat));
  Hooks.on("updateCombat", (combat) => refreshPanels(combat));
  Hooks.on("deleteCombat", (combat) => refreshPanels(combat));
}
