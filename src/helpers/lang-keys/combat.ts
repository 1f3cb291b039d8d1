/** Team turns and the turn economy (RULES §2–§3): why the GM's client refuses a turn or an action. */
import type { Unavailable } from "../../rules/action-availability";
import type { InitiativeMode } from "../../rules/initiative";
import type { TurnRefusal } from "../../rules/team-turns";
import type { LangKey } from "./lang-key";

export const TURN_REFUSAL = {
  "combat-not-started": "BRINK.Combat.Refusal.combatNotStarted",
  "combat-already-started": "BRINK.Combat.Refusal.combatAlreadyStarted",
  "combat-ended": "BRINK.Combat.Refusal.combatEnded",
  "turn-in-progress": "BRINK.Combat.Refusal.turnInProgress",
  "no-turn-in-progress": "BRINK.Combat.Refusal.noTurnInProgress",
  "not-your-team-move": "BRINK.Combat.Refusal.notYourTeamMove",
  "not-your-place": "BRINK.Combat.Refusal.notYourPlace",
  "already-acted": "BRINK.Combat.Refusal.alreadyActed",
  "cannot-act": "BRINK.Combat.Refusal.cannotAct",
  "not-in-surprise": "BRINK.Combat.Refusal.notInSurprise",
  "unknown-member": "BRINK.Combat.Refusal.unknownMember",
  "unknown-team": "BRINK.Combat.Refusal.unknownTeam",
  "duplicate-member": "BRINK.Combat.Refusal.duplicateMember",
  "duplicate-team": "BRINK.Combat.Refusal.duplicateTeam",
  "team-not-empty": "BRINK.Combat.Refusal.teamNotEmpty",
  "invalid-order": "BRINK.Combat.Refusal.invalidOrder",
  "missing-sequence": "BRINK.Combat.Refusal.missingSequence",
  "invalid-sequence": "BRINK.Combat.Refusal.invalidSequence",
  "nothing-to-undo": "BRINK.Combat.Refusal.nothingToUndo",
  "delay-not-available": "BRINK.Combat.Refusal.delayNotAvailable",
  "not-later": "BRINK.Combat.Refusal.notLater",
} as const satisfies Record<TurnRefusal, LangKey>;

/** Why an action, free action or reaction cannot be taken: the turn economy's or the character's own. */
export const ECONOMY_REFUSAL = {
  "not-your-turn": "BRINK.Combat.Economy.notYourTurn",
  "granted-one-action": "BRINK.Combat.Economy.grantedOneAction",
  "no-actions-left": "BRINK.Combat.Economy.noActionsLeft",
  "extended-in-progress": "BRINK.Combat.Economy.extendedInProgress",
  "no-extended-action": "BRINK.Combat.Economy.noExtendedAction",
  "already-moved": "BRINK.Combat.Economy.alreadyMoved",
  "already-stepped": "BRINK.Combat.Economy.alreadyStepped",
  "move-first": "BRINK.Combat.Economy.moveFirst",
  "already-commanded": "BRINK.Combat.Economy.alreadyCommanded",
  "no-reaction-left": "BRINK.Combat.Economy.noReactionLeft",
  "not-readied": "BRINK.Combat.Economy.notReadied",
  "not-enough-stamina": "BRINK.Combat.Economy.notEnoughStamina",
  "not-enough-focus": "BRINK.Combat.Economy.notEnoughFocus",
  "cannot-act": "BRINK.Combat.Economy.cannotAct",
  dying: "BRINK.Combat.Economy.dying",
  "too-exhausted": "BRINK.Combat.Economy.tooExhausted",
  "no-speed": "BRINK.Combat.Economy.noSpeed",
  "not-prone": "BRINK.Combat.Economy.notProne",
  "already-prone": "BRINK.Combat.Economy.alreadyProne",
} as const satisfies Record<Unavailable, LangKey>;

/** The same reasons, short, as the actions panel shows them beside a greyed action. */
export const ACTIONS_PANEL_REASON = {
  "not-your-turn": "BRINK.ActionsPanel.Reason.notYourTurn",
  "granted-one-action": "BRINK.ActionsPanel.Reason.grantedOneAction",
  "no-actions-left": "BRINK.ActionsPanel.Reason.noActionsLeft",
  "extended-in-progress": "BRINK.ActionsPanel.Reason.extendedInProgress",
  "no-extended-action": "BRINK.ActionsPanel.Reason.noExtendedAction",
  "already-moved": "BRINK.ActionsPanel.Reason.alreadyMoved",
  "already-stepped": "BRINK.ActionsPanel.Reason.alreadyStepped",
  "move-first": "BRINK.ActionsPanel.Reason.moveFirst",
  "already-commanded": "BRINK.ActionsPanel.Reason.alreadyCommanded",
  "no-reaction-left": "BRINK.ActionsPanel.Reason.noReactionLeft",
  "not-readied": "BRINK.ActionsPanel.Reason.notReadied",
  "not-enough-stamina": "BRINK.ActionsPanel.Reason.notEnoughStamina",
  "not-enough-focus": "BRINK.ActionsPanel.Reason.notEnoughFocus",
  "cannot-act": "BRINK.ActionsPanel.Reason.cannotAct",
  dying: "BRINK.ActionsPanel.Reason.dying",
  "too-exhausted": "BRINK.ActionsPanel.Reason.tooExhausted",
  "no-speed": "BRINK.ActionsPanel.Reason.noSpeed",
  "not-prone": "BRINK.ActionsPanel.Reason.notProne",
  "already-prone": "BRINK.ActionsPanel.Reason.alreadyProne",
} as const satisfies Record<Unavailable, LangKey>;

/** The tracker header's name for the initiative mode: the tracker's own words, not the settings menu's. */
export const TRACKER_MODE_LABEL = {
  teams: "BRINK.Combat.Tracker.mode.teams",
  dexterity: "BRINK.Combat.Tracker.mode.dexterity",
  "dexterity-test": "BRINK.Combat.Tracker.mode.dexterity-test",
} as const satisfies Record<InitiativeMode, LangKey>;
