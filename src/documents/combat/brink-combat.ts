import {
  defineRequest,
  isRefusal,
  refuse,
  type Asker,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "../../requests";
import type { Fields } from "../../requests/fields";
import type { CombatClock } from "../../rules/combat-state";
import { findMember, type TurnEvent, type TurnState } from "../../rules/team-turns";
import type { BrinkCombatant } from "../combatant";
import type { BrinkCombatantGroup } from "../combatant-group";
import { resolveBegin, type BeginChoices } from "./begin";
import { announceToCore, coreTurnCalls, type CoreTurnCall } from "./core-hooks";
import { idOf } from "./document-id";
import { resolveSync } from "./sync";
import * as teams from "./teams";
import * as turns from "./turns";

/** What Brink's turn hooks receive besides the combat and the combatant. */
export interface TurnHookInfo {
  round: number;
  teamId: string;
}

/** The update option that carries a transition's events to every client, where the hooks fire. */
export const TURN_EVENTS_OPTION = "brinkTurnEvents";

/** Combatant fields whose change the GM's client answers with a resynchronisation. */
const SCHEDULE_FIELDS = ["group", "defeated", "initiative"] as const;

/**
 * RULES §3 combat: the scheduler's state lives in `system.state`, and every transition is written by
 * the active GM as one update carrying the new state, core's round and turn, and (in the update's
 * options) the events, so every client fires Brink's hooks. Players and the tracker only ask, through
 * the methods in the first section; the GM's client runs the second section, whose handlers live
 * in begin.ts, turns.ts, teams.ts and sync.ts.
 */
export class BrinkCombat extends Combat {
  /** A copy of the scheduler's state. */
  get turnState(): TurnState {
    return this.system.turnState;
  }

  /** Where the combat stands, for combatants bringing their economy up to date. */
  get clock(): CombatClock {
    const { round, current } = this.turnState;
    return { round, turn: this.system.turnsStarted, current, turnStarts: this.system.turnStarts };
  }

  /** Teams in the order they move; teams the state does not know yet come last. */
  get teams(): BrinkCombatantGroup[] {
    const order = this.turnState.teams;
    const rank = (group: BrinkCombatantGroup): number => {
      const index = order.indexOf(idOf(group));
      return index < 0 ? order.length : index;
    };
    return [...this.groups].sort((a, b) => rank(a) - rank(b));
  }

  membersOf(teamId: string): BrinkCombatant[] {
    return [...this.combatants].filter((combatant) => combatant.teamId === teamId);
  }

  /** Settles once the GM's client has processed everything queued so far (team set-up included). */
  async whenSynced(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.#synced;
      await seen;
    } while (seen !== this.#synced);
  }

  #synced: Promise<unknown> = Promise.resolve();

  // -------------------------------------------------------------------------------------------------
  // Asking the active GM (any client). Each shows a refusal to the user who asked.

  begin(choices: BeginChoices): Promise<RequestResult> {
    return COMBAT_REQUESTS.begin({ ...choices, combatId: this.#id });
  }
  takeTurn(combatantId: string): Promise<RequestResult> {
    return COMBAT_REQUESTS.takeTurn({ combatId: this.#id, combatantId });
  }
  endTurn(): Promise<RequestResult> {
    return COMBAT_REQUESTS.endTurn({ combatId: this.#id });
  }
  skipTurn(combatantId: string): Promise<RequestResult> {
    return COMBAT_REQUESTS.skipTurn({ combatId: this.#id, combatantId });
  }
  undoTurn(): Promise<RequestResult> {
    return COMBAT_REQUESTS.undoTurn({ combatId: this.#id });
  }
  endTheRound(): Promise<RequestResult> {
    return COMBAT_REQUESTS.endRound({ combatId: this.#id });
  }
  delayTurn(combatantId: string, afterId: string): Promise<RequestResult> {
    return COMBAT_REQUESTS.delay({ combatId: this.#id, combatantId, afterId });
  }
  moveToTeam(combatantId: string, teamId: string): Promise<RequestResult> {
    return COMBAT_REQUESTS.moveToTeam({ combatId: this.#id, combatantId, teamId });
  }
  addTeam(name: string): Promise<RequestResult> {
    return COMBAT_REQUESTS.addTeam({ combatId: this.#id, name });
  }
  editTeam(teamId: string, changes: { name: string; color: string }): Promise<RequestResult> {
    return COMBAT_REQUESTS.editTeam({ combatId: this.#id, teamId, ...changes });
  }
  moveTeam(teamId: string, offset: number): Promise<RequestResult> {
    return COMBAT_REQUESTS.moveTeam({ combatId: this.#id, teamId, offset });
  }
  removeTeam(teamId: string): Promise<RequestResult> {
    return COMBAT_REQUESTS.removeTeam({ combatId: this.#id, teamId });
  }
  /** Asks the GM to bring teams and members in line with the combatants (queued behind other requests). */
  synchronise(): Promise<RequestResult> {
    const done = COMBAT_REQUESTS.sync({ combatId: this.#id });
    this.#synced = Promise.all([this.#synced, done]);
    return done;
  }

  get #id(): string {
    return this.id ?? "";
  }

  // Core's controls, mapped onto the team schedule.

  /** Set by the application layer: the Begin combat dialog. Null when the GM cancels. */
  static chooseBeginning: (combat: BrinkCombat) => Promise<BeginChoices | null> = async () => ({});

  override async startCombat(): Promise<this> {
    const choices = await BrinkCombat.chooseBeginning(this);
    if (choices) await this.begin(choices);
    return this;
  }
  override async nextTurn(): Promise<this> {
    await this.endTurn();
    return this;
  }
  override async previousTurn(): Promise<this> {
    await this.undoTurn();
    return this;
  }
  override async nextRound(): Promise<this> {
    await this.endTheRound();
    return this;
  }
  override async previousRound(): Promise<this> {
    await this.undoTurn();
    return this;
  }

  // Core's initiative would give combatants scores that re-sort core's turns under Brink's
  // schedule; Brink's teams decide the order, so every way in (tracker, macro, module) is refused.

  override async rollInitiative(..._ignored: unknown[]): Promise<this> {
    ui.notifications?.warn(game.i18n.localize("BRINK.Combat.Initiative.noRolls"));
    return this;
  }
  override async rollAll(): Promise<this> {
    return this.rollInitiative();
  }
  override async rollNPC(): Promise<this> {
    return this.rollInitiative();
  }
  /** Ends the schedule first, so `brink.turnEnd` fires for a turn in progress, then deletes the combat. */
  override async endCombat(): Promise<this> {
    const choice = await foundry.applications.api.DialogV2.wait({
      window: { title: "BRINK.Combat.End.title" },
      content: `<p>${game.i18n.localize("BRINK.Combat.End.confirm")}</p>`,
      rejectClose: false,
      buttons: [
        { action: "end", label: "BRINK.Combat.Tracker.endCombat", default: true },
        { action: "cancel", label: "BRINK.Combat.Dialog.cancel" },
      ],
    });
    if (choice !== "end") return this;
    const result = await COMBAT_REQUESTS.end({ combatId: this.#id });
    if (result.ok) await this.delete();
    return this;
  }

  // Teams follow the combatants: the GM's client keeps them in step after every change.

  protected override _onCreateDescendantDocuments(
    ...args: Parameters<Combat["_onCreateDescendantDocuments"]>
  ): void {
    super._onCreateDescendantDocuments(...args);
    this.#afterDescendantChange(args[1]);
  }

  protected override _onUpdateDescendantDocuments(
    ...args: Parameters<Combat["_onUpdateDescendantDocuments"]>
  ): void {
    super._onUpdateDescendantDocuments(...args);
    const [, collection, , changes] = args;
    // Economy writes land here too. A change of team or of defeat concerns the schedule; a new
    // initiative re-sorts core's turns, so `turn` must follow the acting member.
    const relevant = changes.some((change) => SCHEDULE_FIELDS.some((field) => field in change));
    this.#afterDescendantChange(collection, relevant);
  }

  protected override _onDeleteDescendantDocuments(
    ...args: Parameters<Combat["_onDeleteDescendantDocuments"]>
  ): void {
    super._onDeleteDescendantDocuments(...args);
    this.#afterDescendantChange(args[1]);
  }

  #afterDescendantChange(collection: string, relevant = true): void {
    if (collection === "groups" && ui.combat?.viewed === this) void ui.combat.render();
    if (relevant && game.users.activeGM?.isSelf) void this.synchronise();
  }

  // -------------------------------------------------------------------------------------------------
  // The active GM's client: validate, then write once.

  /**
   * Writes a scheduler transition: state, core's round and turn, and the events, in one update.
   * `turn` indexes core's sorted `turns` (see coreTurnOf); Brink itself reads the acting member from
   * `system.state.current` and never from `turn`, which it keeps in step for core and modules.
   */
  async commit(state: TurnState, events: readonly TurnEvent[]): Promise<void> {
    const updateData = { round: state.round, turn: this.coreTurnOf(state.current) };
    // Each turn start counts, and its member keeps the count it made (see currentEconomy).
    let turnsStarted = this.system.turnsStarted;
    const turnStarts: Record<string, number> = {};
    for (const event of events) {
      if (event.type !== "turnStart") continue;
      turnsStarted += 1;
      turnStarts[event.memberId] = turnsStarted;
    }
    const before = this.turnState;
    const coreOptions = announceToCore(this, before, state, updateData, events);
    // Core's own turn events assume a linear order, so they are off (Brink runs them below).
    // Custom update options reach every client's updateCombat hook, where the events become hooks.
    const options = { ...coreOptions, turnEvents: false, [TURN_EVENTS_OPTION]: events };
    await this.update(
      {
        round: updateData.round,
        turn: updateData.turn,
        system: { state, turnsStarted, turnStarts },
      },
      options,
    );
    for (const call of coreTurnCalls(before, events)) await this.#callCore(call);
  }

  /**
   * Core's turn-event methods, for the turns that really happened: scene regions' token turn
   * behaviours, and every system or module that extends them, hear the member who acts.
   */
  async #callCore(call: CoreTurnCall): Promise<void> {
    if (!("memberId" in call)) {
      const context = { round: call.round, turn: null, skipped: false };
      // A round's context names no turn (CombatRoundEventContext); Brink's rounds start with nobody acting.
      if (call.kind === "roundStart") await this._onStartRound(context);
      else await this._onEndRound(context);
      return;
    }
    const combatant = this.combatants.get(call.memberId);
    if (!combatant) return;
    const context = { round: call.round, turn: this.coreTurnOf(call.memberId) ?? 0, skipped: call.skipped };
    if (call.kind === "turnStart") await this._onStartTurn(combatant, context);
    else await this._onEndTurn(combatant, context);
  }

  /**
   * Core plays "next up" to whoever owns `turns[turn + 1]`; under team turns the next member is
   * chosen when the move passes, so nobody is next up.
   */
  override get nextCombatant(): Combatant.Implementation | undefined {
    return undefined;
  }

  /** The acting member's index in core's sorted turns, or null when nobody is acting. */
  coreTurnOf(current: string | null): number | null {
    const index = current === null ? -1 : this.turns.findIndex((combatant) => combatant.id === current);
    return index < 0 ? null : index;
  }

  // The GM-side handlers (the requests declared below), one module per kind of change.

  resolveBegin(user: User.Implementation, choices: BeginChoices): Promise<RequestResult> {
    return resolveBegin(this, user, choices);
  }
  resolveTakeTurn(user: User.Implementation, combatantId: string): Promise<RequestResult> {
    return turns.resolveTakeTurn(this, user, combatantId);
  }
  resolveEndTurn(user: User.Implementation): Promise<RequestResult> {
    return turns.resolveEndTurn(this, user);
  }
  resolveSkipTurn(user: User.Implementation, combatantId: string): Promise<RequestResult> {
    return turns.resolveSkipTurn(this, user, combatantId);
  }
  resolveUndo(user: User.Implementation): Promise<RequestResult> {
    return turns.resolveUndo(this, user);
  }
  resolveEndRound(user: User.Implementation): Promise<RequestResult> {
    return turns.resolveEndRound(this, user);
  }
  resolveEnd(user: User.Implementation): Promise<RequestResult> {
    return turns.resolveEnd(this, user);
  }
  resolveDelay(user: User.Implementation, combatantId: string, afterId: string): Promise<RequestResult> {
    return turns.resolveDelay(this, user, combatantId, afterId);
  }
  resolveMoveToTeam(user: User.Implementation, combatantId: string, teamId: string): Promise<RequestResult> {
    return teams.resolveMoveToTeam(this, user, combatantId, teamId);
  }
  resolveAddTeam(user: User.Implementation, name: string): Promise<RequestResult> {
    return teams.resolveAddTeam(this, user, name);
  }
  resolveEditTeam(
    user: User.Implementation,
    teamId: string,
    changes: { name: string; color: string },
  ): Promise<RequestResult> {
    return teams.resolveEditTeam(this, user, teamId, changes);
  }
  resolveMoveTeam(user: User.Implementation, teamId: string, offset: number): Promise<RequestResult> {
    return teams.resolveMoveTeam(this, user, teamId, offset);
  }
  resolveRemoveTeam(user: User.Implementation, teamId: string): Promise<RequestResult> {
    return teams.resolveRemoveTeam(this, user, teamId);
  }
  resolveSync(user: User.Implementation): Promise<RequestResult> {
    return resolveSync(this, user);
  }

  /** The member's place in the scheduler, if it has one. */
  memberState(combatantId: string) {
    return findMember(this.turnState, combatantId);
  }
}

/**
 * A combat as Brink's class. fvtt-types types `game.combat` and `game.combats` entries as core's
 * stored Combat; at runtime every combat is a BrinkCombat, and this narrows without a cast.
 */
export function brinkCombat(combat: unknown): BrinkCombat | null {
  return combat instanceof BrinkCombat ? combat : null;
}

// -------------------------------------------------------------------------------------------------
// The combat requests, declared in the registry (requests/registry.ts).

/** Every combat request names its combat. */
interface OnCombat {
  combatId: string;
}

/**
 * Declares a combat request: the payload's combat id is read with the rest of its fields, and a
 * combat that no longer exists is refused before the handler runs.
 */
function combatRequest<P extends object>(
  name: string,
  who: Asker,
  read: (fields: Fields) => P | Refusal,
  handle: (combat: BrinkCombat, request: P, context: RequestContext) => Promise<RequestResult>,
  options: { silent?: boolean } = {},
) {
  return defineRequest<P & OnCombat>({
    name,
    who,
    ...options,
    parse: (fields) => {
      const combatId = fields.id("combatId");
      const rest = read(fields);
      return isRefusal(rest) ? rest : { ...rest, combatId };
    },
    handle: async (request, context) => {
      const combat = brinkCombat(game.combats?.get(request.combatId));
      if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
      return handle(combat, request, context);
    },
  });
}

const nothing = (): object => ({});
const combatant = (fields: Fields) => ({ combatantId: fields.id("combatantId") });
const team = (fields: Fields) => ({ teamId: fields.id("teamId") });

function beginChoices(fields: Fields): BeginChoices {
  const startingTeam = fields.optionalId("startingTeam");
  const attackedTeam = fields.optionalId("attackedTeam");
  return {
    ...(startingTeam ? { startingTeam } : {}),
    ...(attackedTeam ? { attackedTeam } : {}),
    surprisingTeams: fields.ids("surprisingTeams"),
  };
}

/**
 * The GM side of every combat change a client can ask for. Each field is read strictly (an id must
 * be a plain document id, text is bounded, numbers whole and in range) and a malformed one is
 * refused naming the field; a `who: "gm"` request from a player is refused before that; each
 * handler then validates (for which combatant, whether the schedule allows it) before it writes,
 * so a refused request writes nothing; the relay runs them one at a time, so of two claims made
 * at once the second sees the first. A combatant's turn economy is declared with the combatant
 * (documents/combatant.ts).
 */
const COMBAT_REQUESTS = {
  // Keeping teams in step runs in the background: a refusal is not shown.
  sync: combatRequest(
    "combat.sync",
    "gm",
    nothing,
    (combat, _request, { user }) => combat.resolveSync(user),
    {
      silent: true,
    },
  ),
  begin: combatRequest("combat.begin", "gm", beginChoices, (combat, choices, { user }) =>
    combat.resolveBegin(user, choices),
  ),
  takeTurn: combatRequest("combat.takeTurn", "any", combatant, (combat, { combatantId }, { user }) =>
    combat.resolveTakeTurn(user, combatantId),
  ),
  endTurn: combatRequest("combat.endTurn", "any", nothing, (combat, _request, { user }) =>
    combat.resolveEndTurn(user),
  ),
  skipTurn: combatRequest("combat.skipTurn", "gm", combatant, (combat, { combatantId }, { user }) =>
    combat.resolveSkipTurn(user, combatantId),
  ),
  undoTurn: combatRequest("combat.undoTurn", "gm", nothing, (combat, _request, { user }) =>
    combat.resolveUndo(user),
  ),
  endRound: combatRequest("combat.endRound", "gm", nothing, (combat, _request, { user }) =>
    combat.resolveEndRound(user),
  ),
  end: combatRequest("combat.end", "gm", nothing, (combat, _request, { user }) => combat.resolveEnd(user)),
  delay: combatRequest(
    "combat.delay",
    "any",
    (fields) => ({ combatantId: fields.id("combatantId"), afterId: fields.id("afterId") }),
    (combat, { combatantId, afterId }, { user }) => combat.resolveDelay(user, combatantId, afterId),
  ),
  moveToTeam: combatRequest(
    "combat.moveToTeam",
    "gm",
    (fields) => ({ combatantId: fields.id("combatantId"), teamId: fields.id("teamId") }),
    (combat, { combatantId, teamId }, { user }) => combat.resolveMoveToTeam(user, combatantId, teamId),
  ),
  addTeam: combatRequest(
    "combat.addTeam",
    "gm",
    (fields) => ({ name: fields.text("name") }),
    (combat, { name }, { user }) => combat.resolveAddTeam(user, name),
  ),
  editTeam: combatRequest(
    "combat.editTeam",
    "gm",
    (fields) => ({ teamId: fields.id("teamId"), name: fields.text("name"), color: fields.text("color") }),
    (combat, { teamId, name, color }, { user }) => combat.resolveEditTeam(user, teamId, { name, color }),
  ),
  moveTeam: combatRequest(
    "combat.moveTeam",
    "gm",
    (fields) => ({ teamId: fields.id("teamId"), offset: fields.whole("offset", -100, 100) }),
    (combat, { teamId, offset }, { user }) => combat.resolveMoveTeam(user, teamId, offset),
  ),
  removeTeam: combatRequest("combat.removeTeam", "gm", team, (combat, { teamId }, { user }) =>
    combat.resolveRemoveTeam(user, teamId),
  ),
};
