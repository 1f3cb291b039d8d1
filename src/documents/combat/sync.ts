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
 * Brings teams and members in line with the combatants: a second combatant for a fighter already in
 * the fight is removed, a combatant without a team joins the one made for its token's disposition
 * (created if need be), then the schedule learns who joined, left, changed team, fell or recovered.
 * At most one write of each kind, and none when nothing changed.
 */
export async function resolveSync(
  combat: Combat.Implementation,
  _user: User.Implementation,
): Promise<RequestResult> {
  await removeSecondCombatants(combat);
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

/** A new initiative re-sorts core's turns (by initiative, then id): `turn` moves with the acting member. */
async function realignCoreTurn(combat: Combat.Implementation): Promise<void> {
  const turn = combat.coreTurnOf(combat.turnState.current);
  // Only the index moves, not the turn: core must not run its turn events for it.
  if (turn !== combat.turn) await combat.update({ turn }, { turnEvents: false });
}

/**
 * Who a combatant stands for: its token, and its actor unless that actor is the token's own copy
 * (an unlinked token's). One token, and one such actor, is one combatant (issue 23).
 */
function fighterKeys(combatant: Combatant.Implementation): string[] {
  const keys = combatant.tokenId ? [`token.${combatant.tokenId}`] : [];
  const actor = combatant.actor;
  if (actor && !actor.isToken) keys.push(`actor.${actor.id ?? ""}`);
  return keys;
}

/**
 * A player may create a combatant for a token or actor they own at any time: a second one for a
 * fighter already in the fight would give it a second turn. The one the schedule knows (else the
 * first made) stays; the others are deleted in one write, and the GM is told whose they were.
 */
async function removeSecondCombatants(combat: Combat.Implementation): Promise<void> {
  const known = new Set(combat.turnState.members.map((member) => member.id));
  const ordered = [...combat.combatants].sort(
    (a, b) => Number(!known.has(idOf(a))) - Number(!known.has(idOf(b))),
  );
  const taken = new Set<string>();
  const seconds = ordered.filter((combatant) => {
    const keys = fighterKeys(combatant);
    if (keys.some((key) => taken.has(key))) return true;
    keys.forEach((key) => taken.add(key));
    return false;
  });
  if (seconds.length === 0) return;
  await combat.deleteEmbeddedDocuments("Combatant", seconds.map(idOf));
  for (const name of new Set(seconds.map((combatant) => combatant.name)))
    ui.notifications?.warn(game.i18n.format("BRINK.Combat.duplicateRemoved", { name: name ?? "" }));
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
