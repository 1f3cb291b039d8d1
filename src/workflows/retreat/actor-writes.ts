/** Writing actors back: batched updates, finding an actor by uuid, keeping conditions in order. */
import { BrinkActor } from "../../documents";
import { writes } from "../../foundry/typed-writes";

/**
 * Linked world actors in one batched write; token actors (unlinked) each in their own, since a
 * batch can only address documents of one collection.
 */
export async function updateActors(
  updates: readonly { actor: Actor.Implementation; data: Record<string, unknown> }[],
): Promise<void> {
  const batched = updates.filter(
    ({ actor, data }) =>
      Object.keys(data).length > 0 && !actor.isToken && game.actors.get(actor.id ?? "") === actor,
  );
  if (batched.length > 0) {
    await Actor.implementation.updateDocuments(
      writes.Actor.flattenedList(batched.map(({ actor, data }) => ({ _id: actor.id, ...data }))),
    );
  }
  for (const { actor, data } of updates) {
    if (!batched.some((entry) => entry.actor === actor) && Object.keys(data).length > 0)
      await actor.update(writes.Actor.flattened(data)); // One token actor's changes on their own.
  }
}

export async function actorFrom(uuid: string): Promise<Actor.Implementation | null> {
  const document = await fromUuid(uuid);
  // Every actor in a Brink world is a BrinkActor (the configured class).
  return document instanceof BrinkActor ? document : null;
}

/** Conditions in their prior order where they survive, then any new ones. */
export function orderedConditions(prior: readonly string[], next: ReadonlySet<string>): string[] {
  return [
    ...prior.filter((condition) => next.has(condition)),
    ...[...next].filter((c) => !prior.includes(c)),
  ];
}
