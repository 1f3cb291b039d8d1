/**
 * An actor update that would write a value its model cannot hold (a d7, an unknown condition, a
 * pool above its maximum, a number too large to count) is refused on the writing client, naming
 * the field, and nothing is sent (issue 23). Stored values of that kind are repaired on load.
 */
import { firstBadActorField } from "../data/actor/stored-values";

export function registerActorValueGuard(): void {
  Hooks.on("preUpdateActor", (actor, changes) => {
    // The stored source as plain data: the pools' maxima an update may leave as they are.
    const current: Record<string, unknown> = { ...actor._source.system };
    const field = firstBadActorField(changes as Record<string, unknown>, current);
    if (!field) return true;
    ui.notifications?.error(game.i18n.format("BRINK.Actor.badValue", { name: actor.name ?? "", field }));
    return false;
  });
}
