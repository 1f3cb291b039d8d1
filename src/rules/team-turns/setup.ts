/** A new schedule, empty or built from its teams and members in one step. */
import type { InitiativeMode } from "../initiative";
import { addMember } from "./members";
import { addTeam } from "./teams";
import { accept, type MemberInput, type TurnResult, type TurnState } from "./state";

export function createTurnState(mode: InitiativeMode = "teams"): TurnState {
  return {
    mode,
    phase: "setup",
    round: 0,
    teams: [],
    members: [],
    surprisingTeams: [],
    sequence: [],
    toMove: null,
    current: null,
    history: [],
  };
}

/** Convenience for building a combat from its teams and members in one step. */
export function setupTurnState(
  mode: InitiativeMode,
  teams: readonly string[],
  members: readonly MemberInput[],
): TurnResult {
  let result = accept(createTurnState(mode));
  for (const teamId of teams) result = result.ok ? addTeam(result.state, teamId) : result;
  for (const member of members) result = result.ok ? addMember(result.state, member) : result;
  return result.ok ? accept(result.state) : result;
}
