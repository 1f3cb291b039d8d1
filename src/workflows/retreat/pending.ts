/**
 * RULES §5 "The current combatant's turn finishes, the combat ends": an Emergency Retreat called
 * while a combatant (friend or foe) is acting is recorded on the combat as pending; when that turn
 * ends, the active GM's client resolves it as any retreat (handleResolve). Called while nobody acts,
 * it resolves at once. The GM may cancel a pending retreat.
 */
import { BrinkCombat } from "../../documents/combat";
import { refuse, type RequestContext, type RequestResult } from "../../requests";
import { isRunning } from "../../rules/team-turns";
import { findRetreatParty, type PartyRequest } from "./requested-party";
import { handleResolve } from "./resolve";
import { writes } from "../../foundry/typed-writes";

/** What calling a retreat did: resolved now (with its card), or left pending until the turn ends. */
export type CallResult = RequestResult<{ messageId: string; pending: boolean }>;

/** The combat's pending retreat, if it is a Brink combat with one. */
function pendingOf(combat: Combat.Implementation | undefined) {
  return combat instanceof BrinkCombat ? combat.system.retreatPending : null;
}

/** The GM's client: a confirmed call waits for the acting combatant, or resolves now. */
export async function handleCall(request: PartyRequest, context: RequestContext): Promise<CallResult> {
  const found = findRetreatParty(request);
  if ("ok" in found) return found;
  const { combat, chosen } = found;
  if (pendingOf(combat)) return refuse("BRINK.Retreat.Refusal.pending");
  const state = combat instanceof BrinkCombat ? combat.turnState : null;
  if (state && isRunning(state) && state.current !== null) {
    await combat.update(
      writes.Combat.update({
        "system.pendingRetreat": chosen.map((member) => member.actor.uuid),
        "system.pendingRetreatBy": context.user.id ?? null,
      }),
    );
    return { ok: true, messageId: "", pending: true };
  }
  const resolved = await handleResolve(request, context);
  return resolved.ok ? { ...resolved, pending: false } : resolved;
}

/** The GM's Cancel on the tracker: the pending retreat is dropped and the fight goes on. */
export async function handleCancel({ combatId }: { combatId: string }): Promise<RequestResult> {
  const combat = game.combats.get(combatId) as Combat.Implementation | undefined;
  if (!combat || !pendingOf(combat)) return refuse("BRINK.Retreat.Refusal.nothingPending");
  await combat.update(writes.Combat.update({ "system.pendingRetreat": [], "system.pendingRetreatBy": null }));
  return { ok: true };
}

let settled: Promise<unknown> = Promise.resolve();

/** Settles once every pending retreat this client started resolving has been written. */
export async function retreatSettled(): Promise<void> {
  let seen: Promise<unknown>;
  do {
    seen = settled;
    await seen;
  } while (seen !== settled);
}

/** What the GM's client does with a retreat card once a pending retreat resolved (the drop dialogs). */
type AfterResolve = (messageId: string) => Promise<void>;

/** The turn is over: the active GM's client resolves the retreat that waited for it. */
async function resolvePending(combatId: string, afterResolve: AfterResolve): Promise<void> {
  if (game.users.activeGM?.isSelf !== true) return;
  const combat = game.combats.get(combatId) as Combat.Implementation | undefined;
  const pending = pendingOf(combat);
  // A fight the GM ended meanwhile takes its pending retreat with it.
  if (!(combat instanceof BrinkCombat) || !pending || !isRunning(combat.turnState)) return;
  const user = game.users.get(pending.userId ?? "") ?? game.user;
  const result = await handleResolve({ combatId, actorUuids: pending.actorUuids }, { user });
  if (result.ok) {
    if (result.messageId) await afterResolve(result.messageId);
    return;
  }
  // Refused now (a module cancelled it, the party changed): the fight goes on, and the GM is told why.
  await combat.update(writes.Combat.update({ "system.pendingRetreat": [], "system.pendingRetreatBy": null }));
  ui.notifications?.warn(game.i18n.format(result.reason, result.data ?? {}));
}

/** `afterResolve`: given by the application layer, which asks the GM for the dropped items. */
export function registerPendingRetreat(afterResolve: AfterResolve): void {
  Hooks.on("brink.turnEnd", (combat) => {
    const id = combat.id ?? "";
    settled = settled.then(() => resolvePending(id, afterResolve));
  });
}
