import { idField, isPrototypeKey, textField, wholeNumber } from "../requests/fields";
import { defineRequest, refuse, type Refusal, type RequestResult } from "../requests";
import { situationBlocker, type OptionKind } from "../rules/action-availability";
import { currentEconomy } from "../rules/combat-state";
import { canActWith } from "../rules/team-turns";
import {
  ACTION_KEYS,
  FREE_ACTIONS,
  KILLING_STRIKE,
  MAX_CUSTOM_ACTION_COST,
  TENDING,
  REACTIONS,
  abandonExtended,
  continueExtended,
  spendAction,
  spendReaction,
  takeFreeAction,
  triggerReadied,
  type ActionKey,
  type CustomAction,
  type EconomyResult,
  type FreeActionKey,
  type ReactionKey,
  type Resources,
  type TurnEconomy,
} from "../rules/turn-economy";
import { ECONOMY_REFUSAL } from "../helpers/lang-keys";

/** Foundry's token dispositions, folded onto the three teams core combat starts with. */
export const DISPOSITION = { hostile: -1, neutral: 0, friendly: 1 } as const;
export type TeamDisposition = (typeof DISPOSITION)[keyof typeof DISPOSITION];

/** What a player may ask the GM to do with their combatant's actions and reactions. */
export type EconomyRequest =
  | { operation: "action"; action: ActionKey | CustomAction; target?: string }
  | { operation: "reaction"; reaction: ReactionKey; free?: boolean }
  | { operation: "free"; action: FreeActionKey }
  | { operation: "continue" }
  | { operation: "abandon" }
  | { operation: "trigger" };

export interface EconomyOutcome {
  /** False while an extended action still has actions to pay. */
  completed: boolean;
  endsTurn: boolean;
}

/** An economy request that passed every check: what spending it would write, not yet written. */
export interface EconomyCheck {
  ok: true;
  combat: Combat.Implementation;
  result: Extract<EconomyResult, { ok: true }>;
  rule: ActionRule | undefined;
  context: ActionContext | undefined;
}

/** What an action's rule is told on the GM's client: who takes it, for whom, at whose request. */
export interface ActionContext {
  combatant: BrinkCombatant;
  actor: Actor.Implementation;
  user: User.Implementation;
  /**
   * Command's ally or Resuscitate's patient (a combatant id in the same combat), when the action
   * names one; an extended action keeps it until its last action is paid.
   */
  target?: string;
}

/**
 * What an S4 action does beyond its cost (RULES §3). Workflows register one per action key: its
 * refusal is checked before anything is spent; its effect runs on the active GM's client once the
 * action is paid in full (at once, or when an extended action's last action is paid).
 */
export interface ActionRule {
  refusal?: (context: ActionContext) => Refusal | undefined;
  /** A refusal here means the paid action came to nothing (a killing strike whose target woke). */
  effect?: (context: ActionContext) => Promise<Refusal | void>;
}

const actionRules = new Map<string, ActionRule>();

/** Gives a built-in action its behaviour; each key has one rule. */
export function defineActionRule(
  key: ActionKey | FreeActionKey | typeof KILLING_STRIKE.key,
  rule: ActionRule,
): void {
  if (actionRules.has(key)) throw new Error(`Brink | the action "${key}" has two rules`);
  actionRules.set(key, rule);
}

/** The key whose rule an economy request answers to: a built-in action or free action, else none. */
function ruledKey(request: EconomyRequest, economy: TurnEconomy): string | undefined {
  switch (request.operation) {
    case "action":
      return typeof request.action === "string" ? request.action : undefined;
    case "free":
      return request.action;
    case "continue":
      return economy.extended?.key;
    default:
      return undefined;
  }
}

/** Whom the action is for: named by the request, or kept by the extended action being continued. */
function requestTarget(request: EconomyRequest, economy: TurnEconomy): string | undefined {
  if (request.operation === "action") return request.target;
  return request.operation === "continue" ? economy.extended?.target : undefined;
}

/** The option a request asks for, as the panel lists it (none for abandoning). */
function economyOption(
  request: EconomyRequest,
  economy: TurnEconomy,
): { key: string; kind: OptionKind } | null {
  switch (request.operation) {
    case "action":
      return {
        key: typeof request.action === "string" ? request.action : request.action.key,
        kind: "action",
      };
    case "free":
      return { key: request.action, kind: "free" };
    case "continue":
      return economy.extended ? { key: economy.extended.key, kind: "action" } : null;
    case "reaction":
      return { key: request.reaction, kind: "reaction" };
    case "trigger":
      return { key: "ready", kind: "reaction" };
    default:
      return null;
  }
}

function hasTrait(system: unknown, trait: string): boolean {
  const traits = typeof system === "object" && system !== null && "traits" in system ? system.traits : null;
  return traits instanceof Set ? traits.has(trait) : Array.isArray(traits) && traits.includes(trait);
}

/**
 * A combatant: one member of a team. Its turn economy (RULES §3) lives in its system data, written
 * by the active GM; between writes it is brought up to date with the combat's clock when read.
 */
export class BrinkCombatant extends Combatant {
  /** The id of its team (CombatantGroup), whichever way Foundry hands the group field back. */
  get teamId(): string | null {
    const group: unknown = this.group;
    if (typeof group === "string") return group || null;
    if (typeof group === "object" && group !== null && "id" in group && typeof group.id === "string") {
      return group.id;
    }
    return null;
  }

  /** Token disposition, with secret tokens counted as hostile. */
  get teamDisposition(): TeamDisposition {
    const disposition = this.token?.disposition ?? this.actor?.prototypeToken?.disposition ?? 0;
    if (disposition > 0) return DISPOSITION.friendly;
    return disposition < 0 ? DISPOSITION.hostile : DISPOSITION.neutral;
  }

  /** Unconscious, incapacitated, dead, routed… or marked defeated: no turns (RULES §3, §9). */
  get ableToAct(): boolean {
    return !this.defeated && canActWith(this.actor?.statuses ?? []);
  }

  /** A talent such as danger sense: acts in a surprise round whichever side it is on. */
  get cannotBeSurprised(): boolean {
    return [...(this.actor?.items ?? [])].some(
      (item) => item.type === "talent" && hasTrait(item.system, "cannotBeSurprised"),
    );
  }

  /** Marked Surprised (the token HUD): sits out a surprise round, even on a team that has surprise. */
  get markedSurprised(): boolean {
    return this.actor?.statuses.has("surprised") ?? false;
  }

  /** Actions, reactions, Guard, Wait and attacks as they stand now. */
  get economy(): TurnEconomy {
    const stored = this.system.storedEconomy;
    const clock = this.combat?.clock;
    return clock ? currentEconomy(stored, this.system.storedStamp, clock, this.id ?? "") : stored;
  }

  /** Guard: +1 to all defences and defence tests while its actor is guarding (until its next turn). */
  get defenceBonus(): number {
    return this.actor?.statuses.has("guarding") ? 1 : 0;
  }

  /** Attacks already made this round; the attack card turns them into the multiple attack penalty. */
  get attacksThisRound(): number {
    return this.economy.attacksThisRound;
  }

  // -------------------------------------------------------------------------------------------------
  // Asking for changes (any client)

  spendAction(action: ActionKey | CustomAction, target?: string): Promise<RequestResult<EconomyOutcome>> {
    return this.#ask({ operation: "action", action, ...(target === undefined ? {} : { target }) });
  }

  spendReaction(reaction: ReactionKey, free = false): Promise<RequestResult<EconomyOutcome>> {
    return this.#ask({ operation: "reaction", reaction, free });
  }

  takeFreeAction(action: FreeActionKey): Promise<RequestResult<EconomyOutcome>> {
    return this.#ask({ operation: "free", action });
  }

  continueExtended(): Promise<RequestResult<EconomyOutcome>> {
    return this.#ask({ operation: "continue" });
  }

  abandonExtended(): Promise<RequestResult<EconomyOutcome>> {
    return this.#ask({ operation: "abandon" });
  }

  triggerReadied(): Promise<RequestResult<EconomyOutcome>> {
    return this.#ask({ operation: "trigger" });
  }

  async #ask(request: EconomyRequest): Promise<RequestResult<EconomyOutcome>> {
    const result = await askEconomy({ combatId: this.combat?.id ?? "", combatantId: this.id ?? "", request });
    // An action that ends the turn (Guard, Ready, Wait) passes the move at once.
    if (result.ok && result.endsTurn && this.combat?.turnState.current === this.id) {
      await this.combat.endTurn();
    }
    return result;
  }

  // -------------------------------------------------------------------------------------------------
  // Doing them (the active GM's client)

  /**
   * Checks one economy request as resolveEconomy would, writing nothing: its refusal, or what it
   * would do. Lets a workflow that spends several combatants' actions refuse before spending any.
   */
  checkEconomy(user: User.Implementation, request: EconomyRequest): Refusal | EconomyCheck {
    const combat = this.combat;
    if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
    if (!this.isOwnedBy(user)) return refuse("BRINK.Combat.Refusal.notOwner", { name: this.name ?? "" });
    if (
      request.operation === "action" &&
      request.target !== undefined &&
      !combat.combatants.get(request.target)
    )
      return refuse("BRINK.Combat.Refusal.unknownTarget");
    const key = ruledKey(request, this.economy);
    const rule = key === undefined ? undefined : actionRules.get(key);
    const target = requestTarget(request, this.economy);
    const context: ActionContext | undefined = this.actor
      ? { combatant: this, actor: this.actor, user, ...(target === undefined ? {} : { target }) }
      : undefined;
    const blocked = this.#situationRefusal(request);
    if (blocked) return blocked;
    // A continued action was allowed when it was started; only a new one is checked.
    const refusal = request.operation === "continue" || !context ? undefined : rule?.refusal?.(context);
    if (refusal) return refusal;
    const result = this.#runEconomy(request);
    if (!result.ok) return refuse(ECONOMY_REFUSAL[result.reason], { name: this.name ?? "" });
    return { ok: true, combat, result, rule, context };
  }

  /** Validates and applies one economy request: one write to the combatant, one to the actor's pools if spent. */
  async resolveEconomy(
    user: User.Implementation,
    request: EconomyRequest,
  ): Promise<RequestResult<EconomyOutcome>> {
    const checked = this.checkEconomy(user, request);
    if (!checked.ok) return checked;
    const { combat, result, rule, context } = checked;
    const { round, turn } = combat.clock;
    await this.update({ system: { ...result.economy, stamp: { round, turn } } });
    const { stamina, focus } = result.spent;
    if (this.actor && (stamina > 0 || focus > 0)) {
      const resources = this.#resources();
      await this.actor.update({
        system: {
          stamina: { value: resources.stamina - stamina },
          focus: { value: resources.focus - focus },
        },
      });
    }
    const effect = result.completed && context && rule?.effect ? await rule.effect(context) : undefined;
    if (effect) return effect;
    return { ok: true, completed: result.completed, endsTurn: result.endsTurn };
  }

  /**
   * What the character's own state forbids (RULES §1, §3): nothing while unable to act, no movement
   * at speed 0, no attack at exhaustion 5+, Stand Up only when prone, Drop Prone only when not. The
   * same reasons the actions panel shows, so a request for a greyed-out option is refused unspent.
   */
  #situationRefusal(request: EconomyRequest): Refusal | undefined {
    const actor = this.actor;
    if (!actor) return undefined;
    const asked = economyOption(request, this.economy);
    if (!asked) return undefined;
    const { exhaustion, speed } = actor.system;
    const reason = situationBlocker(asked.key, asked.kind, { conditions: actor.statuses, exhaustion, speed });
    if (!reason) return undefined;
    return refuse(ECONOMY_REFUSAL[reason], {
      name: this.name ?? "",
      exhaustion: String(exhaustion),
    });
  }

  /** The owner of the combatant's actor, or a GM. */
  isOwnedBy(user: User.Implementation): boolean {
    return user.isGM || (this.actor?.testUserPermission(user, "OWNER") ?? false);
  }

  #resources(): Resources {
    const system = this.actor?.system;
    return { stamina: system?.stamina.value ?? 0, focus: system?.focus.value ?? 0 };
  }

  #runEconomy(request: EconomyRequest): EconomyResult {
    const economy = this.economy;
    switch (request.operation) {
      case "action":
        return spendAction(
          economy,
          request.action,
          this.#resources(),
          request.target === undefined ? {} : { target: request.target },
        );
      case "reaction":
        return spendReaction(economy, request.reaction, this.#resources(), { free: request.free === true });
      case "free":
        return takeFreeAction(economy, request.action);
      case "continue":
        return continueExtended(economy);
      case "abandon":
        return abandonExtended(economy);
      case "trigger":
        return triggerReadied(economy, this.combat?.clock.current ?? null);
    }
  }
}

const REACTION_KEYS = Object.keys(REACTIONS).filter((key): key is ReactionKey => key in REACTIONS);
const BARE_OPERATIONS = ["continue", "abandon", "trigger"] as const;
/** Keys a custom action may not take: the rules track these by name (a custom "wait" gave reactions). */
const RESERVED_KEYS: readonly string[] = [
  ...ACTION_KEYS,
  ...FREE_ACTIONS,
  ...REACTION_KEYS,
  KILLING_STRIKE.key,
  TENDING.key,
];
const MAX_ACTION_NAME = 40;

type Parsed<T> = { ok: true; value: T } | Refusal;
const parsed = <T>(value: T): Parsed<T> => ({ ok: true, value });
const UNKNOWN = refuse("BRINK.Combat.Refusal.unknownRequest");

/** Reads an economy request from a relayed payload, or says what is wrong with it. */
export function parseEconomyRequest(value: unknown): Parsed<EconomyRequest> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return UNKNOWN;
  const field = (name: string): unknown =>
    Object.hasOwn(value, name) ? Reflect.get(value, name) : undefined;
  switch (field("operation")) {
    case "action": {
      const action = parseAction(field("action"));
      if (!action.ok) return action;
      const target = field("target");
      if (target === undefined) return parsed({ operation: "action", action: action.value });
      const id = idField(target);
      return id === undefined
        ? refuse("BRINK.Combat.Refusal.unknownTarget")
        : parsed({ operation: "action", action: action.value, target: id });
    }
    case "reaction": {
      const reaction = REACTION_KEYS.find((key) => key === field("reaction"));
      return reaction === undefined
        ? UNKNOWN
        : parsed({ operation: "reaction", reaction, free: field("free") === true });
    }
    case "free": {
      const action = FREE_ACTIONS.find((key) => key === field("action"));
      return action === undefined ? UNKNOWN : parsed({ operation: "free", action });
    }
    default: {
      const operation = BARE_OPERATIONS.find((name) => name === field("operation"));
      return operation === undefined ? UNKNOWN : parsed({ operation });
    }
  }
}

/** A built-in action by key, or a custom one: a short new name and a whole cost in range. */
function parseAction(value: unknown): Parsed<ActionKey | CustomAction> {
  const known = ACTION_KEYS.find((key) => key === value);
  if (known !== undefined) return parsed(known);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return UNKNOWN;
  const key: unknown = Object.hasOwn(value, "key") ? Reflect.get(value, "key") : undefined;
  const cost: unknown = Object.hasOwn(value, "cost") ? Reflect.get(value, "cost") : undefined;
  const name = textField(key, MAX_ACTION_NAME)?.trim();
  if (!name || isPrototypeKey(name)) return refuse("BRINK.Combat.Refusal.badActionName");
  if (RESERVED_KEYS.includes(name)) return refuse("BRINK.Combat.Refusal.reservedAction");
  const whole = wholeNumber(cost, 1, MAX_CUSTOM_ACTION_COST);
  if (whole === undefined)
    return refuse("BRINK.Combat.Refusal.badCost", { max: String(MAX_CUSTOM_ACTION_COST) });
  return parsed({ key: name, cost: whole });
}

/**
 * A combatant's turn economy, asked for by any user: the handler spends only for a combatant that
 * user owns (or the GM), and the rules decide whether the schedule allows it.
 */
const askEconomy = defineRequest<
  { combatId: string; combatantId: string; request: EconomyRequest },
  EconomyOutcome
>({
  name: "combatant.economy",
  who: "any",
  parse: (fields) => {
    const combatId = fields.id("combatId");
    const combatantId = fields.id("combatantId");
    const request = parseEconomyRequest(fields.raw("request"));
    return request.ok ? { combatId, combatantId, request: request.value } : request;
  },
  handle: async ({ combatId, combatantId, request }, { user }) => {
    const combat = game.combats?.get(combatId);
    if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
    const member = combat.combatants.get(combatantId);
    if (!(member instanceof BrinkCombatant)) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    return member.resolveEconomy(user, request);
  },
});
