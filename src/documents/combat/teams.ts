/**
 * Teams on the active GM's client: members moved between them, teams added, edited, reordered, removed.
 * All of them are the GM's: the request registry (`who: "gm"`) refuses anyone else before these run.
 */
import { DEFAULT_TEAM_COLOUR } from "../../data/combat";
import { refuse, type RequestResult } from "../../requests";
import { reorderTeams } from "../../rules/team-turns";
import { commitResult } from "./results";
import { resolveSync } from "./sync";

export async function resolveMoveToTeam(
  combat: Combat.Implementation,
  user: User.Implementation,
  combatantId: string,
  teamId: string,
): Promise<RequestResult> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
  if (!combat.groups.get(teamId)) return refuse("BRINK.Combat.Refusal.unknownTeam");
  if (combatant.teamId === teamId) return { ok: true };
  await combatant.update({ group: teamId });
  return resolveSync(combat, user);
}

export async function resolveAddTeam(
  combat: Combat.Implementation,
  user: User.Implementation,
  name: string,
): Promise<RequestResult> {
  const label = name.trim() || game.i18n.localize("BRINK.Combat.Team.new");
  await combat.createEmbeddedDocuments("CombatantGroup", [
    { name: label, system: { color: DEFAULT_TEAM_COLOUR, disposition: null } },
  ]);
  return resolveSync(combat, user);
}

export async function resolveEditTeam(
  combat: Combat.Implementation,
  user: User.Implementation,
  teamId: string,
  changes: { name: string; color: string },
): Promise<RequestResult> {
  const team = combat.groups.get(teamId);
  if (!team) return refuse("BRINK.Combat.Refusal.unknownTeam");
  if (!/^#[0-9a-f]{6}$/i.test(changes.color)) return refuse("BRINK.Combat.Refusal.badColour");
  await team.update({ name: changes.name.trim() || (team.name ?? ""), system: { color: changes.color } });
  return { ok: true };
}

export async function resolveMoveTeam(
  combat: Combat.Implementation,
  user: User.Implementation,
  teamId: string,
  offset: number,
): Promise<RequestResult> {
  const order = [...combat.turnState.teams];
  const from = order.indexOf(teamId);
  if (from < 0) return refuse("BRINK.Combat.Refusal.unknownTeam");
  const to = Math.min(Math.max(0, from + offset), order.length - 1);
  order.splice(to, 0, ...order.splice(from, 1));
  return commitResult(combat, reorderTeams(combat.turnState, order));
}

export async function resolveRemoveTeam(
  combat: Combat.Implementation,
  user: User.Implementation,
  teamId: string,
): Promise<RequestResult> {
  const team = combat.groups.get(teamId);
  if (!team) return refuse("BRINK.Combat.Refusal.unknownTeam");
  if (combat.membersOf(teamId).length > 0)
    return refuse("BRINK.Combat.Refusal.teamNotEmpty", { team: team.name ?? "" });
  await team.delete();
  return resolveSync(combat, user);
}
