/**
 * RULES §3 turn economy (S4): three actions a turn, one reaction a round recovered when the owner's
 * own turn starts, and the bookkeeping around moving, guarding, waiting and extended actions.
 * Plain JSON so it can sit on the combatant's system data.
 */

export const ACTIONS_PER_TURN = 3;
export const REACTIONS_PER_ROUND = 1;

export interface ActionDefinition {
  /** Actions it takes; an action that ends the turn takes every action left instead. */
  cost: number;
  endsTurn?: boolean;
  stamina?: number;
  focus?: number;
}

export const ACTION_KEYS = [
  "attack",
  "brandish",
  "command",
  "interact",
  "guard",
  "move",
  "ready",
  "resuscitate",
  "seekCover",
  "shortTask",
  "sprint",
  "standUp",
  "wait",
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** S4 action table. Costs are numbers a GM could house-rule; the behaviour keys off the action key. */
export const ACTIONS = {
  attack: { cost: 1 },
  brandish: { cost: 1 },
  command: { cost: 1, focus: 2 },
  interact: { cost: 1 },
  guard: { cost: 1, endsTurn: true },
  move: { cost: 1 },
  ready: { cost: 1, endsTurn: true },
  resuscitate: { cost: 2 },
  seekCover: { cost: 1 },
  shortTask: { cost: 3 },
  sprint: { cost: 1, stamina: 1 },
  standUp: { cost: 1 },
  wait: { cost: 1, endsTurn: true },
} as const satisfies Record<ActionKey, ActionDefinition>;

/** Free actions cost no action. Step replaces the turn's move. */
export const FREE_ACTIONS = ["dropItem", "dropProne", "step"] as const;
export type FreeActionKey = (typeof FREE_ACTIONS)[number];

export interface ReactionDefinition {
  stamina?: number;
  focus?: number;
}

export const REACTIONS = {
  block: { stamina: 1 },
  dodge: { stamina: 1 },
  fortify: { stamina: 1 },
  intercept: { stamina: 1 },
  parry: { stamina: 1 },
  resist: { focus: 1 },
} as const satisfies Record<string, ReactionDefinition>;
export type ReactionKey = keyof typeof REACTIONS;

/**
 * RULES §4: a killing strike takes three actions and is an attack for the multiple-attack penalty.
 * The attack workflow spends it (it is not a panel row); with fewer actions left it is an extended
 * action that lands when its last action is paid.
 */
export const KILLING_STRIKE = { key: "killingStrike", cost: 3 } as const;

/** RULES §6: tending a fallen character (the stabilise Heal test) is one action of the tending ally. */
export const TENDING = { key: "stabilise", cost: 1 } as const;

/** The most actions a custom (extended) action may cost: a few turns' worth. */
export const MAX_CUSTOM_ACTION_COST = 10;

/** An action the table does not list, such as reloading a crossbow (2). */
export interface CustomAction {
  key: string;
  cost: number;
}

export interface ExtendedAction {
  key: string;
  /** Actions still to pay before the action takes effect. */
  remaining: number;
  /** Whom it is for (Resuscitate's target), kept until it takes effect. */
  target?: string;
}

export interface TurnEconomy {
  inTurn: boolean;
  actionsLeft: number;
  reactionsLeft: number;
  moved: boolean;
  stepped: boolean;
  /** Guard's +1 to defences and defence tests, until the owner's next turn. */
  guarding: boolean;
  /** A readied action waiting for its trigger, until the owner's next turn. */
  readied: boolean;
  /** Allies given an action by Command this turn (once per turn per target). */
  commanded: string[];
  /**
   * Command's gift, or a readied action that fired: the id of the combatant in whose turn this one
   * holds one action to take outside its own turn; it lapses when that turn ends (combat-state.ts).
   */
  grantedBy: string | null;
  /** Feeds the multiple attack penalty; cleared when the round ends. */
  attacksThisRound: number;
  extended: ExtendedAction | null;
}

export interface Resources {
  stamina: number;
  focus: number;
}

export type EconomyRefusal =
  | "not-your-turn"
  | "granted-one-action"
  | "no-actions-left"
  | "extended-in-progress"
  | "no-extended-action"
  | "already-moved"
  | "already-stepped"
  | "move-first"
  | "already-commanded"
  | "no-reaction-left"
  | "not-readied"
  | "not-enough-stamina"
  | "not-enough-focus";

export type EconomyResult =
  | {
      ok: true;
      economy: TurnEconomy;
      /** What to take off the character's pools. */
      spent: Resources;
      /** False while an extended action still has actions to pay: its effect waits. */
      completed: boolean;
      endsTurn: boolean;
    }
  | { ok: false; reason: EconomyRefusal };

const NOTHING_SPENT: Resources = { stamina: 0, focus: 0 };
const refuse = (reason: EconomyRefusal): EconomyResult => ({ ok: false, reason });

export function createEconomy(): TurnEconomy {
  return {
    inTurn: false,
    actionsLeft: 0,
    reactionsLeft: REACTIONS_PER_ROUND,
    moved: false,
    stepped: false,
    guarding: false,
    readied: false,
    commanded: [],
    grantedBy: null,
    attacksThisRound: 0,
    extended: null,
  };
}

/**
 * A copy with every field written out: one object shape for every economy, which V8 copies far
 * faster than a spread of economies of mixed shapes (the encounter simulator pays thousands a second).
 */
function copyOf(economy: TurnEconomy): TurnEconomy {
  return {
    inTurn: economy.inTurn,
    actionsLeft: economy.actionsLeft,
    reactionsLeft: economy.reactionsLeft,
    moved: economy.moved,
    stepped: economy.stepped,
    guarding: economy.guarding,
    readied: economy.readied,
    commanded: economy.commanded,
    grantedBy: economy.grantedBy,
    attacksThisRound: economy.attacksThisRound,
    extended: economy.extended,
  };
}

/** Fresh actions, the reaction back (Wait's extra one lapses), and Guard/Ready expire. */
export function startTurn(economy: TurnEconomy): TurnEconomy {
  const next = copyOf(economy);
  next.inTurn = true;
  next.actionsLeft = ACTIONS_PER_TURN;
  next.reactionsLeft = REACTIONS_PER_ROUND;
  next.moved = false;
  next.stepped = false;
  next.guarding = false;
  next.readied = false;
  next.commanded = [];
  return next;
}

/** Command: the ally holds one action, given by this commander, to take during the commander's turn. */
export function grantAction(economy: TurnEconomy, commanderId: string): TurnEconomy {
  return { ...economy, grantedBy: commanderId };
}

/**
 * A commanded action held by a combatant not in its own turn: one single action it may take now
 * (the actions panel offers it; spendAction pays with it).
 */
export const holdsGrantedAction = (economy: TurnEconomy): boolean =>
  !economy.inTurn && economy.grantedBy !== null;

/** Actions left unused are lost; an extended action stays pending. */
export function endTurn(economy: TurnEconomy): TurnEconomy {
  const next = copyOf(economy);
  next.inTurn = false;
  next.actionsLeft = 0;
  return next;
}

export function endRound(economy: TurnEconomy): TurnEconomy {
  const next = copyOf(economy);
  next.attacksThisRound = 0;
  return next;
}

export interface SpendOptions {
  /** Command: the ally given the action; Resuscitate: whom it wakes. */
  target?: string;
}

/**
 * Pays for an action. One that costs more than the actions left becomes an extended action: the
 * rest is paid on later turns (`continueExtended`) and only then does it take effect.
 */
export function spendAction(
  economy: TurnEconomy,
  action: ActionKey | CustomAction,
  resources: Resources,
  options: SpendOptions = {},
): EconomyResult {
  const key = typeof action === "string" ? action : action.key;
  const definition: ActionDefinition = typeof action === "string" ? ACTIONS[action] : { cost: action.cost };
  const refusal = actionRefusal(economy, key, definition, resources, options);
  if (refusal !== undefined) return refuse(refusal);
  const spent = { stamina: definition.stamina ?? 0, focus: definition.focus ?? 0 };
  // The economy after paying: one fresh copy, filled in below (the simulator pays thousands a second).
  const next = copyOf(economy);
  // Only a built-in action (or the killing strike) is tracked by name: a custom "wait" is just an action.
  if (typeof action === "string" || key === KILLING_STRIKE.key) trackAction(next, key, options);
  if (holdsGrantedAction(economy)) {
    next.grantedBy = null;
    return { ok: true, economy: next, spent, completed: true, endsTurn: false };
  }
  if (definition.endsTurn === true) {
    return { ok: true, economy: endTurn(next), spent, completed: true, endsTurn: true };
  }
  const paid = Math.min(definition.cost, economy.actionsLeft);
  const remaining = definition.cost - paid;
  const target = options.target === undefined ? {} : { target: options.target };
  next.actionsLeft = economy.actionsLeft - paid;
  next.extended = remaining > 0 ? { key, remaining, ...target } : null;
  return { ok: true, economy: next, spent, completed: remaining === 0, endsTurn: false };
}

function actionRefusal(
  economy: TurnEconomy,
  key: string,
  definition: ActionDefinition,
  resources: Resources,
  options: SpendOptions,
): EconomyRefusal | undefined {
  if (holdsGrantedAction(economy)) {
    // Command gives one action now: not a longer one, not one that ends a turn it is not taking, and
    // not a Command of its own (that gift would lapse at once: it is not the ally's turn).
    if (definition.cost > 1 || definition.endsTurn === true || key === "command") return "granted-one-action";
  } else {
    if (!economy.inTurn) return "not-your-turn";
    if (economy.extended !== null) return "extended-in-progress";
    if (economy.actionsLeft <= 0) return "no-actions-left";
  }
  if (key === "move" && economy.moved) return "already-moved";
  if (key === "move" && economy.stepped) return "already-stepped";
  if (key === "sprint" && !economy.moved) return "move-first";
  if (key === "command" && options.target !== undefined && economy.commanded.includes(options.target)) {
    return "already-commanded";
  }
  return resourceRefusal(definition, resources);
}

function resourceRefusal(cost: ReactionDefinition, resources: Resources): EconomyRefusal | undefined {
  if ((cost.stamina ?? 0) > resources.stamina) return "not-enough-stamina";
  if ((cost.focus ?? 0) > resources.focus) return "not-enough-focus";
  return undefined;
}

/** Records the action on the (fresh) economy being paid from. */
function trackAction(next: TurnEconomy, key: string, options: SpendOptions): void {
  if (key === "move") next.moved = true;
  else if (key === "attack" || key === KILLING_STRIKE.key) next.attacksThisRound += 1;
  else if (key === "guard") next.guarding = true;
  else if (key === "ready") next.readied = true;
  else if (key === "wait") next.reactionsLeft += 1;
  else if (key === "command" && options.target !== undefined)
    next.commanded = [...next.commanded, options.target];
}

/** Pays what the turn allows towards the pending extended action; it completes once nothing is owed. */
export function continueExtended(economy: TurnEconomy): EconomyResult {
  if (!economy.inTurn) return refuse("not-your-turn");
  const extended = economy.extended;
  if (extended === null) return refuse("no-extended-action");
  if (economy.actionsLeft <= 0) return refuse("no-actions-left");
  const paid = Math.min(extended.remaining, economy.actionsLeft);
  const remaining = extended.remaining - paid;
  return {
    ok: true,
    economy: {
      ...economy,
      actionsLeft: economy.actionsLeft - paid,
      extended: remaining > 0 ? { ...extended, remaining } : null,
    },
    spent: NOTHING_SPENT,
    completed: remaining === 0,
    endsTurn: false,
  };
}

/** Dropping a started extended action costs nothing; what was already paid is lost. */
export function abandonExtended(economy: TurnEconomy): EconomyResult {
  if (economy.extended === null) return refuse("no-extended-action");
  return {
    ok: true,
    economy: { ...economy, extended: null },
    spent: NOTHING_SPENT,
    completed: true,
    endsTurn: false,
  };
}

/** Step: free, once per turn, and only instead of the turn's move. Other free actions are unlimited. */
export function takeFreeAction(economy: TurnEconomy, key: FreeActionKey): EconomyResult {
  if (!economy.inTurn) return refuse("not-your-turn");
  if (key === "step" && economy.stepped) return refuse("already-stepped");
  if (key === "step" && economy.moved) return refuse("already-moved");
  const next = key === "step" ? { ...economy, stepped: true } : economy;
  return { ok: true, economy: next, spent: NOTHING_SPENT, completed: true, endsTurn: false };
}

export interface ReactionOptions {
  /** A reaction granted for free (Intercept's follow-up defence): pays its resources, not the reaction. */
  free?: boolean;
}

/** Reactions can be taken on anyone's turn, the owner's included. */
export function spendReaction(
  economy: TurnEconomy,
  key: ReactionKey,
  resources: Resources,
  options: ReactionOptions = {},
): EconomyResult {
  const free = options.free === true;
  if (!free && economy.reactionsLeft <= 0) return refuse("no-reaction-left");
  const definition: ReactionDefinition = REACTIONS[key];
  const refusal = resourceRefusal(definition, resources);
  if (refusal !== undefined) return refuse(refusal);
  const next = copyOf(economy);
  if (!free) next.reactionsLeft -= 1;
  return {
    ok: true,
    economy: free ? economy : next,
    spent: { stamina: definition.stamina ?? 0, focus: definition.focus ?? 0 },
    completed: true,
    endsTurn: false,
  };
}

/**
 * A readied action fires when its trigger happens; declared as a reaction, it uses one. What was
 * readied is then one action to take at once, out of turn (an attack, a move…): held like Command's
 * gift, during the turn in which it fired (`during`, the acting combatant), lapsing when that turn ends.
 */
export function triggerReadied(economy: TurnEconomy, during: string | null = null): EconomyResult {
  if (!economy.readied) return refuse("not-readied");
  if (economy.reactionsLeft <= 0) return refuse("no-reaction-left");
  return {
    ok: true,
    economy: { ...economy, readied: false, reactionsLeft: economy.reactionsLeft - 1, grantedBy: during },
    spent: NOTHING_SPENT,
    completed: true,
    endsTurn: false,
  };
}
