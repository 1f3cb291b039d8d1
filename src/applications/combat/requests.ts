import { brinkCombat, type BeginChoices, type BrinkCombat } from "../../documents/combat";
import { parseEconomyRequest } from "../../documents/combatant";
import { refuse, registerRequest, type RequestContext, type RequestResult } from "../../requests";

type Payload = Record<string, unknown>;
type CombatHandler = (
  combat: BrinkCombat,
  payload: Payload,
  context: RequestContext,
) => Promise<RequestResult>;

const text = (payload: Payload, key: string): string => {
  const value = payload[key];
  return typeof value === "string" ? value : "";
};

const texts = (payload: Payload, key: string): string[] => {
  const value = payload[key];
  return Array.isArray(value) ? value.filter((entry) => typeof entry === "string") : [];
};

/** Every GM-side combat request names its combat; one that no longer exists is refused. */
function onCombat(handler: CombatHandler) {
  return async (payload: Payload, context: RequestContext): Promise<RequestResult> => {
    const combat = brinkCombat(game.combats?.get(text(payload, "combatId")));
    if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
    return handler(combat, payload, context);
  };
}

function beginChoices(payload: Payload): BeginChoices {
  const startingTeam = text(payload, "startingTeam");
  const attackedTeam = text(payload, "attackedTeam");
  return {
    ...(startingTeam ? { startingTeam } : {}),
    ...(attackedTeam ? { attackedTeam } : {}),
    surprisingTeams: texts(payload, "surprisingTeams"),
  };
}

/**
 * The GM side of every combat change a client can ask for. Each handler validates (who asks, for
 * which combatant, whether the schedule allows it) before it writes, so a refused request writes
 * nothing; the relay runs them one at a time, so of two claims made at once the second sees the first.
 */
export const COMBAT_REQUESTS: Record<string, CombatHandler> = {
  "combat.sync": (combat, _payload, { user }) => combat.resolveSync(user),
  "combat.begin": (combat, payload, { user }) => combat.resolveBegin(user, beginChoices(payload)),
  "combat.takeTurn": (combat, payload, { user }) =>
    combat.resolveTakeTurn(user, text(payload, "combatantId")),
  "combat.endTurn": (combat, _payload, { user }) => combat.resolveEndTurn(user),
  "combat.skipTurn": (combat, payload, { user }) =>
    combat.resolveSkipTurn(user, text(payload, "combatantId")),
  "combat.undoTurn": (combat, _payload, { user }) => combat.resolveUndo(user),
  "combat.endRound": (combat, _payload, { user }) => combat.resolveEndRound(user),
  "combat.end": (combat, _payload, { user }) => combat.resolveEnd(user),
  "combat.delay": (combat, payload, { user }) =>
    combat.resolveDelay(user, text(payload, "combatantId"), text(payload, "afterId")),
  "combat.moveToTeam": (combat, payload, { user }) =>
    combat.resolveMoveToTeam(user, text(payload, "combatantId"), text(payload, "teamId")),
  "combat.addTeam": (combat, payload, { user }) => combat.resolveAddTeam(user, text(payload, "name")),
  "combat.editTeam": (combat, payload, { user }) =>
    combat.resolveEditTeam(user, text(payload, "teamId"), {
      name: text(payload, "name"),
      color: text(payload, "color"),
    }),
  "combat.moveTeam": (combat, payload, { user }) =>
    combat.resolveMoveTeam(user, text(payload, "teamId"), Number(payload.offset) || 0),
  "combat.removeTeam": (combat, payload, { user }) => combat.resolveRemoveTeam(user, text(payload, "teamId")),
  "combatant.economy": async (combat, payload, { user }) => {
    const combatant = combat.combatants.get(text(payload, "combatantId"));
    if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    const request = parseEconomyRequest(payload.request);
    if (!request) return refuse("BRINK.Combat.Refusal.unknownRequest");
    return combatant.resolveEconomy(user, request);
  },
};

export function registerCombatRequests(): void {
  for (const [name, handler] of Object.entries(COMBAT_REQUESTS)) registerRequest(name, onCombat(handler));
}
