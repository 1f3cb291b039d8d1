import { callCombatHook } from "../../foundry/combat-hooks";
import type { TurnEvent, TurnState } from "../../rules/team-turns";

/** Core's update options for a turn or round write, as v13 passes them to its hooks and update. */
export interface CoreTurnOptions {
  direction: 1 | -1;
  worldTime: { delta: number };
}

/**
 * Core's combatStart, combatTurn and combatRound hooks, as v13's startCombat, nextTurn and
 * nextRound fire them: on the client that writes (here the active GM's), before the update, with
 * the round and turn about to be written and the update's options (`direction`, `worldTime.delta`),
 * which a listener may still change, as in core. Brink replaces those methods, so it fires them
 * itself, and returns the options for the update. Ending a turn without the next member chosen
 * moves core's turn to null, which core never does: no hook fires for it. Brink's turns take no
 * world time, so the delta is 0.
 */
export function announceToCore(
  combat: Combat.Implementation,
  before: TurnState,
  after: TurnState,
  updateData: { round: number; turn: number | null },
  events: readonly TurnEvent[],
): CoreTurnOptions {
  const backwards = events.some((event) => event.type === "turnUndo") || after.round < before.round;
  const updateOptions: CoreTurnOptions = { direction: backwards ? -1 : 1, worldTime: { delta: 0 } };
  // Combat#turn is nullable and is null while no member acts; the hook types assume a number.
  const data = updateData as { round: number; turn: number };
  if (before.phase === "setup" && after.phase !== "setup") Hooks.callAll("combatStart", combat, data);
  else if (after.round !== before.round) callCombatHook("combatRound", combat, data, updateOptions);
  else if (updateData.turn !== null && after.current !== before.current) {
    callCombatHook("combatTurn", combat, data, updateOptions);
  }
  return updateOptions;
}

/** One call of core's turn-event methods (`_onStartTurn`, `_onEndTurn`, `_onStartRound`, `_onEndRound`). */
export type CoreTurnCall =
  | { kind: "turnStart" | "turnEnd"; memberId: string; round: number; skipped: boolean }
  | { kind: "roundStart" | "roundEnd"; round: number };

/**
 * The turn events core would give a linear order, for a team transition. Brink writes its turns
 * with `turnEvents: false`, so core runs none of its own; these are the ones that really happened,
 * in order: the member who takes a turn starts it and ends it; a member the GM skips, and at the end
 * of a round every member who has not acted (one who cannot act, one left out), gets a skipped
 * start and end, in team order; then the round ends and the next starts. Every member thus gets one
 * turn start and end per round. An undo fires nothing, as core fires nothing backwards.
 */
export function coreTurnCalls(before: TurnState, events: readonly TurnEvent[]): CoreTurnCall[] {
  const calls: CoreTurnCall[] = [];
  const acted = new Set(before.members.filter((member) => member.acted).map((member) => member.id));
  const skip = (memberId: string, round: number) => {
    calls.push({ kind: "turnStart", memberId, round, skipped: true });
    calls.push({ kind: "turnEnd", memberId, round, skipped: true });
    acted.add(memberId);
  };
  const teamRank = (teamId: string) => before.teams.indexOf(teamId);
  const inTeamOrder = [...before.members].sort((a, b) => teamRank(a.teamId) - teamRank(b.teamId));
  for (const event of events) {
    switch (event.type) {
      case "turnStart":
        calls.push({ kind: "turnStart", memberId: event.memberId, round: event.round, skipped: false });
        break;
      case "turnEnd":
        calls.push({ kind: "turnEnd", memberId: event.memberId, round: event.round, skipped: false });
        acted.add(event.memberId);
        break;
      case "turnSkip":
        skip(event.memberId, event.round);
        break;
      case "roundEnd":
        for (const member of inTeamOrder) if (!acted.has(member.id)) skip(member.id, event.round);
        calls.push({ kind: "roundEnd", round: event.round });
        break;
      case "roundStart":
        acted.clear();
        calls.push({ kind: "roundStart", round: event.round });
        break;
      default:
        break;
    }
  }
  return calls;
}
