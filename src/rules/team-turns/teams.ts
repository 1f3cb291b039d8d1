/** Teams coming, going and being reordered. */
import { accept, refuse, type TurnEvent, type TurnResult, type TurnState } from "./state";
import { isPermutationOf, settle } from "./transitions";

export function addTeam(state: TurnState, teamId: string, index = state.teams.length): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (state.teams.includes(teamId)) return refuse("duplicate-team");
  const teams = [...state.teams.slice(0, index), teamId, ...state.teams.slice(index)];
  return accept({ ...state, teams });
}

/** Only an empty team can go: reassign or remove its members first. */
export function removeTeam(state: TurnState, teamId: string): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  const index = state.teams.indexOf(teamId);
  if (index < 0) return refuse("unknown-team");
  if (state.members.some((member) => member.teamId === teamId)) return refuse("team-not-empty");
  const teams = state.teams.filter((id) => id !== teamId);
  // The move goes to the team that followed the removed one, if that team can use it.
  const toMove = state.toMove === teamId ? (teams[index % Math.max(1, teams.length)] ?? null) : state.toMove;
  const surprisingTeams = state.surprisingTeams.filter((id) => id !== teamId);
  const events: TurnEvent[] = [];
  return accept(settle({ ...state, teams, toMove, surprisingTeams }, events, state), events);
}

export function reorderTeams(state: TurnState, order: readonly string[]): TurnResult {
  if (state.phase === "ended") return refuse("combat-ended");
  if (!isPermutationOf(order, state.teams)) return refuse("invalid-order");
  return accept({ ...state, teams: [...order] });
}
