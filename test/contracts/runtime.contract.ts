import { createdDocuments, expectRefusal, type ContractContext } from "./context";

/**
 * Foundry's runtime as Brink's code calls it: hooks, collections, uuids, flags, Active Effect modes,
 * strings, templates, queries, targets and settings. The fake implements each the same way.
 */
export function runtimeContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const newActor = async (name: string, data: object = {}) =>
    track(await Actor.implementation.create({ name: `Contract: ${name}`, type: "character", ...data }));

  describe("Foundry hooks", () => {
    it("stop Hooks.call at the first handler that returns false, and run every handler for callAll", () => {
      const heard: string[] = [];
      // A hook name of the contract's own, which Foundry's typed hook list cannot know.
      const hooks = Hooks as unknown as {
        on(name: string, fn: () => unknown): number;
        off(name: string, id: number): void;
        call(name: string): boolean;
        callAll(name: string): boolean;
      };
      const name = "brinkContractProbe";
      const first = hooks.on(name, () => (heard.push("first"), false));
      const second = hooks.on(name, () => void heard.push("second"));
      const called = hooks.call(name);
      hooks.callAll(name);
      hooks.off(name, first);
      hooks.off(name, second);
      assert.isFalse(called);
      assert.deepEqual(heard, ["first", "first", "second"]);
    });
  });

  describe("Foundry documents at runtime", () => {
    it("iterate a world collection as documents and find one by name", async () => {
      const actor = await newActor("collection");
      assert.isTrue([...game.actors].includes(actor));
      assert.equal(game.actors.getName(actor.name)?.id, actor.id);
    });

    it("list world RollTables in game.tables", async () => {
      const table = await RollTable.implementation.create({ name: "Contract: table", formula: "1d4" });
      try {
        assert.isTrue([...game.tables].some((entry) => entry === table));
        assert.equal(game.tables.get(table?.id ?? "")?.name, "Contract: table");
      } finally {
        await table?.delete();
      }
    });

    it("resolve an embedded item's uuid, synchronously and not", async () => {
      const actor = await newActor("uuid");
      const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Rope", type: "gear" }]);
      assert.equal(fromUuidSync(item?.uuid ?? ""), item);
      assert.equal(await fromUuid(item?.uuid ?? ""), item);
    });

    it("delete a flag with unsetFlag", async () => {
      const actor = await newActor("flag", { flags: { brink: { probe: 1 } } });
      await actor.unsetFlag("brink" as never, "probe" as never);
      assert.equal(actor.getFlag("brink" as never, "probe" as never), undefined);
    });

    it("apply Active Effect changes by mode: add, multiply, override, upgrade, downgrade", async () => {
      const M = CONST.ACTIVE_EFFECT_MODES;
      const change = (key: string, mode: number, value: string) => ({ key, mode, value });
      const actor = await newActor("modes", {
        system: { speed: 6, fortitude: 1, evasion: 6, luck: { bonus: 0 } },
        effects: [
          {
            name: "Probe",
            changes: [
              change("system.speed", M.MULTIPLY, "2"),
              change("system.fortitude", M.OVERRIDE, "4"),
              change("system.evasion", M.UPGRADE, "3"),
              change("system.luck.bonus", M.DOWNGRADE, "-1"),
            ],
          },
        ],
      });
      const system = actor.system as unknown as {
        speed: number;
        fortitude: number;
        evasion: number;
        luck: { bonus: number };
      };
      assert.equal(system.speed, 12);
      assert.equal(system.fortitude, 4);
      assert.equal(system.evasion, 6, "upgrade keeps the larger value");
      assert.equal(system.luck.bonus, -1, "downgrade takes the smaller value");
    });
  });

  describe("Foundry strings and templates", () => {
    it("fill named placeholders in game.i18n.format", () => {
      assert.equal(
        game.i18n.format("BRINK.Request.unknown", {}),
        game.i18n.localize("BRINK.Request.unknown"),
      );
      assert.isTrue(game.i18n.has("BRINK.Request.unknown"));
    });

    it("refuse to render a template the system does not ship", async () => {
      const missing = "systems/brink/templates/contract-missing.hbs";
      await expectRefusal(foundry.applications.handlebars.renderTemplate(missing, {}));
    });
  });

  describe("Foundry queries, targets and settings", () => {
    it("open the system socket Brink's requests travel on (the manifest's socket flag)", () => {
      assert.isTrue((game.system as unknown as { socket?: boolean }).socket === true);
      assert.equal(typeof game.socket.emit, "function");
      assert.equal(typeof game.socket.on, "function");
    });

    it("keep a user's targets as a Set", () => {
      assert.instanceOf(game.user.targets, Set);
    });

    it("store a world setting and read it back", async () => {
      const before = game.settings.get("brink", "morale");
      await game.settings.set("brink", "morale", !before);
      assert.equal(game.settings.get("brink", "morale"), !before);
      await game.settings.set("brink", "morale", before);
    });
  });

  describe("Foundry's world time", () => {
    it("advance the world time and tell updateWorldTime the new time, the delta and who advanced it", async () => {
      const before = game.time.worldTime;
      const heard: unknown[][] = [];
      const id = Hooks.on("updateWorldTime", (...args: unknown[]) => void heard.push(args));
      const after = await game.time.advance(6);
      Hooks.off("updateWorldTime", id);
      await game.time.advance(-6);
      assert.equal(after, before + 6);
      const [worldTime, delta, , userId] = heard[0] ?? [];
      assert.equal(worldTime, before + 6);
      assert.equal(delta, 6);
      assert.equal(userId, game.user.id);
    });
  });
}
