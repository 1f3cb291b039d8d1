import { CharacterData } from "../../src/data";
import type { ContractContext } from "./context";

/** What Brink assumes about DataModel fields, cleaning, validation and labels. */
export function dataModelContracts({ describe, it, assert }: ContractContext): void {
  const model = () => CharacterData;

  describe("Brink data models", () => {
    it("fill every field from its initial value when the source is empty", () => {
      const data = new (model())({}, {});
      assert.equal(data.endurance.value, 10);
      assert.equal(data.evasion, 6);
      assert.equal(data.attributes.str.die, 6);
      assert.equal(data.skills.combat.die, 0);
      assert.equal(data.luck.deathDifficulty, 10);
    });

    it("round and clamp numbers while cleaning", () => {
      const source = model().cleanData({ endurance: { value: -4, max: 12.6 }, exhaustion: 9 });
      const cleaned = source as { endurance: { value: number; max: number }; exhaustion: number };
      assert.equal(cleaned.endurance.value, 0);
      assert.equal(cleaned.endurance.max, 13);
      assert.equal(cleaned.exhaustion, 6);
    });

    it("turn a SetField source array into a Set", () => {
      const data = new (model())({ proficiencies: ["martial", "finesse"] }, {});
      assert.instanceOf(data.proficiencies, Set);
      assert.isTrue(data.proficiencies.has("martial"));
    });

    it("reject a value that is not one of a field's choices", () => {
      let failed = false;
      try {
        new (model())({ death: { pending: "banana" } } as never, { strict: true });
      } catch {
        failed = true;
      }
      assert.isTrue(failed, "a pending choice the rules do not have must not validate");
    });

    it("repair a stored die size that is not a choice when loading it (issue 23)", () => {
      const data = new (model())({ attributes: { str: { die: 7 } } }, { strict: true });
      assert.equal(data.attributes.str.die, 6);
    });

    it("migrate an older source shape when loading it", () => {
      // An old world's data does not match today's source types; that is the point.
      const data = new (model())({ attributes: { str: 8 }, deathDifficulty: 15 } as never, {});
      assert.equal(data.attributes.str.die, 8);
      assert.equal(data.luck.deathDifficulty, 15);
    });

    it("label fields from LOCALIZATION_PREFIXES", () => {
      const field = model().schema.getField("evasion");
      assert.equal(field?.label, game.i18n.localize("BRINK.Actor.base.FIELDS.evasion.label"));
      assert.isFalse(field?.label === "BRINK.Actor.base.FIELDS.evasion.label", "the key must be translated");
    });
  });
}
