import { createdDocuments, type ContractContext } from "./context";

/**
 * Where Foundry v14 differs from v13 in an API Brink uses, each generation answers as Brink's
 * boundary (src/foundry/generation.ts) expects. Every contract here runs in a world of either
 * generation and checks that generation's side; test/fake-foundry/README.md ("Two generations")
 * names the contract for each behaviour.
 */
export function generationContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const v14 = () => Number(game.release.generation) >= 14;
  const newActor = async (name: string, data: object = {}) =>
    track(await Actor.implementation.create({ name: `Contract: ${name}`, type: "character", ...data }));

  describe("Foundry generations", () => {
    it("name the generation in game.release", () => {
      assert.isTrue(
        [13, 14].includes(Number(game.release.generation)),
        `generation ${game.release.generation}`,
      );
    });

    it("key CONFIG.statusEffects by id on v14 and list them in an array on v13", () => {
      const configured = CONFIG.statusEffects as unknown;
      assert.equal(Array.isArray(configured), !v14());
      const dead = v14()
        ? (configured as Record<string, { id: string }>).dead
        : (configured as { id: string }[]).find((entry) => entry.id === "dead");
      assert.equal(dead?.id, "dead");
    });

    it("list v14's message modes in CONFIG.ChatMessage.modes and v13's roll modes in CONFIG.Dice.rollModes", () => {
      const modes = v14()
        ? Object.keys((CONFIG.ChatMessage as unknown as { modes: object }).modes)
        : Object.keys(CONFIG.Dice.rollModes);
      const expected = v14()
        ? ["public", "gm", "blind", "self"]
        : ["publicroll", "gmroll", "blindroll", "selfroll"];
      for (const mode of expected) assert.isTrue(modes.includes(mode), `${mode} in ${modes.join(", ")}`);
    });

    it("keep a user's mode in core.messageMode on v14 and core.rollMode on v13", () => {
      const mode = String(game.settings.get("core", (v14() ? "messageMode" : "rollMode") as "rollMode"));
      const known = v14()
        ? ["public", "ic", "gm", "blind", "self"]
        : ["publicroll", "gmroll", "blindroll", "selfroll"];
      assert.isTrue(known.includes(mode), mode);
    });

    it("whisper a blind message to the GMs and blind it (applyMode on v14, applyRollMode on v13)", () => {
      const data: { whisper?: string[]; blind?: boolean } = {};
      if (v14())
        (ChatMessage.implementation as unknown as { applyMode(d: object, m: string): void }).applyMode(
          data,
          "blind",
        );
      else ChatMessage.implementation.applyRollMode(data as never, "blindroll");
      const gms = game.users.filter((user) => user.isGM).map((user) => user.id);
      assert.deepEqual([...(data.whisper ?? [])].sort(), [...gms].sort());
      assert.equal(data.blind, true);
    });

    it("store an effect's changes in system.changes with a string type on v14, top-level with a mode on v13", async () => {
      const key = "system.attributes.str.bonus";
      const changes = v14()
        ? { system: { changes: [{ key, type: "add", value: "2", phase: "initial", priority: null }] } }
        : { changes: [{ key, mode: 2, value: "2" }] };
      const actor = await newActor("effect changes", { effects: [{ name: "Contract bonus", ...changes }] });
      const source = actor.effects.contents[0]?._source as unknown as {
        changes?: { mode: number }[];
        system?: { changes?: { type: string }[] };
      };
      if (v14()) assert.equal(source.system?.changes?.[0]?.type, "add");
      else assert.equal(source.changes?.[0]?.mode, 2);
      const bonus = (actor.system as unknown as { attributes: { str: { bonus: number } } }).attributes.str
        .bonus;
      assert.equal(bonus, 2, "the change applies");
    });

    it("name v14's change types with their default priorities in CONST.ACTIVE_EFFECT_CHANGE_TYPES", () => {
      const types = (CONST as unknown as { ACTIVE_EFFECT_CHANGE_TYPES?: Record<string, number> })
        .ACTIVE_EFFECT_CHANGE_TYPES;
      if (!v14()) return assert.equal(types, undefined);
      assert.deepEqual([types?.add, types?.override, types?.custom], [20, 50, 0]);
    });

    it("migrate a v13 effect (changes with a mode, rounds) to v14's shape as it loads", async () => {
      const key = "system.attributes.dex.bonus";
      const actor = await newActor("old effect", {
        effects: [
          { name: "Old", changes: [{ key, mode: 2, value: "1" }], duration: { rounds: 3, startRound: 2 } },
        ],
      });
      const source = actor.effects.contents[0]?._source as unknown as Record<string, unknown>;
      const bonus = (actor.system as unknown as { attributes: { dex: { bonus: number } } }).attributes.dex
        .bonus;
      assert.equal(bonus, 1, "the old change still applies");
      if (!v14()) {
        assert.deepEqual([(source.duration as { rounds: number }).rounds], [3]);
        return;
      }
      const system = source.system as { changes: { key: string; type: string }[] };
      assert.deepEqual(
        system.changes.map((c) => [c.key, c.type]),
        [[key, "add"]],
      );
      const duration = source.duration as { value: number; units: string };
      assert.deepEqual([duration.value, duration.units], [3, "rounds"]);
      assert.equal((source.start as { round: number }).round, 2);
    });
  });
}
