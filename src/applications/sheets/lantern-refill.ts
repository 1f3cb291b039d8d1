/**
 * Refilling a lantern from a flask of oil the character carries (RULES §7.5, S1): the lantern burns
 * its full hours again and the flask's stack goes down by one, never deleted, in one write of the
 * actor's items. Refused with a message, writing nothing, when there is no oil or nothing to refill.
 */
import { GearData, itemData } from "../../data";
import { refillBlock } from "../../rules/exploration/light";
import { warn } from "../dialog-form";
import { writes } from "../../foundry/typed-writes";

/** [decision] The oil a lantern burns: a gear item of this name (the equipment pack ships one). */
export const OIL_FLASK_NAME = "BRINK.Light.Refill.oilName";

const REFUSAL = {
  "not-refillable": "BRINK.Light.Refill.notLantern",
  full: "BRINK.Light.Refill.full",
} as const;

/** Whether the item is a lantern that takes oil (whatever it holds now). */
export function isLantern(item: Item.Implementation): boolean {
  const gear = itemData(item, GearData);
  return gear !== null && refillBlock({ ...gear.light, left: 0 }) === null;
}

/** The first carried flask of oil with at least one left. */
function oilFlask(actor: Actor.Implementation): Item.Implementation | undefined {
  const name = game.i18n.localize(OIL_FLASK_NAME).toLocaleLowerCase();
  return actor.items.find((item) => {
    const gear = itemData(item, GearData);
    return gear !== null && !gear.dropped && gear.quantity > 0 && item.name.toLocaleLowerCase() === name;
  });
}

export async function refillLantern(
  actor: Actor.Implementation,
  lantern: Item.Implementation,
): Promise<boolean> {
  const gear = itemData(lantern, GearData);
  const block = gear ? refillBlock(gear.light) : "not-refillable";
  if (block) {
    warn(REFUSAL[block], { name: lantern.name });
    return false;
  }
  const flask = oilFlask(actor);
  const flaskData = flask ? itemData(flask, GearData) : null;
  if (!flask || !flaskData) {
    warn("BRINK.Light.Refill.noOil", { name: actor.name, item: lantern.name });
    return false;
  }
  // Both items in one write; the flask is counted down, never deleted.
  await actor.updateEmbeddedDocuments(
    "Item",
    writes.Item.updates([
      { _id: lantern.id, "system.light.left": null },
      { _id: flask.id, "system.quantity": flaskData.quantity - 1 },
    ]),
  );
  ui.notifications?.info(
    game.i18n.format("BRINK.Light.Refill.done", {
      item: lantern.name,
      hours: String(gear?.light.hours ?? 0),
      flask: flask.name,
      count: String(flaskData.quantity - 1),
    }),
  );
  return true;
}
