import { emergencyRetreat, moraleCheck, retreatAction } from "../retreat";
import { passTime } from "../../workflows/life-clock";
import { partyRest } from "../rest";
import { cancelPendingRetreat } from "../../workflows/retreat";
import { templatePath } from "../../constants";
import type { ApplicationOptions } from "../../foundry/application-base";
import { BrinkCombat } from "../../documents/combat";
import { takeReadiedAction } from "../actions/small-action-prompts";
import { askDelayAfter, askTeamChanges } from "./dialogs";
import { PANEL_ACTIONS } from "../actions/panel";
import { bindToolbarKeys } from "../actions/toolbar-keys";
import { combatTrackerBase } from "./tracker-base";
import { trackerView, type TrackerView } from "./tracker-context";
import { ODDS_ACTIONS, ODDS_PART, oddsPartContext } from "../odds";

/** Core's initiative buttons (header and rows); BrinkCombat refuses the rolls as well. */
const INITIATIVE_CONTROLS = ["rollAll", "rollNPC", "rollInitiative"]
  .map((action) => `[data-action="${action}"]`)
  .join(", ");

/** What a team member row carries when dragged onto another team. */
const DRAG_TYPE = "BrinkTeamMember";

/**
 * Brink's combat tracker (RULES §3): core's sidebar tab with Brink's own parts. Teams with their
 * members' marks and action/reaction pips, whose move it is, and the buttons to take and end turns;
 * for the GM, the tools to run the schedule and manage teams (dragging a member onto another team
 * moves it there). Every button asks the active GM, who validates and writes.
 */
type RenderContext = foundry.applications.sidebar.tabs.CombatTracker.RenderContext;
type RenderOptions = foundry.applications.sidebar.tabs.CombatTracker.RenderOptions;

export class BrinkCombatTracker extends combatTrackerBase() {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    classes: ["brink", "brink-tracker"],
    actions: {
      beginCombat: BrinkCombatTracker.#onBeginCombat,
      takeTurn: BrinkCombatTracker.#onTakeTurn,
      endTurn: BrinkCombatTracker.#onEndTurn,
      skipTurn: BrinkCombatTracker.#onSkipTurn,
      delayTurn: BrinkCombatTracker.#onDelayTurn,
      undoTurn: BrinkCombatTracker.#onUndoTurn,
      endRound: BrinkCombatTracker.#onEndRound,
      endBrinkCombat: BrinkCombatTracker.#onEndCombat,
      addTeam: BrinkCombatTracker.#onAddTeam,
      editTeam: BrinkCombatTracker.#onEditTeam,
      moveTeamUp: BrinkCombatTracker.#onMoveTeamUp,
      moveTeamDown: BrinkCombatTracker.#onMoveTeamDown,
      removeTeam: BrinkCombatTracker.#onRemoveTeam,
      emergencyRetreat: BrinkCombatTracker.#onEmergencyRetreat,
      moraleCheck: BrinkCombatTracker.#onMoraleCheck,
      retreatAction: BrinkCombatTracker.#onRetreatAction,
      passTime: BrinkCombatTracker.#onPassTime,
      partyRest: BrinkCombatTracker.#onPartyRest,
      cancelRetreat: BrinkCombatTracker.#onCancelRetreat,
      ...PANEL_ACTIONS,
      takeReadied: BrinkCombatTracker.#onTakeReadied,
      ...ODDS_ACTIONS,
    },
  };

  /** Core's header (encounter switching) stays; the turn list and the controls are Brink's. */
  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    [ODDS_PART]: { template: templatePath("combat/odds.hbs") },
    teams: { template: templatePath("combat/tracker.hbs"), scrollable: [""] },
    controls: { template: templatePath("combat/controls.hbs") },
  };

  /** The combat shown, as Brink's document class. */
  get viewedCombat(): BrinkCombat | null {
    const combat = this.viewed;
    return combat instanceof BrinkCombat ? combat : null;
  }

  /** The tracker's view for the current user. */
  currentView(): TrackerView {
    const user = game.user;
    return trackerView(this.viewedCombat, {
      isGM: user.isGM,
      owns: (combatant) => combatant.isOwnedBy(user),
      canPing: (combatant) => combatant.sceneId !== null && combatant.sceneId === canvas?.scene?.id,
    });
  }

  override async _preparePartContext(partId: string, context: RenderContext, options: RenderOptions) {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId === "teams" || partId === "controls") Object.assign(prepared, this.currentView());
    if (partId === ODDS_PART) Object.assign(prepared, oddsPartContext(this));
    return prepared;
  }

  override async _onRender(context: RenderContext, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    this.#removeInitiativeControls();
    if (game.user.isGM) this.#bindTeamDragAndDrop();
    this.#bindKeys();
  }

  #keysBoundTo: HTMLElement | null = null;

  /** The panel's toolbar keys, and Enter on a focused row opening that combatant's sheet. */
  #bindKeys(): void {
    if (this.#keysBoundTo === this.element) return;
    this.#keysBoundTo = this.element;
    bindToolbarKeys(this.element);
    this.element.addEventListener("keydown", (event) => {
      const row = event.target as Partial<HTMLElement> | null;
      if (event.key !== "Enter" || typeof row?.matches !== "function" || !row.matches(".brink-member"))
        return;
      event.preventDefault();
      const actor = this.viewedCombat?.combatants.get(row.dataset?.combatantId ?? "")?.actor;
      if (actor?.testUserPermission(game.user, "OBSERVER")) void actor.sheet?.render(true);
    });
  }

  /**
   * Core's toggle also gives the actor the special DEFEATED status, which is Brink's dead condition.
   * In Brink "defeated" only takes the member out of the fight (the team order skips it) or brings
   * it back: one write, nothing on the actor. Death stays the rules' (or the token HUD's) to give.
   */
  protected override async _onToggleDefeatedStatus(combatant: Combatant.Stored): Promise<void> {
    await combatant.update({ defeated: !combatant.defeated });
  }

  /** Core's header offers initiative rolls; Brink's teams decide the order, so they go. */
  #removeInitiativeControls(): void {
    for (const control of this.element.querySelectorAll(INITIATIVE_CONTROLS)) control.remove();
  }

  #bindTeamDragAndDrop(): void {
    for (const row of this.element.querySelectorAll<HTMLElement>(".brink-member[draggable]")) {
      row.addEventListener("dragstart", (event) => {
        const combatantId = row.dataset.combatantId ?? "";
        event.dataTransfer?.setData("text/plain", JSON.stringify({ type: DRAG_TYPE, combatantId }));
      });
    }
    for (const team of this.element.querySelectorAll<HTMLElement>(".brink-team[data-team-id]")) {
      team.addEventListener("dragover", (event) => event.preventDefault());
      team.addEventListener("drop", (event) => {
        event.preventDefault();
        const combatantId = draggedCombatant(event.dataTransfer?.getData("text/plain") ?? "");
        const teamId = team.dataset.teamId;
        if (combatantId && teamId) void this.viewedCombat?.moveToTeam(combatantId, teamId);
      });
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Actions

  static #combatantId(target: HTMLElement): string {
    return target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
  }

  static #teamId(target: HTMLElement): string {
    return target.closest<HTMLElement>("[data-team-id]")?.dataset.teamId ?? "";
  }

  static async #onBeginCombat(this: BrinkCombatTracker): Promise<void> {
    await this.viewedCombat?.startCombat();
  }

  static async #onTakeTurn(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    await this.viewedCombat?.takeTurn(BrinkCombatTracker.#combatantId(target));
  }

  static async #onEndTurn(this: BrinkCombatTracker): Promise<void> {
    await this.viewedCombat?.endTurn();
  }

  static async #onSkipTurn(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    await this.viewedCombat?.skipTurn(BrinkCombatTracker.#combatantId(target));
  }

  static async #onDelayTurn(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combat = this.viewedCombat;
    const combatant = combat?.combatants.get(BrinkCombatTracker.#combatantId(target));
    if (!combat || !combatant) return;
    const afterId = await askDelayAfter(combat, combatant);
    if (afterId) await combat.delayTurn(combatant.id ?? "", afterId);
  }

  static async #onUndoTurn(this: BrinkCombatTracker): Promise<void> {
    await this.viewedCombat?.undoTurn();
  }

  static async #onEndRound(this: BrinkCombatTracker): Promise<void> {
    await this.viewedCombat?.endTheRound();
  }

  static async #onEndCombat(this: BrinkCombatTracker): Promise<void> {
    await this.viewedCombat?.endCombat();
  }

  static async #onAddTeam(this: BrinkCombatTracker): Promise<void> {
    await this.viewedCombat?.addTeam("");
  }

  static async #onEditTeam(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const team = this.viewedCombat?.groups.get(BrinkCombatTracker.#teamId(target));
    const changes = team ? await askTeamChanges(team) : null;
    if (team && changes) await this.viewedCombat?.editTeam(team.id ?? "", changes);
  }

  static async #onMoveTeamUp(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    await this.viewedCombat?.moveTeam(BrinkCombatTracker.#teamId(target), -1);
  }

  static async #onMoveTeamDown(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    await this.viewedCombat?.moveTeam(BrinkCombatTracker.#teamId(target), 1);
  }

  static async #onRemoveTeam(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    await this.viewedCombat?.removeTeam(BrinkCombatTracker.#teamId(target));
  }

  static async #onEmergencyRetreat(this: BrinkCombatTracker): Promise<void> {
    const combat = this.viewedCombat;
    if (combat) await emergencyRetreat(combat);
  }

  static async #onMoraleCheck(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combat = this.viewedCombat;
    if (combat) await moraleCheck(combat, BrinkCombatTracker.#teamId(target));
  }

  /** RULES §5: the GM drops a retreat that waits for the acting turn to end. */
  static async #onCancelRetreat(this: BrinkCombatTracker): Promise<void> {
    const combat = this.viewedCombat;
    if (combat) await cancelPendingRetreat(combat.id ?? "");
  }

  /** RULES §6 clocks outside combat: the GM passes world time (six seconds a turn or round). */
  static async #onPassTime(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const seconds = Number(target.dataset.seconds);
    if (Number.isFinite(seconds) && seconds > 0) await passTime(seconds);
    await this.render();
  }

  /** RULES §8: the GM starts a party rest (refused while a combat runs). */
  static async #onPartyRest(this: BrinkCombatTracker): Promise<void> {
    await partyRest();
  }

  static async #onRetreatAction(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combatant = this.viewedCombat?.combatants.get(BrinkCombatTracker.#combatantId(target));
    if (combatant) await retreatAction(combatant);
  }

  /** Ready's reaction, taken when its trigger happens: a card says what was done. */
  static async #onTakeReadied(this: BrinkCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combatant = this.viewedCombat?.combatants.get(BrinkCombatTracker.#combatantId(target));
    if (combatant) await takeReadiedAction(combatant);
  }
}

function draggedCombatant(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null || !("type" in parsed) || !("combatantId" in parsed)) {
      return null;
    }
    return parsed.type === DRAG_TYPE && typeof parsed.combatantId === "string" ? parsed.combatantId : null;
  } catch {
    return null;
  }
}
