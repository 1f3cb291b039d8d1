/**
 * Typed writes: a payload naming a field Brink's data models do not have, or giving a field a value of
 * the wrong type, fails the type check (`npx tsc --noEmit -p .` checks each `@ts-expect-error`: an
 * error that stops happening fails it). At run time the payload passes through unchanged.
 */
import { describe, expect, it } from "vitest";
import { writes } from "../../src/foundry/typed-writes";

describe("typed writes", () => {
  it("accept nested and dotted paths of Brink's models, and return the payload unchanged", () => {
    const nested = { system: { health: { value: 3 } } };
    expect(writes.Actor.update(nested)).toBe(nested);
    const dotted = writes.Actor.update({ "system.health.value": 3, "system.conditions": ["dying"] });
    expect(dotted).toEqual({ "system.health.value": 3, "system.conditions": ["dying"] });
    expect(writes.Item.updates([{ _id: "a", system: { dropped: true } }])).toHaveLength(1);
    expect(
      writes.Combat.update({ "system.pendingRetreat": [], "system.pendingRetreatBy": null }),
    ).toBeTruthy();
  });

  it("refuse a path the models do not have, or a value of the wrong type", () => {
    // @ts-expect-error: actors have no `system.helth`
    writes.Actor.update({ "system.helth.value": 3 });
    // @ts-expect-error: a nested misspelling fails too
    writes.Actor.update({ system: { health: { valu: 3 } } });
    // @ts-expect-error: health's value is a number
    writes.Actor.update({ "system.health.value": "3" });
    // @ts-expect-error: items have no `system.dropd`
    writes.Item.updates([{ _id: "a", system: { dropd: true } }]);
    // @ts-expect-error: a pending retreat lists actor uuids
    writes.Combat.update({ "system.pendingRetreat": [1] });
    // @ts-expect-error: conditions are Brink's status ids
    writes.Actor.update({ "system.conditions": ["sleepy"] });
    // @ts-expect-error: no chat card has `system.helaed`
    writes.ChatMessage.update({ system: { helaed: [] } });
    // @ts-expect-error: a created item's system is checked too (an injury's permanent is a boolean)
    writes.Item.create({ name: "Scar", type: "injury", system: { permanent: "yes" } });
    // @ts-expect-error: a created item needs a name
    writes.Item.create({ type: "gear" });
    expect(true).toBe(true);
  });
});
