import { brinkCombat, type BeginChoices, type BrinkCombat } from "../../documents/combat";
import { parseEconomyRequest } from "../../documents/combatant";
import { idField, textField, wholeNumber } from "../../request-fields";
import { refuse, registerRequest, type RequestContext, type RequestResult } from "../../requests";

type Payload = Record<string, unknown>;
type CombatHandler = (
  combat: BrinkCombat,
  payload: Payload,
  context: RequestContext,
) => Promise<RequestResult>;

/** A payload field that is wrong in form: the handler refuses with this reason. */
class FieldRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly field: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

const own = (payload: Payload, key: string): unknown =>
  Object.hasOwn(payload, key) ? payload[key] : undefined;

/** A required id: a plain document id, or the request is refused as naming no document. */
function id(payload: Payload, key: string): string {
  const value = idField(own(payload, key));
  if (value === undefined) throw new FieldRefusal("BRINK.Request.badId", key);
  return value;
}

/** An optional id: absent or empty reads as "", anything else must be a plain id. */
function optionalId(payload: Payload, key: string): string {
  const value = own(payload, key);
  return value === undefined || value === null || value === "" ? "" : id(payload, key);
}

function ids(payload: Payload, key: string): string[] {
  const value = own(payload, key);
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new FieldRefusal("BRINK.Request.badId", key);
  return value.map((entry) => {
    const checked = idField(entry);
    if (checked === undefined) throw new FieldRefusal("BRINK.Request.badId", key);
    return checked;
  });
}

/** Optional short text (absent reads as ""). */
function text(payload: Payload, key: string): string {
  const value = own(payload, key);
  if (value === undefined) return "";
  const checked = textField(value);
  if (checked === undefined) throw new FieldRefusal("BRINK.Request.badText", key);
  return checked;
}

/** How many places a team moves in the order: a small whole number. */
function offset(payload: Payload): number {
  const checked = wholeNumber(own(payload, "offset"), -100, 100);
  if (checked === undefined) throw new FieldRefusal("BRINK.Request.badNumber", "offset");
  return checked;
}

/** Every GM-side combat request names its combat; one that no longer exists is refused. */
function onCombat(handler: CombatHandler) {
  return async (payload: Payload, context: RequestContext): Promise<RequestResult> => {
    try {
      const combat = brinkCombat(game.combats?.get(id(payload, "combatId")));
      if (!combat) return refuse("BRINK.Combat.Refusal.unknownCombat");
      return await handler(combat, payload, context);
    } catch (error) {
      if (error instanceof FieldRefusal) return refuse(error.reason, { field: error.field });
      throw error;
    }
  };
}

function beginChoices(payload: Payload): BeginChoices {
  const startingTeam = optionalId(payload, "startingTeam");
  const attackedTeam = optionalId(payload, "attackedTeam");
  return {
    ...(startingTeam ? { startingTeam } : {}),
    ...(attackedTeam ? { attackedTeam } : {}),
    surprisingTeams: ids(payload, "surprisingTeams"),
  };
}

/**
 * The GM side of every combat change a client can ask for. Each field is read strictly (an id must
 * be a plain document id, text is bounded, numbers whole and in range) and a malformed one is
 * refused naming the field; each handler then validates (who asks, for which combatant, whether
 * the schedule allows it) before it writes, so a refused request writes nothing; the relay runs
 * them one at a time, so of two claims made at once the second sees the first.
 */
export const COMBAT_REQUESTS: Record<string, CombatHandler> = {
  "combat.sync": (combat, _payload, { user }) => combat.resolveSync(user),
  "combat.begin": (combat, payload, { user }) => combat.resolveBegin(user, beginChoices(payload)),
  "combat.takeTurn": (combat, payload, { user }) => combat.resolveTakeTurn(user, id(payload, "combatantId")),
  "combat.endTurn": (combat, _payload, { user }) => combat.resolveEndTurn(user),
  "combat.skipTurn": (combat, payload, { user }) => combat.resolveSkipTurn(user, id(payload, "combatantId")),
  "combat.undoTurn": (combat, _payload, { user }) => combat.resolveUndo(user),
  "combat.endRound": (combat, _payload, { user }) => combat.resolveEndRound(user),
  "combat.end": (combat, _payload, { user }) => combat.resolveEnd(user),
  "combat.delay": (combat, payload, { user }) =>
    combat.resolveDelay(user, id(payload, "combatantId"), id(payload, "afterId")),
  "combat.moveToTeam": (combat, payload, { user }) =>
    combat.resolveMoveToTeam(user, id(payload, "combatantId"), id(payload, "teamId")),
  "combat.addTeam": (combat, payload, { user }) => combat.resolveAddTeam(user, text(payload, "name")),
  "combat.editTeam": (combat, payload, { user }) =>
    combat.resolveEditTeam(user, id(payload, "teamId"), {
      name: text(payload, "name"),
      color: text(payload, "color"),
    }),
  "combat.moveTeam": (combat, payload, { user }) =>
    combat.resolveMoveTeam(user, id(payload, "teamId"), offset(payload)),
  "combat.removeTeam": (combat, payload, { user }) => combat.resolveRemoveTeam(user, id(payload, "teamId")),
  "combatant.economy": async (combat, payload, { user }) => {
    const combatant = combat.combatants.get(id(payload, "combatantId"));
    if (!combatant) return refuse("BRINK.Combat.Refusal.unknownCombatant");
    const request = parseEconomyRequest(own(payload, "request"));
    if (!request.ok) return request;
    return combatant.resolveEconomy(user, request.value);
  },
};

export function registerCombatRequests(): void {
  for (const [name, handler] of Object.entries(COMBAT_REQUESTS)) registerRequest(name, onCombat(handler));
}
