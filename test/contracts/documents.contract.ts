import { createdDocuments, rejects, type ContractContext } from "./context";

/** What Brink assumes about documents: preparation order, effects, embedded writes, validation. */
export function documentContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const ADD = CONST.ACTIVE_EFFECT_MODES.ADD;

  describe("Brink documents", () => {
    it("apply item effects between base and derived data, so injuries step dice down", async () => {
      const actor = track(
        await Actor.implementation.create({ name: "Contract: injured", type: "character" }),
      );
      await actor.createEmbeddedDocuments("Item", [
        {
          name: "Serious Injury",
          type: "injury",
          effects: [
            {
              name: "Serious Injury",
              transfer: true,
              changes: [{ key: "system.attributes.str.steps", mode: ADD, value: "1" }],
            },
          ],
        },
      ]);
      const system = actor.system as unknown as { attributes: { str: { die: number; value: number } } };
      assert.equal(system.attributes.str.die, 6, "the source die is unchanged");
      assert.equal(system.attributes.str.value, 4, "the effective die is one step down");
    });

    it("derive harmed and bloodied from the pools after an update", async () => {
      const actor = track(await Actor.implementation.create({ name: "Contract: pools", type: "character" }));
      await actor.update({ system: { endurance: { value: 5 }, health: { value: 9 } } });
      const system = actor.system as unknown as { harmed: boolean; bloodied: boolean };
      assert.isTrue(system.harmed);
      assert.isTrue(system.bloodied);
    });

    it("add worn armour to deflection", async () => {
      const actor = track(await Actor.implementation.create({ name: "Contract: armour", type: "character" }));
      await actor.createEmbeddedDocuments("Item", [
        {
          name: "Chain",
          type: "armour",
          system: { equipped: true, deflection: { physical: 5, elemental: 0 } },
        },
        {
          name: "Spare plate",
          type: "armour",
          system: { equipped: false, deflection: { physical: 8, elemental: 1 } },
        },
      ]);
      const system = actor.system as unknown as { defence: { physical: number; elemental: number } };
      assert.equal(system.defence.physical, 5);
      assert.equal(system.defence.elemental, 0);
    });

    it("refuse an update the model rejects and keep the old value", async () => {
      const actor = track(
        await Actor.implementation.create({ name: "Contract: invalid", type: "character" }),
      );
      // A choice the rules do not have (Brink repairs only what old or hand-edited data may hold).
      const refused = await rejects(actor.update({ system: { death: { pending: "banana" } } } as never));
      const system = actor.system as unknown as { death: { pending: string | null } };
      assert.isTrue(refused, "the update must be refused");
      assert.equal(system.death.pending, null);
    });

    it("show harmed and bloodied as statuses and token effects without storing an effect", async () => {
      const actor = track(
        await Actor.implementation.create({ name: "Contract: wounded", type: "character" }),
      );
      await actor.update({ system: { endurance: { value: 2 }, health: { value: 8 } } });
      assert.isTrue(actor.statuses.has("harmed"));
      assert.isTrue(actor.statuses.has("bloodied"));
      const shown = actor.temporaryEffects.flatMap((effect) => [...effect.statuses]);
      assert.isTrue(shown.includes("harmed") && shown.includes("bloodied"), "the token shows both");
      assert.equal(actor.effects.size, 0, "nothing was written to the actor");
    });

    it("mark dropped items without deleting them", async () => {
      const actor = track(
        await Actor.implementation.create({ name: "Contract: dropped", type: "character" }),
      );
      const [rope] = await actor.createEmbeddedDocuments("Item", [
        { name: "Rope", type: "gear", system: { equipped: true } },
      ]);
      await rope?.update({ system: { dropped: true } });
      assert.equal(actor.items.size, 1);
      const system = actor.items.contents[0]?.system as unknown as { dropped: boolean };
      assert.isTrue(system.dropped);
    });
  });
}
