/**
 * Stored data that does not validate (issue 23): an actor whose stored source holds a d7, an
 * unknown condition, a pool above its maximum or a huge number still loads, those values repaired
 * (the model's migrateData); the same values written by an update are refused on the writing
 * client with a message naming the field, and nothing is sent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld } from "../fake-foundry/install";
import { bootBrink } from "../foundry/boot";

await bootBrink();
beforeEach(() => resetWorld());

interface Stored {
  attributes: { str: { die: number } };
  skills: { athletics: { die: number } };
  conditions: Set<string>;
  endurance: { value: number; max: number };
  health: { value: number; max: number };
  xp: number;
}
const stored = (actor: Actor.Implementation) => actor.system as unknown as Stored;

const BAD = {
  attributes: { str: { die: 7 } },
  skills: { athletics: { die: 3 } },
  conditions: ["prone", "bewitched"],
  endurance: { value: 15, max: 10 },
  health: { value: 1e300, max: 10 },
  xp: 1e300,
};

describe("an actor whose stored data does not validate", () => {
  it("loads, each bad value repaired: one bad field never hides the actor", async () => {
    const actor = await Actor.implementation.create({ name: "Odd", type: "character", system: BAD } as never);
    expect(actor).toBeDefined();
    const system = stored(actor as Actor.Implementation);
    expect(system.attributes.str.die).toBe(6);
    expect(system.skills.athletics.die).toBe(4);
    expect([...system.conditions]).toEqual(["prone"]);
    expect(system.endurance.value).toBe(10);
    expect(system.health.value).toBe(10);
    expect(Number.isSafeInteger(system.xp)).toBe(true);
  });

  it("refuses the same values in an update, naming the field, and changes nothing", async () => {
    const actor = (await Actor.implementation.create({
      name: "Even",
      type: "character",
    } as never)) as Actor.Implementation;
    const before = structuredClone(actor.toObject().system);
    const cases: [string, Record<string, unknown>][] = [
      ["system.attributes.str.die", { "system.attributes.str.die": 7 }],
      ["system.conditions", { "system.conditions": ["bewitched"] }],
      ["system.endurance.value", { "system.endurance.value": 15 }],
      ["system.xp", { "system.xp": 1e300 }],
    ];
    for (const [field, change] of cases) {
      notifications.log.length = 0;
      expect(await actor.update(change as never), field).toBeUndefined();
      expect(notifications.log.at(-1)?.message).toBe(
        game.i18n.format("BRINK.Actor.badValue", { name: "Even", field }),
      );
    }
    expect(actor.toObject().system).toEqual(before);
  });
});
