import { actorData } from "../../data";
import { DYING_TURNS } from "../../rules/dying";
import { countOf } from "../../helpers/plural";
import { TRACKER_MODE_LABEL } from "../../helpers/lang-keys";
import { actionsPanelView, type ActionsPanelView } from "../actions/panel";
import { ROUNDS_TO_STABILISE } from "../../rules/stabilise";
import { optionalRules } from "../../settings";
import { runningClocks } from "../../workflows/life-clock";
import { CRITICAL_ROUNDS } from "../../rules/critical-damage";
import type { BrinkCombat } from "../../documents/combat";
import type { BrinkCombatant } from "../../documents/combatant";
import type { BrinkCombatantGroup } from "../../documents/combatant-group";
import {
  findMember,
  groupToMove,
  isEligible,
  isRunning,
  membersToMove,
  teamToMove,
  type TurnMember,
  type TurnState,
} from "../../rules/team-turns";
import {
  ACTIONS_PER_TURN,
  REACTIONS_PER_ROUND,
  holdsGrantedAction,
  type TurnEconomy,
} from "../../rules/turn-economy";
import { conditionTags, unableReason, type TimedTag } from "./member-conditions";
import { memberVitals, type MemberVitalsView } from "./member-vitals";
import { readiedActionOf } from "../../workflows/small-actions";

/**
 * What the combat tracker shows, computed from the combat and the user looking at it. Labels are
 * localised here so the templates only lay them out.
 */

/** acting: taking its turn · ready: may take the next turn · waiting: its team's move has not come ·
 * surprised: sits out the surprise round · acted · unable: unconscious or otherwise out. */
export type MemberMark = "acting" | "ready" | "waiting" | "surprised" | "acted" | "unable";

export interface PipView {
  filled: boolean;
}

export interface MemberView {
  id: string;
  name: string;
  img: string;
  mark: MemberMark;
  /** "Acting", "Waiting"…; "Your turn" for the player whose combatant acts or may act now. */
  markLabel: string;
  /** What the focusable row says: its name and mark. */
  rowLabel: string;
  teamColor: string;
  actions: PipView[];
  actionsLabel: string;
  reactions: PipView[];
  reactionsLabel: string;
  /** Read from the actor's guarding condition, as the cards read it. */
  guarding: boolean;
  guardTag: TimedTag;
  /** Timed conditions with the time left (RULES §9). */
  timed: TimedTag[];
  /** Why it cannot act (the conditions, or marked defeated); null while it can. */
  unableReason: string | null;
  /** Ready's declared action and trigger while it holds; its owner and the GM may take it. */
  readied: string | null;
  canTakeReadied: boolean;
  extended: string | null;
  hidden: boolean;
  /** Core's row: marked defeated. */
  defeated: boolean;
  /** Endurance and health for its owners and the GM; its conditions as named icons for everyone. */
  vitals: MemberVitalsView;
  /** Core's row controls: the GM's hide and defeated toggles, a ping where the token is on the canvas. */
  canPing: boolean;
  /** The call to action: a member of the team (or place) whose move it is. */
  canTakeTurn: boolean;
  /** Take turn or Take readied action: the row keeps a column for the button. */
  hasRowButton: boolean;
  /** The GM's quiet way to start an eligible member's turn before its team's move comes. */
  canTakeTurnEarly: boolean;
  canSkip: boolean;
  canDelay: boolean;
  /** RULES §7.1: the GM resolves a single combatant's retreat action. */
  canRetreatAction: boolean;
  /** The dying countdown or the rounds left to be stabilised (RULES §6), when either runs. */
  lifeTag: string | null;
  draggable: boolean;
  /** The actions panel, in the row of whoever is acting, for its owner and the GM. */
  panel: ActionsPanelView | null;
}

/** A team (teams mode) or a place in the order (dexterity modes), with its members. */
export interface SectionView {
  /** The team's id; empty for a place. */
  id: string;
  name: string;
  color: string;
  toMove: boolean;
  members: MemberView[];
  /** "2/4": members who have acted, of those in the team; empty for a place. */
  progress: string;
  isTeam: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  canRemove: boolean;
}

export interface TrackerView {
  hasCombat: boolean;
  isGM: boolean;
  isTeams: boolean;
  roundLabel: string;
  moveLabel: string;
  modeLabel: string;
  sections: SectionView[];
  canBegin: boolean;
  canEndTurn: boolean;
  canUndo: boolean;
  canEndRound: boolean;
  canEndCombat: boolean;
  canManageTeams: boolean;
  /** Emergency Retreat (RULES §5): anyone may call it while a fight runs; a player's call goes to the GM. */
  canRetreat: boolean;
  /** RULES §5: an Emergency Retreat waiting for the acting turn to end, as text for everyone; null if none. */
  retreatPending: string | null;
  /** The GM may cancel a pending retreat. */
  canCancelRetreat: boolean;
  /** Morale checks per team (RULES §7.2), for the GM when the optional rule is on. */
  canCheckMorale: boolean;
  /**
   * RULES §6 clocks outside combat: with no combat shown, the GM sees each dying or downed character
   * whose clock runs with world time, and buttons passing that time.
   */
  clocks: ClockView[];
  /** RULES §8: the GM starts a party rest while no combat runs. */
  canPartyRest: boolean;
}

export interface ClockView {
  name: string;
  label: string;
}

export interface Viewer {
  isGM: boolean;
  owns(combatant: BrinkCombatant): boolean;
  /** Whether the combatant's token is on the scene the viewer's canvas shows (no canvas: never). */
  canPing?(combatant: BrinkCombatant): boolean;
}

/** Core's stand-in for a token without art. */
const DEFAULT_PORTRAIT = "icons/svg/mystery-man.svg";

const localize = (key: string): string => game.i18n.localize(key);
const format = (key: string, data: Record<string, string>): string => game.i18n.format(key, data);

const pips = (filled: number, total: number): PipView[] =>
  Array.from({ length: total }, (_, index) => ({ filled: index < filled }));

export function emptyTrackerView(isGM: boolean): TrackerView {
  return {
    hasCombat: false,
    isGM,
    isTeams: true,
    roundLabel: "",
    moveLabel: localize("BRINK.Combat.Tracker.noCombat"),
    modeLabel: "",
    sections: [],
    canBegin: false,
    canEndTurn: false,
    canUndo: false,
    canEndRound: false,
    canEndCombat: false,
    canManageTeams: false,
    canRetreat: false,
    retreatPending: null,
    canCancelRetreat: false,
    canCheckMorale: false,
    clocks: isGM
      ? runningClocks().map(({ actor }) => ({ name: actor.name ?? "", label: lifeTag(actor) ?? "" }))
      : [],
    canPartyRest: isGM,
  };
}

export function trackerView(combat: BrinkCombat | null, viewer: Viewer): TrackerView {
  if (!combat) return emptyTrackerView(viewer.isGM);
  const state = combat.turnState;
  const running = isRunning(state);
  const toMove = new Set(membersToMove(state));
  const teams = combat.teams;
  const colorOf = (teamId: string | null) =>
    teams.find((team) => team.id === teamId)?.color ?? "var(--brink-muted)";
  const members = new Map(
    [...combat.combatants]
      .filter((combatant) => viewer.isGM || viewer.owns(combatant) || !combatant.hidden)
      .map((combatant) => [
        combatant.id ?? "",
        memberView(combatant, state, toMove, viewer, colorOf(combatant.teamId)),
      ]),
  );
  const current = state.current === null ? undefined : combat.combatants.get(state.current);
  const pending = combat.system.retreatPending !== null;
  const teamViews = teams
    .map((team, index) => teamView(team, index, teams.length, combat, state, members, viewer))
    .filter((team) => viewer.isGM || team.members.length > 0);
  return {
    hasCombat: true,
    isGM: viewer.isGM,
    isTeams: state.mode === "teams",
    roundLabel: roundLabel(state),
    moveLabel: moveLabel(state, current, teamViews, members),
    modeLabel: localize(TRACKER_MODE_LABEL[state.mode]),
    sections: state.mode === "teams" ? teamViews : placeViews(combat, state, members),
    canBegin: viewer.isGM && state.phase === "setup" && combat.combatants.size > 0,
    canEndTurn: running && current !== undefined && (viewer.isGM || viewer.owns(current)),
    canUndo: viewer.isGM && running && state.history.length > 0,
    canEndRound: viewer.isGM && running,
    canEndCombat: viewer.isGM,
    canManageTeams: viewer.isGM && state.phase !== "ended",
    canRetreat: running && optionalRules().emergencyRetreat && !pending,
    retreatPending: pending
      ? format("BRINK.Retreat.Pending.label", {
          name: current?.name ?? localize("BRINK.Retreat.Pending.nobody"),
        })
      : null,
    canCancelRetreat: viewer.isGM && pending,
    canCheckMorale: viewer.isGM && running && optionalRules().morale,
    clocks: [],
    canPartyRest: viewer.isGM && state.phase === "setup",
  };
}

function memberView(
  combatant: BrinkCombatant,
  state: TurnState,
  toMove: ReadonlySet<string>,
  viewer: Viewer,
  teamColor: string,
): MemberView {
  const id = combatant.id ?? "";
  const member = findMember(state, id);
  const mark = markOf(state, member, toMove);
  const economy = combatant.economy;
  const owner = viewer.isGM || viewer.owns(combatant);
  const running = isRunning(state);
  const idle = running && state.current === null;
  const actionsLeft = actionsShown(economy, mark);
  const reactionTotal = Math.max(REACTIONS_PER_ROUND, economy.reactionsLeft);
  // Most rows hold no readied action: the economy already says so, without working it out again.
  const readied = economy.readied ? readiedActionOf(combatant) : null;
  const canTakeTurn = idle && owner && mark === "ready";
  const canTakeReadied = readied !== null && owner && economy.reactionsLeft > 0;
  const yours = !viewer.isGM && viewer.owns(combatant) && (mark === "acting" || mark === "ready");
  const markLabel = localize(yours ? "BRINK.Combat.Mark.yourTurn" : `BRINK.Combat.Mark.${mark}`);
  return {
    id,
    name: combatant.name ?? "",
    img: combatant.img || DEFAULT_PORTRAIT,
    mark,
    markLabel,
    rowLabel: `${combatant.name ?? ""}: ${markLabel}`,
    teamColor,
    actions: pips(actionsLeft, ACTIONS_PER_TURN),
    actionsLabel: format("BRINK.Combat.Tracker.actionsLeft", { count: String(actionsLeft) }),
    reactions: pips(economy.reactionsLeft, reactionTotal),
    reactionsLabel: format("BRINK.Combat.Tracker.reactionsLeft", { count: String(economy.reactionsLeft) }),
    ...conditionTags(combatant, { acting: state.current === id, round: state.round }),
    unableReason: unableReason(combatant),
    readied: readied && format("BRINK.Combat.Tracker.readied", { ...readied }),
    canTakeReadied,
    extended: economy.extended
      ? format("BRINK.Combat.Tracker.extended", {
          action: actionLabel(economy.extended.key),
          remaining: String(economy.extended.remaining),
        })
      : null,
    hidden: combatant.hidden,
    defeated: combatant.defeated,
    vitals: memberVitals(combatant, owner),
    canPing: viewer.canPing?.(combatant) ?? false,
    canTakeTurn,
    hasRowButton: canTakeTurn || canTakeReadied,
    canTakeTurnEarly: idle && viewer.isGM && mark === "waiting",
    canSkip: idle && viewer.isGM && member !== undefined && !member.acted,
    canDelay:
      idle &&
      state.mode !== "teams" &&
      owner &&
      member !== undefined &&
      !member.acted &&
      hasLaterPlace(state, id),
    draggable: viewer.isGM && state.phase !== "ended",
    canRetreatAction: viewer.isGM && running && member !== undefined && member.canAct,
    lifeTag: lifeTag(combatant.actor),
    // The acting member, or an ally holding a commanded action to take now (RULES §3 Command).
    panel:
      owner && (mark === "acting" || holdsGrantedAction(combatant.economy))
        ? actionsPanelView(combatant, false)
        : null,
  };
}

function lifeTag(actor: Actor.Implementation | null | undefined): string | null {
  const death = actor ? actorData(actor).lifeTracks() : undefined;
  if (death?.dying)
    return format("BRINK.Combat.Tracker.dying", {
      turns: countOf("turn", DYING_TURNS - death.dying.turnsTaken),
    });
  if (death?.downed)
    return format("BRINK.Combat.Tracker.downed", {
      rounds: countOf("round", Math.max(0, ROUNDS_TO_STABILISE - death.downed.roundsElapsed)),
    });
  if (death?.critical)
    return format("BRINK.Combat.Tracker.critical", {
      rounds: countOf("round", Math.max(0, CRITICAL_ROUNDS - death.critical.roundsElapsed)),
    });
  return null;
}

function markOf(state: TurnState, member: TurnMember | undefined, toMove: ReadonlySet<string>): MemberMark {
  if (member === undefined) return "waiting";
  if (state.current === member.id) return "acting";
  if (member.acted) return "acted";
  if (!member.canAct) return "unable";
  if (!isRunning(state)) return "waiting";
  if (!isEligible(state, member)) return "surprised";
  return toMove.has(member.id) ? "ready" : "waiting";
}

/** During its turn, what is left; before it, a full turn's worth; after it, none. */
function actionsShown(economy: TurnEconomy, mark: MemberMark): number {
  if (economy.inTurn) return economy.actionsLeft;
  return mark === "ready" || mark === "waiting" ? ACTIONS_PER_TURN : 0;
}

function actionLabel(key: string): string {
  const label = `BRINK.Combat.Action.${key}`;
  return game.i18n.has(label) ? localize(label) : key;
}

function hasLaterPlace(state: TurnState, memberId: string): boolean {
  const place = state.sequence.findIndex((group) => group.includes(memberId));
  return place >= 0 && place < state.sequence.length - 1;
}

function teamView(
  team: BrinkCombatantGroup,
  index: number,
  count: number,
  combat: BrinkCombat,
  state: TurnState,
  members: ReadonlyMap<string, MemberView>,
  viewer: Viewer,
): SectionView {
  const id = team.id ?? "";
  const all = combat.membersOf(id);
  const views = all.flatMap((combatant) => members.get(combatant.id ?? "") ?? []);
  const acted = all.filter((combatant) => findMember(state, combatant.id ?? "")?.acted).length;
  return {
    id,
    name: team.name ?? "",
    color: team.color,
    toMove: isRunning(state) && teamToMove(state) === id,
    members: views,
    progress: `${acted}/${all.length}`,
    isTeam: true,
    canMoveUp: viewer.isGM && index > 0,
    canMoveDown: viewer.isGM && index < count - 1,
    canRemove: viewer.isGM && all.length === 0,
  };
}

function placeViews(
  combat: BrinkCombat,
  state: TurnState,
  members: ReadonlyMap<string, MemberView>,
): SectionView[] {
  const moving = groupToMove(state);
  const isFoes = (group: readonly string[]) =>
    group.some((id) => combat.combatants.get(id)?.actor?.type !== "character");
  const firstFoes = state.sequence.findIndex(isFoes);
  return state.sequence.map((group, index) => ({
    id: "",
    name: placeLabel(state, group, index, firstFoes, isFoes),
    color: "var(--brink-muted)",
    toMove: isRunning(state) && state.current === null && index === moving,
    members: group.flatMap((id) => members.get(id) ?? []),
    progress: "",
    isTeam: false,
    canMoveUp: false,
    canMoveDown: false,
    canRemove: false,
  }));
}

function placeLabel(
  state: TurnState,
  group: readonly string[],
  index: number,
  firstFoes: number,
  isFoes: (group: readonly string[]) => boolean,
): string {
  if (state.mode === "dexterity") return format("BRINK.Combat.Place.ordinal", { place: String(index + 1) });
  if (isFoes(group)) return localize("BRINK.Combat.Place.opponents");
  return localize(
    firstFoes < 0 || index < firstFoes
      ? "BRINK.Combat.Place.beforeOpponents"
      : "BRINK.Combat.Place.afterOpponents",
  );
}

/** Core's header names the numbered round; Brink names only the phases core does not know. */
function roundLabel(state: TurnState): string {
  switch (state.phase) {
    case "setup":
      return localize("BRINK.Combat.Round.setup");
    case "surprise":
      return localize("BRINK.Combat.Round.surprise");
    case "ended":
      return localize("BRINK.Combat.Round.ended");
    default:
      return "";
  }
}

function moveLabel(
  state: TurnState,
  current: BrinkCombatant | undefined,
  teams: readonly SectionView[],
  members: ReadonlyMap<string, MemberView>,
): string {
  if (state.phase === "setup") return localize("BRINK.Combat.Move.setup");
  if (state.phase === "ended") return localize("BRINK.Combat.Move.ended");
  const acting = current && members.get(current.id ?? "");
  if (acting) return format("BRINK.Combat.Move.acting", { name: acting.name });
  if (current) return localize("BRINK.Combat.Move.hidden");
  const teamId = teamToMove(state);
  // A team whose members the viewer cannot see is not named.
  const team = teams.find((candidate) => candidate.id === teamId && candidate.members.length > 0);
  if (team) return format("BRINK.Combat.Move.team", { team: team.name });
  if (membersToMove(state).length > 0)
    return localize(teamId ? "BRINK.Combat.Move.hidden" : "BRINK.Combat.Move.place");
  return localize("BRINK.Combat.Move.nobody");
}
