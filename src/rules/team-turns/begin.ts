/** Beginning combat: the team order, surprise, and in the dexterity modes the acting sequence. */
import type { InitiativeSequence } from "../initiative";
import { accept, refuse, type TurnEvent, type TurnRefusal, type TurnResult, type TurnState } from "./state";
import { isPermutationOf, startRound } from "./transitions";

export interface BeginCombatOptions {
  /** The team whose action started the fight: it goes first. */
  startingTeam?: string;
  /** The team it attacked: it goes second. The others keep the GM's order. */
  attackedTeam?: string;
  /** A full team order, used as given instead of the two options above. */
  order?: readonly string[];
  /** Teams with surprise: a surprise round comes first. */
  surprisingTeams?: readonly string[];
  /** Required in the dexterity modes: every member exactly once (see initiative.ts). */
  sequence?: InitiativeSequence;
}

export function beginCombat(state: TurnState, options: BeginCombatOptions = {}): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (state.phase !== "setup") return refuse("combat-already-started");
  const order = initialOrder(state, options);
  if (typeof order === "string") return refuse(order);
  const surprisingTeams = [...new Set(options.surprisingTeams ?? [])];
  if (!surprisingTeams.every((teamId) => state.teams.includes(teamId))) return refuse("unknown-team");
  let sequence: InitiativeSequence = [];
  if (state.mode !== "teams") {
    if (options.sequence === undefined) return refuse("missing-sequence");
    sequence = options.sequence.map((group) => [...group]).filter((group) => group.length > 0);
    const ids = state.members.map((member) => member.id);
    if (!isPermutationOf(sequence.flat(), ids)) return refuse("invalid-sequence");
  }
  const events: TurnEvent[] = [];
  const phase = surprisingTeams.length > 0 ? "surprise" : "normal";
  const started = startRound({ ...state, teams: order, surprisingTeams, sequence }, 1, phase, events);
  return accept(started, events);
}

function initialOrder(state: TurnState, options: BeginCombatOptions): string[] | TurnRefusal {
  if (options.order !== undefined) {
    return isPermutationOf(options.order, state.teams) ? [...options.order] : "invalid-order";
  }
  const leaders = [options.startingTeam, options.attackedTeam].filter((id) => id !== undefined);
  if (!leaders.every((teamId) => state.teams.includes(teamId))) return "unknown-team";
  const uniqueLeaders = [...new Set(leaders)];
  return [...uniqueLeaders, ...state.teams.filter((teamId) => !uniqueLeaders.includes(teamId))];
}
