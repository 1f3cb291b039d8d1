import { brinkCombat, type BeginChoices, type BrinkCombat } from "../../documents/combat";
import { parseEconomyRequest, type EconomyRequest } from "../../documents/combatant";
import {
  defineRequest,
  isRefusal,
  listenForRequests,
  refuse,
  type Asker,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "../../requests";
import type { Fields } from "../../requests/fields";

/** Every combat request names its combat. */
interface OnCombat {
  combatId: string;
}

/**
 * Declares a combat request: the payload's combat id is read with the rest of its fields, and a
 * combat that no longer exists is refused before the handler runs.
 */
function combatRequest<P extends object>(
  name: string,
  who: Asker,
  read: (fields: Fields) => P | Refusal,
  handle: (combat: BrinkCombat, request: P, context: RequestContext) => Promise<RequestResult>,
) {
  return defineRequest<P & OnCombat>({
    name,
    who,
    parse: (fields) => {
      const combatId = fields.id("combatId");
      const rest = read(fields);
      return isRefusal(rest) ? rest : { ...rest, combatId };
    },
    handle: async (request, context) => {
      const combat = brinkCombat(game.combats?.get(request.combatId));
      if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
      return handle(combat, request, context);
    },
  });
}

const nothing = (): object => ({});
const combatant = (fields: Fields) => ({ combatantId: fields.id("combatantId") });
const team = (fields: Fields) => ({ teamId: fields.id("teamId") });

function beginChoices(fields: Fields): BeginChoices {
  const startingTeam = fields.optionalId("startingTeam");
  const attackedTeam = fields.optionalId("attackedTeam");
  return {
    ...(startingTeam ? { startingTeam } : {}),
    ...(attackedTeam ? { attackedTeam } : {}),
    surprisingTeams: fields.ids("surprisingTeams"),
  };
}

/**
 * The GM side of every combat change a client can ask for. Each field is read strictly (an id must
 * be a plain document id, text is bounded, numbers whole and in range) and a malformed one is
 * refused naming the field; a `who: "gm"` request from a player is refused before that; each
 * handler then validates (for which combatant, whether the schedule allows it) before it writes,
 * so a refused request writes nothing; the relay runs them one at a time, so of two claims made
 * at once the second sees the first.
 */
export const COMBAT_REQUESTS = {
  sync: combatRequest("combat.sync", "gm", nothing, (combat, _request, { user }) => combat.resolveSync(user)),
  begin: combatRequest("combat.begin", "gm", beginChoices, (combat, choices, { user }) =>
    combat.resolveBegin(user, choices),
  ),
  takeTurn: combatRequest("combat.takeTurn", "any", combatant, (combat, { combatantId }, { user }) =>
    combat.resolveTakeTurn(user, combatantId),
  ),
  endTurn: combatRequest("combat.endTurn", "any", nothing, (combat, _request, { user }) =>
    combat.resolveEndTurn(user),
  ),
  skipTurn: combatRequest("combat.skipTurn", "gm", combatant, (combat, { combatantId }, { user }) =>
    combat.resolveSkipTurn(user, combatantId),
  ),
  undoTurn: combatRequest("combat.undoTurn", "gm", nothing, (combat, _request, { user }) =>
    combat.resolveUndo(user),
  ),
  endRound: combatRequest("combat.endRound", "gm", nothing, (combat, _request, { user }) =>
    combat.resolveEndRound(user),
  ),
  end: combatRequest("combat.end", "gm", nothing, (combat, _request, { user }) => combat.resolveEnd(user)),
  delay: combatRequest(
    "combat.delay",
    "any",
    (fields) => ({ combatantId: fields.id("combatantId"), afterId: fields.id("afterId") }),
    (combat, { combatantId, afterId }, { user }) => combat.resolveDelay(user, combatantId, afterId),
  ),
  moveToTeam: combatRequest(
    "combat.moveToTeam",
    "gm",
    (fields) => ({ combatantId: fields.id("combatantId"), teamId: fields.id("teamId") }),
    (combat, { combatantId, teamId }, { user }) => combat.resolveMoveToTeam(user, combatantId, teamId),
  ),
  addTeam: combatRequest(
    "combat.addTeam",
    "gm",
    (fields) => ({ name: fields.text("name") }),
    (combat, { name }, { user }) => combat.resolveAddTeam(user, name),
  ),
  editTeam: combatRequest(
    "combat.editTeam",
    "gm",
    (fields) => ({ teamId: fields.id("teamId"), name: fields.text("name"), color: fields.text("color") }),
    (combat, { teamId, name, color }, { user }) => combat.resolveEditTeam(user, teamId, { name, color }),
  ),
  moveTeam: combatRequest(
    "combat.moveTeam",
    "gm",
    (fields) => ({ teamId: fields.id("teamId"), offset: fields.whole("offset", -100, 100) }),
    (combat, { teamId, offset }, { user }) => combat.resolveMoveTeam(user, teamId, offset),
  ),
  removeTeam: combatRequest("combat.removeTeam", "gm", team, (combat, { teamId }, { user }) =>
    combat.resolveRemoveTeam(user, teamId),
  ),
  economy: combatRequest(
    "combatant.economy",
    "any",
    (fields): { combatantId: string; request: EconomyRequest } | Refusal => {
      const combatantId = fields.id("combatantId");
      const request = parseEconomyRequest(fields.raw("request"));
      return request.ok ? { combatantId, request: request.value } : request;
    },
    async (combat, { combatantId, request }, { user }) => {
      const member = combat.combatants.get(combatantId);
      if (!member) return refuse("BRINK.Combat.Refusal.unknownCombatant");
      return member.resolveEconomy(user, request);
    },
  ),
};

/** Start answering combat requests (they are declared when this module loads). */
export function registerCombatRequests(): void {
  listenForRequests();
}
