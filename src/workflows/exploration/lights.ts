/**
 * The party's light sources through a travel turn (RULES §7.5): every lit (equipped, not dropped)
 * torch or lantern a party member carries burns an hour; each actor's items are written in one
 * batched update. A revert puts back each item that still holds what the turn left there.
 */
import { GearData, itemData, type LightRecord, type LightSnapshot } from "../../data";
import { burnHour, isLightSource, type LightState } from "../../rules/exploration/light";
import { writes } from "../../foundry/typed-writes";

interface LitSource {
  actor: Actor.Implementation;
  item: Item.Implementation;
  state: LightState;
}

function lightSourceOf(actor: Actor.Implementation, item: Item.Implementation): LitSource | null {
  const gear = itemData(item, GearData);
  if (!gear || !isLightSource(gear.light.hours) || gear.dropped) return null;
  const state: LightState = {
    hours: gear.light.hours,
    left: gear.light.left,
    quantity: gear.quantity,
    lit: gear.equipped,
    consumed: gear.light.consumed,
  };
  return { actor, item, state };
}

const snapshot = (state: LightState): LightSnapshot => ({
  left: state.left,
  quantity: state.quantity,
  equipped: state.lit,
});

export function lightSources(actors: readonly Actor.Implementation[]): LitSource[] {
  return actors.flatMap((actor) =>
    actor.items.contents.flatMap((item) => {
      const source = lightSourceOf(actor, item);
      return source ? [source] : [];
    }),
  );
}

/** What an hour does to each lit source, before anything is written. */
export function burnLights(actors: readonly Actor.Implementation[]): LightRecord[] {
  return lightSources(actors).flatMap(({ actor, item, state }) => {
    const burn = burnHour(state);
    if (!burn) return [];
    return [
      {
        actorUuid: actor.uuid,
        actorName: actor.name,
        itemId: item.id ?? "",
        itemName: item.name,
        event: burn.event,
        hoursLeft: burn.hoursLeft,
        before: snapshot(state),
        after: snapshot(burn.after),
      },
    ];
  });
}

/** Every lit source burns an hour, so the party keeps light only where one is still burning. */
export const stillLit = (records: readonly LightRecord[]): boolean =>
  records.some((record) => record.event === "burning");

const itemUpdate = (itemId: string, light: LightSnapshot) => ({
  _id: itemId,
  system: { equipped: light.equipped, quantity: light.quantity, light: { left: light.left } },
});

/** Writes each record's `pick` side, one batched item update per actor. */
export async function writeLights(
  records: readonly LightRecord[],
  pick: "before" | "after",
  actorOf: (uuid: string) => Actor.Implementation | null,
): Promise<void> {
  const byActor = new Map<string, LightRecord[]>();
  for (const record of records) {
    if (record.event === "dark") continue;
    byActor.set(record.actorUuid, [...(byActor.get(record.actorUuid) ?? []), record]);
  }
  for (const [uuid, list] of byActor) {
    const actor = actorOf(uuid);
    if (actor)
      await actor.updateEmbeddedDocuments(
        "Item",
        writes.Item.updates(list.map((r) => itemUpdate(r.itemId, r[pick]))),
      );
  }
}

/** The items a revert cannot put back: gone, or changed since the turn burnt them. */
export function changedLights(
  records: readonly LightRecord[],
  actorOf: (uuid: string) => Actor.Implementation | null,
): string[] {
  return records.flatMap((record) => {
    if (record.event === "dark") return [];
    const actor = actorOf(record.actorUuid);
    const item = actor?.items.get(record.itemId);
    const source = actor && item ? lightSourceOf(actor, item) : null;
    const now = source ? snapshot(source.state) : null;
    const same =
      now !== null &&
      now.left === record.after.left &&
      now.quantity === record.after.quantity &&
      now.equipped === record.after.equipped;
    return same ? [] : [record.itemName];
  });
}
