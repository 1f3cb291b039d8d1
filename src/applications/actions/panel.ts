/**
 * The actions panel (RULES §3, S4): on the sheet of a character (or NPC) in a started combat, and in
 * the tracker row of whoever is acting. Each row is an action, free action or reaction with its cost
 * and either a button (the action's prompt) or why it cannot be taken now. Only the owner and the GM
 * see it; every button asks the GM's client, which checks again before anything is spent.
 */
import { actorData } from "../../data";
import { BrinkCombatant } from "../../documents/combatant";
import { actionAvailability, type ActionOption, type Unavailable } from "../../rules/action-availability";
import { combatantOf } from "../../workflows/combat-economy";
import { actionPrompt } from "./prompts";
import { countOf } from "../../helpers/plural";
import { ACTIONS_PANEL_REASON } from "../../helpers/lang-keys";

export interface PanelRowView {
  key: string;
  kind: ActionOption["kind"];
  label: string;
  /** One pip per action it costs. */
  pips: { filled: boolean }[];
  costLabel: string;
  resourceLabel: string;
  available: boolean;
  reason: string;
  /** Reactions without a prompt: where they are taken. */
  hint: string;
  /** There is something to click. */
  canClick: boolean;
}

export interface ActionsPanelView {
  combatId: string;
  combatantId: string;
  actionsLeftLabel: string;
  /** Actions, free actions, reactions: each with its heading; a group with nothing in it is left out. */
  groups: { label: string; rows: PanelRowView[] }[];
  extended: {
    label: string;
    canContinue: boolean;
    reason: string;
  } | null;
}

const localize = (key: string): string => game.i18n.localize(key);
const format = (key: string, data: Record<string, string>): string => game.i18n.format(key, data);

/** An action's name: the S4 table's, else the panel's own, else (a custom action) the name it was given. */
export function actionName(key: string): string {
  for (const path of [`BRINK.Combat.Action.${key}`, `BRINK.ActionsPanel.Label.${key}`]) {
    if (game.i18n.has(path)) return localize(path);
  }
  return key;
}

const reasonText = (reason: Unavailable | undefined): string =>
  reason === undefined ? "" : localize(ACTIONS_PANEL_REASON[reason]);

function costLabel(option: ActionOption): string {
  if (option.kind === "reaction") return localize("BRINK.ActionsPanel.reaction");
  if (option.kind === "free") return localize("BRINK.ActionsPanel.free");
  if (option.endsTurn) return localize("BRINK.ActionsPanel.endsTurn");
  const cost = format("BRINK.ActionsPanel.cost", { actions: countOf("action", option.cost) });
  return option.extends ? `${cost} · ${localize("BRINK.ActionsPanel.extends")}` : cost;
}

function resourceLabel(option: ActionOption): string {
  const parts: string[] = [];
  if (option.stamina > 0) parts.push(format("BRINK.ActionsPanel.stamina", { count: String(option.stamina) }));
  if (option.focus > 0) parts.push(format("BRINK.ActionsPanel.focus", { count: String(option.focus) }));
  return parts.join(" · ");
}

function rowView(option: ActionOption): PanelRowView {
  const prompted = actionPrompt(option.key) !== undefined;
  return {
    key: option.key,
    kind: option.kind,
    label: actionName(option.key),
    pips: Array.from({ length: option.cost }, () => ({ filled: true })),
    costLabel: costLabel(option),
    resourceLabel: resourceLabel(option),
    available: option.available,
    reason: reasonText(option.reason),
    hint: option.kind === "reaction" && !prompted ? localize("BRINK.ActionsPanel.reactionHint") : "",
    canClick: option.available && prompted,
  };
}

/** The panel for a combatant, as its owner or the GM sees it. */
export function actionsPanelView(combatant: BrinkCombatant): ActionsPanelView | null {
  const actor = combatant.actor;
  const combat = combatant.combat;
  if (!actor || !combat?.started) return null;
  const data = actorData(actor);
  const economy = combatant.economy;
  const availability = actionAvailability({
    economy,
    resources: { stamina: data.stamina.value, focus: data.focus.value },
    situation: { conditions: actor.statuses, exhaustion: data.exhaustion, speed: data.speed },
    acting: combat.turnState.current === combatant.id,
  });
  // Reactions are always listed (they are taken elsewhere); actions only once something can start them.
  const rows = availability.options
    .filter((option) => option.kind === "reaction" || actionPrompt(option.key) !== undefined)
    .map(rowView);
  const pending = availability.extended;
  return {
    combatId: combat.id ?? "",
    combatantId: combatant.id ?? "",
    actionsLeftLabel: format("BRINK.Combat.Tracker.actionsLeft", { count: String(economy.actionsLeft) }),
    groups: (["action", "free", "reaction"] as const)
      .map((kind) => ({
        label: localize(`BRINK.ActionsPanel.Group.${kind}`),
        rows: rows.filter((row) => row.kind === kind),
      }))
      .filter((group) => group.rows.length > 0),
    extended: pending
      ? {
          label: format("BRINK.Combat.Tracker.extended", {
            action: actionName(pending.key),
            remaining: String(pending.remaining),
          }),
          canContinue: pending.canContinue,
          reason: reasonText(pending.reason),
        }
      : null,
  };
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

/** The actions every panel's host (sheet, tracker) offers. */
export const PANEL_ACTIONS = {
  panelAction: onPanelAction,
  continueExtended: onContinueExtended,
  abandonExtended: onAbandonExtended,
};
