/**
 * What the actions panel offers (RULES §3, S4): every action, free action and reaction, what it
 * costs, and whether the character can take it now, with the reason when not. The turn-economy
 * checks are the very functions the GM's client spends with, so the panel and the GM cannot disagree.
 */
import { CONDITIONS_PREVENTING_TURNS } from "./team-turns";
import { tooExhaustedToFight } from "./characters";
import { DYING_OPTIONS, isDying } from "./dying";
import {
  ACTIONS,
  ACTION_KEYS,
  FREE_ACTIONS,
  KILLING_STRIKE,
  REACTIONS,
  continueExtended,
  spendAction,
  spendReaction,
  takeFreeAction,
  type EconomyRefusal,
  type EconomyResult,
  type ReactionKey,
  type Resources,
  type TurnEconomy,
} from "./turn-economy";

/** The key of the panel's "custom action" row (an action the table does not list, e.g. reload 2). */
export const CUSTOM_ACTION = "custom";

/** What about the character (not its turn) stands in the way. */
export interface ActorSituation {
  conditions: Iterable<string>;
  exhaustion: number;
  /** Metres per move, after exhaustion. */
  speed: number;
}

export type Unavailable =
  EconomyRefusal | "cannot-act" | "dying" | "too-exhausted" | "no-speed" | "not-prone" | "already-prone";

export type OptionKind = "action" | "free" | "reaction";

export interface ActionOption {
  key: string;
  kind: OptionKind;
  /** Actions it costs (0 for free actions and reactions). */
  cost: number;
  /** Guard, Ready and Wait end the turn, taking every action left. */
  endsTurn: boolean;
  stamina: number;
  focus: number;
  available: boolean;
  reason?: Unavailable;
  /** It costs more than the actions left: it starts as an extended action. */
  extends: boolean;
}

export interface PendingExtended {
  key: string;
  remaining: number;
  canContinue: boolean;
  reason?: Unavailable;
}

export interface Availability {
  options: ActionOption[];
  extended: PendingExtended | null;
}

export interface AvailabilityInput {
  economy: TurnEconomy;
  resources: Resources;
  situation: ActorSituation;
  /** Whether it is this combatant's turn in the combat's schedule. */
  acting: boolean;
}

const MOVEMENT: readonly string[] = ["move", "sprint", "step"];
const PREVENTING: readonly string[] = CONDITIONS_PREVENTING_TURNS;

/**
 * The reason the character itself (not the turn) stops this option, if any. The panel greys the
 * option out with it; the GM's client refuses a request for it with the same reason.
 */
export function situationBlocker(
  key: string,
  kind: OptionKind,
  situation: ActorSituation,
): Unavailable | undefined {
  const held = new Set(situation.conditions);
  if (PREVENTING.some((condition) => held.has(condition))) return "cannot-act";
  // RULES §6: the dying speak and move 1.5 m; every other action, and every reaction, waits.
  if (isDying(held) && !DYING_OPTIONS.includes(key)) return "dying";
  if (kind === "reaction") return undefined;
  if ((key === "attack" || key === KILLING_STRIKE.key) && tooExhaustedToFight(situation.exhaustion))
    return "too-exhausted";
  if (MOVEMENT.includes(key) && situation.speed <= 0) return "no-speed";
  if (key === "standUp" && !held.has("prone")) return "not-prone";
  if (key === "dropProne" && held.has("prone")) return "already-prone";
  return undefined;
}

const refusalOf = (result: EconomyResult): EconomyRefusal | undefined =>
  result.ok ? undefined : result.reason;

function option(
  key: string,
  kind: OptionKind,
  cost: { cost: number; endsTurn: boolean; stamina: number; focus: number },
  reason: Unavailable | undefined,
  actionsLeft: number,
): ActionOption {
  const extendsTurn = kind === "action" && !cost.endsTurn && reason === undefined && cost.cost > actionsLeft;
  return {
    key,
    kind,
    ...cost,
    available: reason === undefined,
    ...(reason === undefined ? {} : { reason }),
    extends: extendsTurn,
  };
}

/** Every S4 option for the character, in the table's order: actions, the custom action, free actions, reactions. */
export function actionAvailability({
  economy,
  resources,
  situation,
  acting,
}: AvailabilityInput): Availability {
  // Out of the schedule's turn the economy is treated as out of turn, whatever its stored flag says.
  const turn = acting ? economy : { ...economy, inTurn: false };
  const options: ActionOption[] = [];
  for (const key of ACTION_KEYS) {
    const definition: { cost: number; endsTurn?: boolean; stamina?: number; focus?: number } = ACTIONS[key];
    const reason = situationBlocker(key, "action", situation) ?? refusalOf(spendAction(turn, key, resources));
    const cost = {
      cost: definition.cost,
      endsTurn: definition.endsTurn === true,
      stamina: definition.stamina ?? 0,
      focus: definition.focus ?? 0,
    };
    options.push(option(key, "action", cost, reason, turn.actionsLeft));
  }
  const custom = refusalOf(spendAction(turn, { key: CUSTOM_ACTION, cost: 1 }, resources));
  options.push(
    option(CUSTOM_ACTION, "action", { cost: 1, endsTurn: false, stamina: 0, focus: 0 }, custom, Infinity),
  );
  for (const key of FREE_ACTIONS) {
    const reason = situationBlocker(key, "free", situation) ?? refusalOf(takeFreeAction(turn, key));
    options.push(option(key, "free", { cost: 0, endsTurn: false, stamina: 0, focus: 0 }, reason, 0));
  }
  for (const key of Object.keys(REACTIONS) as ReactionKey[]) {
    const definition: { stamina?: number; focus?: number } = REACTIONS[key];
    const reason =
      situationBlocker(key, "reaction", situation) ?? refusalOf(spendReaction(economy, key, resources));
    const cost = { cost: 0, endsTurn: false, stamina: definition.stamina ?? 0, focus: definition.focus ?? 0 };
    options.push(option(key, "reaction", cost, reason, 0));
  }
  return { options, extended: pendingExtended(turn, situation) };
}

function pendingExtended(economy: TurnEconomy, situation: ActorSituation): PendingExtended | null {
  const extended = economy.extended;
  if (extended === null) return null;
  const reason = situationBlocker(extended.key, "action", situation) ?? refusalOf(continueExtended(economy));
  return {
    key: extended.key,
    remaining: extended.remaining,
    canContinue: reason === undefined,
    ...(reason === undefined ? {} : { reason }),
  };
}
