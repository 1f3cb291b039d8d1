import { DEFAULT_TEAM_COLOUR, TEAM_COLOURS } from "../data/combat";
import { postInitiativeCard } from "../chat/post";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import { notifyRefusal, refuse, requestFromGM, type RequestResult } from "../requests";
import { reconcileRoster, type CombatClock, type RosterEntry } from "../rules/combat-state";
import type { DiceSource, DieRating } from "../rules/dice";
import { isDieRating } from "../rules/dice";
import {
  DEXTERITY_TEST_DIFFICULTY,
  dexterityOrder,
  dexterityTestOrder,
  type InitiativeMode,
  type InitiativeSequence,
} from "../rules/initiative";
import {
  beginCombat,
  delayMember,
  endCombat,
  endRound,
  endTurn,
  findMember,
  reorderTeams,
  skipTurn,
  takeTurn,
  undoLastTurn,
  type BeginCombatOptions,
  type TurnEvent,
  type TurnRefusal,
  type TurnResult,
  type TurnState,
} from "../rules/team-turns";
import { resolveTest } from "../rules/tests";
import { optionalRules } from "../settings";
import { allowedBy, announceWrite, MODULE_HOOKS } from "../hooks/module-hooks";
import { DISPOSITION, type BrinkCombatant, type TeamDisposition } from "./combatant";
import type { BrinkCombatantGroup } from "./combatant-group";

/** What Brink's turn hooks receive besides the combat and the combatant. */
export interface TurnHookInfo {
  round: number;
  teamId: string;
}

/** The update option that carries a transition's events to every client, where the hooks fire. */
export const TURN_EVENTS_OPTION = "brinkTurnEvents";

/** Combatant fields whose change the GM's client answers with a resynchronisation. */
const SCHEDULE_FIELDS = ["group", "defeated", "name", "initiative"] as const;

/** What the GM chooses in the Begin combat dialog. */
export interface BeginChoices {
  startingTeam?: string;
  attackedTeam?: string;
  surprisingTeams?: string[];
}

const TEAM_NAMES: Record<TeamDisposition, string> = {
  [DISPOSITION.friendly]: "BRINK.Combat.Team.party",
  [DISPOSITION.hostile]: "BRINK.Combat.Team.foes",
  [DISPOSITION.neutral]: "BRINK.Combat.Team.others",
};

/** Documents in a collection are stored, so they have an id; the types allow null for unsaved ones. */
const idOf = (document: { id: string | null }): string => document.id ?? "";

const camel = (key: string): string => key.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export function turnRefusal(reason: TurnRefusal, data: Record<string, string> = {}) {
  return refuse(`BRINK.Combat.Refusal.${camel(reason)}`, data);
}

/**
 * RULES §3 combat: the scheduler's state lives in `system.state`, and every transition is written by
 * the active GM as one update carrying the new state, core's round and turn, and (in the update's
 * options) the events, so every client fires Brink's hooks. Players and the tracker only ask, through
 * the methods in the first section; the GM's client runs the second section.
 */
export class BrinkCombat extends Combat {
  /** A copy of the scheduler's state. */
  get turnState(): TurnState {
    return this.system.turnState;
  }

  /** Where the combat stands, for combatants bringing their economy up to date. */
  get clock(): CombatClock {
    const { round, current } = this.turnState;
    return { round, turn: this.system.turnsStarted, current };
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
    return this.#ask("begin", { ...choices });
  }
  takeTurn(combatantId: string): Promise<RequestResult> {
    return this.#ask("takeTurn", { combatantId });
  }
  endTurn(): Promise<RequestResult> {
    return this.#ask("endTurn", {});
  }
  skipTurn(combatantId: string): Promise<RequestResult> {
    return this.#ask("skipTurn", { combatantId });
  }
  undoTurn(): Promise<RequestResult> {
    return this.#ask("undoTurn", {});
  }
  endTheRound(): Promise<RequestResult> {
    return this.#ask("endRound", {});
  }
  delayTurn(combatantId: string, afterId: string): Promise<RequestResult> {
    return this.#ask("delay", { combatantId, afterId });
  }
  moveToTeam(combatantId: string, teamId: string): Promise<RequestResult> {
    return this.#ask("moveToTeam", { combatantId, teamId });
  }
  addTeam(name: string): Promise<RequestResult> {
    return this.#ask("addTeam", { name });
  }
  editTeam(teamId: string, changes: { name: string; color: string }): Promise<RequestResult> {
    return this.#ask("editTeam", { teamId, ...changes });
  }
  moveTeam(teamId: string, offset: number): Promise<RequestResult> {
    return this.#ask("moveTeam", { teamId, offset });
  }
  removeTeam(teamId: string): Promise<RequestResult> {
    return this.#ask("removeTeam", { teamId });
  }
  /** Asks the GM to bring teams and members in line with the combatants (queued behind other requests). */
  synchronise(): Promise<RequestResult> {
    const done = requestFromGM("combat.sync", { combatId: this.id });
    this.#synced = Promise.all([this.#synced, done]);
    return done;
  }

  async #ask(name: string, payload: Record<string, unknown>): Promise<RequestResult> {
    const result = await requestFromGM(`combat.${name}`, { combatId: this.id, ...payload });
    notifyRefusal(result);
    return result;
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
    const result = await this.#ask("end", {});
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
    // name or initiative re-sorts core's turns, so `turn` must follow the acting member.
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
    const started = events.filter((event) => event.type === "turnStart").length;
    announceToCore(this, this.turnState, state, updateData, events);
    await this.update(
      {
        round: updateData.round,
        turn: updateData.turn,
        system: { state, turnsStarted: this.system.turnsStarted + started },
      },
      // Custom update options reach every client's updateCombat hook, where the events become hooks.
      { [TURN_EVENTS_OPTION]: events } as never,
    );
  }

  /** The acting member's index in core's sorted turns, or null when nobody is acting. */
  coreTurnOf(current: string | null): number | null {
    const index = current === null ? -1 : this.turns.findIndex((combatant) => combatant.id === current);
    return index < 0 ? null : index;
  }

  async #commitResult(result: TurnResult, data: Record<string, string> = {}): Promise<RequestResult> {
    if (!result.ok) return turnRefusal(result.reason, data);
    await this.commit(result.state, result.events);
    return { ok: true };
  }

  async resolveBegin(user: User.Implementation, choices: BeginChoices): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const mode = optionalRules().initiativeMode;
    const state: TurnState = { ...this.turnState, mode };
    const options: BeginCombatOptions = {
      ...(choices.startingTeam ? { startingTeam: choices.startingTeam } : {}),
      ...(choices.attackedTeam ? { attackedTeam: choices.attackedTeam } : {}),
      surprisingTeams: choices.surprisingTeams ?? [],
    };
    if (mode !== "teams" && state.phase === "setup") {
      const { result, rolls } = await resolveWithFoundryDice((dice) => this.#initiativeSequence(mode, dice));
      options.sequence = result;
      await this.#postInitiativeCard(mode, result, rolls);
    }
    return this.#commitResult(beginCombat(state, options));
  }

  /** The order the dice made, with the rolls, so the table sees how it was decided. */
  async #postInitiativeCard(
    mode: Exclude<InitiativeMode, "teams">,
    sequence: InitiativeSequence,
    rolls: BrinkRoll[],
  ) {
    const name = (id: string) => this.combatants.get(id)?.name ?? "?";
    const places = sequence.map((group, index) => ({ place: index + 1, names: group.map(name).join(", ") }));
    await postInitiativeCard(
      game.i18n.localize(`BRINK.Setting.initiativeMode.choices.${mode}`),
      places,
      rolls,
    );
  }

  /** S1: fixed DEX order; S3: each player character's DEX test puts it before or after its foes. */
  #initiativeSequence(mode: Exclude<InitiativeMode, "teams">, dice: DiceSource): InitiativeSequence {
    const members = [...this.combatants];
    if (mode === "dexterity") {
      return dexterityOrder(
        members.map((combatant) => ({ id: idOf(combatant), dex: dexterityOf(combatant) })),
        dice,
      ).sequence;
    }
    const players = members.filter((combatant) => combatant.actor?.type === "character");
    const results = players.map((combatant) => ({
      id: idOf(combatant),
      succeeded: resolveTest(
        {
          attribute: dexterityOf(combatant),
          skill: 0,
          proficient: false,
          luckBonus: combatant.actor?.system.luck.bonus ?? 0,
        },
        DEXTERITY_TEST_DIFFICULTY,
        dice,
      ).success,
    }));
    const opponents = members.filter((combatant) => !players.includes(combatant)).map(idOf);
    return dexterityTestOrder(results, opponents);
  }

  async resolveTakeTurn(user: User.Implementation, combatantId: string): Promise<RequestResult> {
    const combatant = this.combatants.get(combatantId);
    if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    const data = { name: combatant.name ?? "" };
    if (!combatant.isOwnedBy(user)) return refuse("BRINK.Combat.Refusal.notOwner", data);
    const claim = takeTurn(this.turnState, combatantId, { byGM: user.isGM });
    const context = { userId: user.id ?? "" };
    if (claim.ok && !allowedBy(MODULE_HOOKS.preClaimTurn, this, combatant, context))
      return refuse("BRINK.Hooks.Cancelled.claimTurn", data);
    const done = await this.#commitResult(claim, data);
    if (done.ok) announceWrite(MODULE_HOOKS.claimTurn, this, combatant, context);
    return done;
  }

  async resolveEndTurn(user: User.Implementation): Promise<RequestResult> {
    const state = this.turnState;
    const combatant = state.current === null ? undefined : this.combatants.get(state.current);
    if (combatant && !combatant.isOwnedBy(user)) {
      return refuse("BRINK.Combat.Refusal.notYourTurn", { name: combatant.name ?? "" });
    }
    return this.#commitResult(endTurn(state));
  }

  async resolveSkipTurn(user: User.Implementation, combatantId: string): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const data = { name: this.combatants.get(combatantId)?.name ?? "" };
    return this.#commitResult(skipTurn(this.turnState, combatantId), data);
  }

  async resolveUndo(user: User.Implementation): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    return this.#commitResult(undoLastTurn(this.turnState));
  }

  async resolveEndRound(user: User.Implementation): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    return this.#commitResult(endRound(this.turnState));
  }

  async resolveEnd(user: User.Implementation): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const result = endCombat(this.turnState);
    // A combat that never began, or already ended, has nothing to announce: it can simply go.
    return result.ok ? this.#commitResult(result) : { ok: true };
  }

  async resolveDelay(
    user: User.Implementation,
    combatantId: string,
    afterId: string,
  ): Promise<RequestResult> {
    const combatant = this.combatants.get(combatantId);
    if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    const data = { name: combatant.name ?? "" };
    if (!combatant.isOwnedBy(user)) return refuse("BRINK.Combat.Refusal.notOwner", data);
    return this.#commitResult(delayMember(this.turnState, combatantId, afterId), data);
  }

  async resolveMoveToTeam(
    user: User.Implementation,
    combatantId: string,
    teamId: string,
  ): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const combatant = this.combatants.get(combatantId);
    if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    if (!this.groups.get(teamId)) return refuse("BRINK.Combat.Refusal.unknownTeam");
    if (combatant.teamId === teamId) return { ok: true };
    await combatant.update({ group: teamId });
    return this.resolveSync(user);
  }

  async resolveAddTeam(user: User.Implementation, name: string): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const label = name.trim() || game.i18n.localize("BRINK.Combat.Team.new");
    await this.createEmbeddedDocuments("CombatantGroup", [
      { name: label, system: { color: DEFAULT_TEAM_COLOUR, disposition: null } },
    ]);
    return this.resolveSync(user);
  }

  async resolveEditTeam(
    user: User.Implementation,
    teamId: string,
    changes: { name: string; color: string },
  ): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const team = this.groups.get(teamId);
    if (!team) return refuse("BRINK.Combat.Refusal.unknownTeam");
    if (!/^#[0-9a-f]{6}$/i.test(changes.color)) return refuse("BRINK.Combat.Refusal.badColour");
    await team.update({ name: changes.name.trim() || (team.name ?? ""), system: { color: changes.color } });
    return { ok: true };
  }

  async resolveMoveTeam(user: User.Implementation, teamId: string, offset: number): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const order = [...this.turnState.teams];
    const from = order.indexOf(teamId);
    if (from < 0) return refuse("BRINK.Combat.Refusal.unknownTeam");
    const to = Math.min(Math.max(0, from + offset), order.length - 1);
    order.splice(to, 0, ...order.splice(from, 1));
    return this.#commitResult(reorderTeams(this.turnState, order));
  }

  async resolveRemoveTeam(user: User.Implementation, teamId: string): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    const team = this.groups.get(teamId);
    if (!team) return refuse("BRINK.Combat.Refusal.unknownTeam");
    if (this.membersOf(teamId).length > 0)
      return refuse("BRINK.Combat.Refusal.teamNotEmpty", { team: team.name ?? "" });
    await team.delete();
    return this.resolveSync(user);
  }

  /**
   * Brings teams and members in line with the combatants: a combatant without a team joins the one
   * made for its token's disposition (created if need be), then the schedule learns who joined, left,
   * changed team, fell or recovered. At most one write of each kind, and none when nothing changed.
   */
  async resolveSync(user: User.Implementation): Promise<RequestResult> {
    if (!user.isGM) return refuse("BRINK.Combat.Refusal.gmOnly");
    await this.#assignTeams();
    const roster: RosterEntry[] = [...this.combatants].flatMap((combatant) => {
      const teamId = combatant.teamId;
      if (teamId === null) return [];
      return [
        {
          id: idOf(combatant),
          teamId,
          canAct: combatant.ableToAct,
          cannotBeSurprised: combatant.cannotBeSurprised,
        },
      ];
    });
    const teamIds = [...this.groups].map(idOf);
    const result = reconcileRoster(this.turnState, teamIds, roster);
    if (!result.ok) return result.reason === "combat-ended" ? { ok: true } : turnRefusal(result.reason);
    if (result.changed) await this.commit(result.state, result.events);
    else await this.#realignCoreTurn();
    return { ok: true };
  }

  /** A rename or a new initiative re-sorts core's turns: `turn` moves with the acting member. */
  async #realignCoreTurn(): Promise<void> {
    const turn = this.coreTurnOf(this.turnState.current);
    if (turn !== this.turn) await this.update({ turn });
  }

  async #assignTeams(): Promise<void> {
    const unassigned = [...this.combatants].filter(
      (combatant) => combatant.teamId === null || !this.groups.get(combatant.teamId),
    );
    if (unassigned.length === 0) return;
    const teamFor = (disposition: TeamDisposition) =>
      [...this.groups].find((group) => group.disposition === disposition);
    const missing = [...new Set(unassigned.map((combatant) => combatant.teamDisposition))].filter(
      (disposition) => !teamFor(disposition),
    );
    if (missing.length > 0) {
      await this.createEmbeddedDocuments(
        "CombatantGroup",
        missing.map((disposition) => ({
          name: game.i18n.localize(TEAM_NAMES[disposition]),
          system: { color: TEAM_COLOURS[disposition] ?? DEFAULT_TEAM_COLOUR, disposition },
        })),
      );
    }
    await this.updateEmbeddedDocuments(
      "Combatant",
      unassigned.map((combatant) => ({
        _id: combatant.id,
        group: teamFor(combatant.teamDisposition)?.id ?? null,
      })),
    );
  }

  /** The member's place in the scheduler, if it has one. */
  memberState(combatantId: string) {
    return findMember(this.turnState, combatantId);
  }
}

/**
 * Core's combatStart, combatTurn and combatRound hooks, as v13's startCombat, nextTurn and
 * nextRound fire them: on the client that writes (here the active GM's), before the update, with
 * the round and turn about to be written (which a listener may still change, as in core).
 * Brink replaces those methods, so it fires them itself. Ending a turn without the next member
 * chosen moves core's turn to null, which core never does: no hook fires for it.
 */
function announceToCore(
  combat: BrinkCombat,
  before: TurnState,
  after: TurnState,
  updateData: { round: number; turn: number | null },
  events: readonly TurnEvent[],
): void {
  const direction = events.some((event) => event.type === "turnUndo") || after.round < before.round ? -1 : 1;
  const updateOptions = { advanceTime: 0, direction };
  // Combat#turn is nullable and is null while no member acts; the hook types assume a number.
  const data = updateData as { round: number; turn: number };
  if (before.phase === "setup" && after.phase !== "setup") Hooks.callAll("combatStart", combat, data);
  else if (after.round !== before.round) Hooks.callAll("combatRound", combat, data, updateOptions);
  else if (updateData.turn !== null && after.current !== before.current) {
    Hooks.callAll("combatTurn", combat, data, updateOptions);
  }
}

function dexterityOf(combatant: BrinkCombatant): DieRating {
  const dex = combatant.actor?.system.attributes.dex.value;
  return isDieRating(dex) ? dex : 0;
}

/**
 * A combat as Brink's class. fvtt-types types `game.combat` and `game.combats` entries as core's
 * stored Combat; at runtime every combat is a BrinkCombat, and this narrows without a cast.
 */
export function brinkCombat(combat: unknown): BrinkCombat | null {
  return combat instanceof BrinkCombat ? combat : null;
}
