/** Keeping the schedule in step with the combatants, on the active GM's client. */
import { DEFAULT_TEAM_COLOUR, TEAM_COLOURS } from "../../data/combat";
import type { RequestResult } from "../../requests";
import { reconcileRoster, type RosterEntry } from "../../rules/combat-state";
import { DISPOSITION, type TeamDisposition } from "../combatant";
import { idOf } from "./document-id";
import { turnRefusal } from "./results";

const TEAM_NAMES: Record<TeamDisposition, string> = {
  [DISPOSITION.friendly]: "BRINK.Combat.Team.party",
  [DISPOSITION.hostile]: "BRINK.Combat.Team.foes",
  [DISPOSITION.neutral]: "BRINK.Combat.Team.others",
};

/**
 * Brings teams and members in line with the combatants: a combatant without a team joins the one
 * made for its token's disposition (created if need be), then the schedule learns who joined, left,
 * changed team, fell or recovered. At most one write of each kind, and none when nothing changed.
 */
export async function resolveSync(
  combat: Combat.Implementation,
  _user: User.Implementation,
): Promise<RequestResult> {
  await assignTeams(combat);
  const roster: RosterEntry[] = [...combat.combatants].flatMap((combatant) => {
    const teamId = combatant.teamId;
    if (teamId === null) return [];
    return [
      {
        id: idOf(combatant),
        teamId,
        canAct: combatant.ableToAct,
        cannotBeSurprised: combatant.cannotBeSurprised,
        surprised: combatant.markedSurprised,
      },
    ];
  });
  const teamIds = [...combat.groups].map(idOf);
  const result = reconcileRoster(combat.turnState, teamIds, roster);
  if (!result.ok) return result.reason === "combat-ended" ? { ok: true } : turnRefusal(result.reason);
  if (result.changed) await combat.commit(result.state, result.events);
  else await realignCoreTurn(combat);
  return { ok: true };
}

/** A rename or a new initiative re-sorts core's turns: `turn` moves with the acting member. */
async function realignCoreTurn(combat: Combat.Implementation): Promise<void> {
  const turn = combat.coreTurnOf(combat.turnState.current);
  if (turn !== combat.turn) await combat.update({ turn });
}

async function assignTeams(combat: Combat.Implementation): Promise<void> {
  const unassigned = [...combat.combatants].filter(
    (combatant) => combatant.teamId === null || !combat.groups.get(combatant.teamId),
  );
  if (unassigned.length === 0) return;
  const teamFor = (disposition: TeamDisposition) =>
    [...combat.groups].find((group) => group.disposition === disposition);
  const missing = [...new Set(unassigned.map((combatant) => combatant.teamDisposition))].filter(
    (disposition) => !teamFor(disposition),
  );
  if (missing.length > 0) {
    await combat.createEmbeddedDocuments(
      "CombatantGroup",
      missing.map((disposition) => ({
        name: game.i18n.localize(TEAM_NAMES[disposition]),
        system: { color: TEAM_COLOURS[disposition] ?? DEFAULT_TEAM_COLOUR, disposition },
      })),
    );
  }
  await combat.updateEmbeddedDocuments(
    "Combatant",
    unassigned.map((combatant) => ({
      _id: combatant.id,
      group: teamFor(combatant.teamDisposition)?.id ?? null,
    })),
  );
}
