/** The actors an exploration card names, looked up once each (null where one is gone). */
import { actorFrom } from "../retreat";

export async function actorsByUuidFor(uuids: readonly string[]) {
  const found = new Map<string, Actor.Implementation | null>();
  for (const uuid of new Set(uuids)) found.set(uuid, await actorFrom(uuid));
  return (uuid: string): Actor.Implementation | null => found.get(uuid) ?? null;
}
