/**
 * The actions panel (RULES §3, S4): on the sheet of a character (or NPC) in a started combat, and in
 * the tracker row of whoever is acting. A toolbar of the common actions with Take turn or End turn,
 * a menu of the rest, and the one reason that stops most of them. Only the owner and the GM see it;
 * every button asks the GM's client, which checks again before anything is spent.
 */
import { actorData } from "../../data";
import { BrinkCombatant } from "../../documents/combatant";
import { membersToMove, isRunning } from "../../rules/team-turns";
import { combatantOf } from "../../workflows/combat-economy";
import { actionPrompt } from "./prompts";
import { panelView, type ActionsPanelView } from "./panel-view";
import { boundKeys } from "./turn-keys";

const NO_KEYS = { takeTurn: "", endTurn: "" };

export { actionName, type ActionsPanelView } from "./panel-view";

/**
 * The panel for a combatant, as its owner or the GM sees it. `turnButtons`: it offers Take turn and
 * End turn itself (the sheet); the tracker has its own.
 */
export function actionsPanelView(combatant: BrinkCombatant, turnButtons = true): ActionsPanelView | null {
  const actor = combatant.actor;
  const combat = combatant.combat;
  if (!actor || !combat?.started) return null;
  const data = actorData(actor);
  const state = combat.turnState;
  const id = combatant.id ?? "";
  return panelView({
    combatId: combat.id ?? "",
    combatantId: id,
    economy: combatant.economy,
    resources: { stamina: data.stamina.value, focus: data.focus.value },
    situation: { conditions: actor.statuses, exhaustion: data.exhaustion, speed: data.speed },
    acting: state.current === id,
    mayTakeTurn: isRunning(state) && state.current === null && membersToMove(state).includes(id),
    turnButtons,
    keys: turnButtons ? { takeTurn: boundKeys("takeTurn"), endTurn: boundKeys("endTurn") } : NO_KEYS,
  });
}

/** The sheet's panel: the actor's combatant in a started combat, for its owner or the GM. */
export function sheetPanelView(actor: Actor.Implementation): ActionsPanelView | null {
  if (!actor.isOwner) return null;
  const combatant = combatantOf({ actor, token: actor.token ?? null });
  return combatant ? actionsPanelView(combatant) : null;
}

/** The combatant a panel button belongs to. */
function panelCombatant(target: HTMLElement): BrinkCombatant | undefined {
  const panel = target.closest<HTMLElement>("[data-actions-panel]");
  const combat = game.combats?.get(panel?.dataset.combatId ?? "");
  const combatant = combat?.combatants.get(panel?.dataset.combatantId ?? "");
  return combatant instanceof BrinkCombatant ? combatant : undefined;
}

/** A panel button: starts the row's action through its prompt. */
export async function onPanelAction(_event: Event, target: HTMLElement): Promise<void> {
  const combatant = panelCombatant(target);
  const prompt = actionPrompt(target.dataset.key ?? "");
  if (combatant?.actor && prompt && target.getAttribute("aria-disabled") !== "true") {
    await prompt(combatant, combatant.actor);
  }
}

export async function onContinueExtended(_event: Event, target: HTMLElement): Promise<void> {
  const combatant = panelCombatant(target);
  if (combatant) await combatant.continueExtended();
}

export async function onAbandonExtended(_event: Event, target: HTMLElement): Promise<void> {
  const combatant = panelCombatant(target);
  if (combatant) await combatant.abandonExtended();
}

/** Take turn from the panel: the same request as the tracker's button. */
export async function onPanelTakeTurn(_event: Event, target: HTMLElement): Promise<void> {
  const combatant = panelCombatant(target);
  if (combatant) await combatant.combat?.takeTurn(combatant.id ?? "");
}

/** End turn from the panel: the same request as the tracker's button. */
export async function onPanelEndTurn(_event: Event, target: HTMLElement): Promise<void> {
  const combatant = panelCombatant(target);
  if (combatant && combatant.combat?.turnState.current === combatant.id) await combatant.combat.endTurn();
}

/** The "More" button: shows or hides the panel's menu in place (a render closes it again). */
export function onToggleActionsMenu(_event: Event, target: HTMLElement): void {
  const menu = target.closest("[data-actions-panel]")?.querySelector<HTMLElement>(".actions-menu");
  if (!menu) return;
  const open = menu.hidden;
  menu.hidden = !open;
  target.setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector<HTMLElement>("button:not([aria-disabled='true'])")?.focus();
}

/** The actions every panel's host (sheet, tracker) offers. */
export const PANEL_ACTIONS = {
  panelAction: onPanelAction,
  panelTakeTurn: onPanelTakeTurn,
  panelEndTurn: onPanelEndTurn,
  toggleActionsMenu: onToggleActionsMenu,
  continueExtended: onContinueExtended,
  abandonExtended: onAbandonExtended,
};
