/**
 * What the actions panel shows (RULES §3, S4), built from the rules' availability: a status line
 * ("Your turn · 2 actions left", "Waiting · 1 reaction ready"), one reason for what cannot be taken
 * now, the common actions as a toolbar and the situational ones behind a "More" menu.
 */
import { actionAvailability, type ActionOption, type Unavailable } from "../../rules/action-availability";
import { holdsGrantedAction, type TurnEconomy } from "../../rules/turn-economy";
import { countOf } from "../../helpers/plural";
import { ACTIONS_PANEL_REASON } from "../../helpers/lang-keys";
import { actionPrompt } from "./prompts";

/** The actions a turn usually takes, first and one click away; the rest sit in the menu. */
export const COMMON_ACTIONS: readonly string[] = [
  "attack",
  "move",
  "step",
  "sprint",
  "guard",
  "seekCover",
  "wait",
];

export interface PanelButtonView {
  key: string;
  kind: ActionOption["kind"];
  label: string;
  /** "1 action", "free", "ends the turn", "reaction". */
  costLabel: string;
  /** What the toolbar button adds to its name: nothing for a plain one-action action. */
  shortCost: string;
  resourceLabel: string;
  available: boolean;
  /** Why not, when that is not the panel's headline reason (shown once above). */
  reason: string;
  /** Everything about the button in words: name, cost, resources, why not. */
  tooltip: string;
  /** There is something to click. */
  canClick: boolean;
}

export interface PanelGroupView {
  label: string;
  hint: string;
  rows: PanelButtonView[];
}

export interface ActionsPanelView {
  combatId: string;
  combatantId: string;
  /** It is this combatant's turn (or it holds a commanded action): the toolbar shows. */
  acting: boolean;
  /** "Your turn · 2 actions left", "Waiting · 1 reaction ready". */
  status: string;
  statusKind: "acting" | "ready" | "waiting";
  /** The one reason shared by most of what cannot be taken now; "" when there is none. */
  headline: string;
  common: PanelButtonView[];
  /** The menu: situational actions, free actions, reactions. */
  more: PanelGroupView[];
  moreLabel: string;
  extended: { label: string; canContinue: boolean; reason: string } | null;
  canEndTurn: boolean;
  canTakeTurn: boolean;
  /** The toolbar's one Tab stop: "takeTurn", an action's key, "more" or "endTurn". */
  focusKey: string;
  /** The keys bound to Take turn and End turn ("Alt+E"), "" when unbound. */
  keys: { takeTurn: string; endTurn: string };
}

export interface PanelSituation {
  combatId: string;
  combatantId: string;
  economy: TurnEconomy;
  resources: { stamina: number; focus: number };
  situation: { conditions: Iterable<string>; exhaustion: number; speed: number };
  /** The schedule's current turn is this combatant's. */
  acting: boolean;
  /** Its team (or place) is to move and no turn runs: it may take the turn now. */
  mayTakeTurn: boolean;
  /** The panel offers Take turn and End turn (the sheet does; the tracker has its own buttons). */
  turnButtons: boolean;
  keys: { takeTurn: string; endTurn: string };
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
  const cost = countOf("action", option.cost);
  return option.extends ? `${cost} · ${localize("BRINK.ActionsPanel.extends")}` : cost;
}

function resourceLabel(option: ActionOption): string {
  const parts: string[] = [];
  if (option.stamina > 0) parts.push(format("BRINK.ActionsPanel.stamina", { count: String(option.stamina) }));
  if (option.focus > 0) parts.push(format("BRINK.ActionsPanel.focus", { count: String(option.focus) }));
  return parts.join(" · ");
}

function buttonView(option: ActionOption, headline: Unavailable | undefined): PanelButtonView {
  const label = actionName(option.key);
  const costs = [costLabel(option), resourceLabel(option)].filter((part) => part !== "").join(" · ");
  const why = reasonText(option.reason);
  return {
    key: option.key,
    kind: option.kind,
    label,
    costLabel: costLabel(option),
    shortCost: [
      option.kind === "action" && option.cost === 1 && !option.endsTurn ? "" : costLabel(option),
      resourceLabel(option),
    ]
      .filter((part) => part !== "")
      .join(" · "),
    resourceLabel: resourceLabel(option),
    available: option.available,
    reason: option.reason === headline ? "" : why,
    tooltip: [`${label}: ${costs}`, why].filter((part) => part !== "").join(" — "),
    canClick: option.available && actionPrompt(option.key) !== undefined,
  };
}

/** The reason most of the unavailable actions share, when at least two share it. */
function sharedReason(options: readonly ActionOption[]): Unavailable | undefined {
  const counts = new Map<Unavailable, number>();
  for (const option of options)
    if (option.kind !== "reaction" && option.reason)
      counts.set(option.reason, (counts.get(option.reason) ?? 0) + 1);
  let best: Unavailable | undefined;
  let bestCount = 1;
  for (const [reason, count] of counts) if (count > bestCount) [best, bestCount] = [reason, count];
  return best;
}

function headlineText(reason: Unavailable | undefined, economy: TurnEconomy): string {
  if (reason === "extended-in-progress" && economy.extended)
    return format("BRINK.ActionsPanel.Headline.extendedInProgress", {
      action: actionName(economy.extended.key),
      remaining: String(economy.extended.remaining),
    });
  if (reason === "no-actions-left") return localize("BRINK.ActionsPanel.Headline.noActionsLeft");
  return reasonText(reason);
}

function statusOf(
  input: PanelSituation,
  mayAct: boolean,
  out: boolean,
): Pick<ActionsPanelView, "status" | "statusKind"> {
  const { economy } = input;
  // Unconscious (or otherwise out): no reaction is "ready", whatever the round left it.
  if (out) return { statusKind: "waiting", status: localize(ACTIONS_PANEL_REASON["cannot-act"]) };
  if (mayAct)
    return {
      statusKind: "acting",
      status: format("BRINK.ActionsPanel.Status.acting", { actions: countOf("action", economy.actionsLeft) }),
    };
  // The call to act is all a player needs to read before taking the turn.
  if (input.mayTakeTurn) return { statusKind: "ready", status: localize("BRINK.ActionsPanel.Status.ready") };
  const reactions =
    economy.reactionsLeft > 0
      ? format("BRINK.ActionsPanel.Status.reactionsReady", {
          reactions: countOf("reaction", economy.reactionsLeft),
        })
      : localize("BRINK.ActionsPanel.Status.noReactions");
  return { statusKind: "waiting", status: `${localize("BRINK.ActionsPanel.Status.waiting")} · ${reactions}` };
}

/** Take turn first, else the first action that can be taken, else End turn, else the menu. */
function focusKey(input: PanelSituation, common: readonly PanelButtonView[], hasMenu: boolean): string {
  if (input.turnButtons && input.mayTakeTurn) return "takeTurn";
  const first = common.find((button) => button.canClick);
  if (first) return first.key;
  if (input.turnButtons && input.acting) return "endTurn";
  return hasMenu ? "more" : "";
}

/** The panel for one combatant, as its owner or the GM sees it. */
export function panelView(input: PanelSituation): ActionsPanelView {
  const { economy } = input;
  const mayAct = input.acting || holdsGrantedAction(economy);
  const availability = actionAvailability({ ...input, acting: input.acting });
  // Reactions are always listed (they are taken elsewhere); actions only once something can start them.
  const options = availability.options.filter(
    (option) => option.kind === "reaction" || actionPrompt(option.key) !== undefined,
  );
  const out = options.some((option) => option.reason === "cannot-act");
  const headline = mayAct ? sharedReason(options) : undefined;
  const views = options.map((option) => buttonView(option, headline));
  const situational = (kind: ActionOption["kind"]) =>
    views.filter((view) => view.kind === kind && !(mayAct && COMMON_ACTIONS.includes(view.key)));
  const groups = (mayAct ? (["action", "free", "reaction"] as const) : (["reaction"] as const))
    .map((kind) => ({
      label: localize(`BRINK.ActionsPanel.Group.${kind}`),
      hint: kind === "reaction" ? localize("BRINK.ActionsPanel.reactionHint") : "",
      rows: situational(kind),
    }))
    .filter((group) => !out && group.rows.length > 0);
  const pending = availability.extended;
  const common = mayAct ? COMMON_ACTIONS.flatMap((key) => views.find((view) => view.key === key) ?? []) : [];
  return {
    combatId: input.combatId,
    combatantId: input.combatantId,
    acting: mayAct,
    ...statusOf(input, mayAct, out),
    // An extended action's own line already says what to finish: the reason is not said twice.
    headline: pending && headline === "extended-in-progress" ? "" : headlineText(headline, economy),
    common,
    more: groups,
    moreLabel: localize(mayAct ? "BRINK.ActionsPanel.more" : "BRINK.ActionsPanel.Group.reaction"),
    extended: pending
      ? {
          label: headlineText("extended-in-progress", economy),
          canContinue: pending.canContinue,
          reason: reasonText(pending.reason),
        }
      : null,
    canEndTurn: input.turnButtons && input.acting,
    canTakeTurn: input.turnButtons && input.mayTakeTurn,
    focusKey: focusKey(input, common, groups.length > 0),
    keys: input.keys,
  };
}
