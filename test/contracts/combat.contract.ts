import { BrinkCombat, TURN_EVENTS_OPTION } from "../../src/documents/combat";
import { createdDocuments, until, type ContractContext } from "./context";

/**
 * What Brink's combat code and the fake assume about Foundry's Combat, Combatant and CombatantGroup:
 * teams embedded in the combat, the group field, one update carrying the whole turn state with core's
 * round and turn, and update options reaching the updateCombat hook.
 */
export function combatContracts(context: ContractContext): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);

  async function newCombat(): Promise<BrinkCombat> {
    const combat = await Combat.implementation.create({});
    if (!(combat instanceof BrinkCombat)) throw new Error("combats are not Brink's");
    return track(combat);
  }

  async function combatWithTeam() {
    const combat = await newCombat();
    const [team] = await combat.createEmbeddedDocuments("CombatantGroup", [
      { name: "Contract: party", system: { color: "#123456", disposition: 1 } },
    ]);
    if (!team?.id) throw new Error("the group was not created");
    return { combat, teamId: team.id };
  }

  describe("Brink combat documents", () => {
    it("embed teams as CombatantGroups in the combat, with Brink's team data", async () => {
      const { combat, teamId } = await combatWithTeam();
      const team = combat.groups.get(teamId);
      assert.equal(team?.name, "Contract: party");
      assert.equal(team?.system.color, "#123456");
      assert.equal(team?.system.disposition, 1);
    });

    it("resolve a combatant's group to the team, which lists the combatant among its members", async () => {
      const { combat, teamId } = await combatWithTeam();
      const actor = track(await Actor.implementation.create({ name: "Contract: member", type: "npc" }));
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id ?? "", group: teamId }]);
      await combat.whenSynced();
      const combatant = combat.combatants.contents[0];
      assert.equal(combatant?.teamId, teamId);
      assert.equal(combatant?.actor?.id, actor.id);
      assert.isTrue(
        [...(combat.groups.get(teamId)?.members ?? [])].some((member) => member.id === combatant?.id),
      );
    });

    it("tell the combat of a created combatant through _onCreateDescendantDocuments, the writer's id last", async () => {
      const { combat } = await combatWithTeam();
      const seen: unknown[][] = [];
      // Watching this one instance: the class's own method still runs.
      const watched = combat as unknown as { _onCreateDescendantDocuments(...args: unknown[]): void };
      const original = watched._onCreateDescendantDocuments.bind(combat);
      watched._onCreateDescendantDocuments = (...args: unknown[]) => {
        seen.push(args);
        original(...args);
      };
      await combat.createEmbeddedDocuments("Combatant", [{ name: "Contract: watched" }]);
      await combat.whenSynced();
      const created = seen.find((args) => args[1] === "combatants");
      assert.isTrue(created !== undefined, "the combat heard of the new combatant");
      assert.equal(created?.at(-1), game.user.id);
    });

    it("give a new combatant an economy with one reaction and nothing spent", async () => {
      const { combat } = await combatWithTeam();
      await combat.createEmbeddedDocuments("Combatant", [{ name: "Contract: fresh" }]);
      await combat.whenSynced();
      const system = combat.combatants.contents[0]?.system;
      assert.equal(system?.reactionsLeft, 1);
      assert.equal(system?.actionsLeft, 0);
      assert.equal(system?.extended, null);
    });

    it("write the turn state, round and turn in one update, replacing arrays rather than merging them", async () => {
      const combat = await newCombat();
      const member = (id: string) => ({
        id,
        teamId: "team",
        canAct: true,
        cannotBeSurprised: false,
        acted: false,
      });
      const state = { ...combat.turnState, phase: "normal" as const, round: 1, teams: ["team"] };
      await combat.update({
        round: 1,
        turn: null,
        system: { state: { ...state, members: [member("a"), member("b")] } },
      });
      await combat.update({
        round: 2,
        turn: null,
        system: { state: { ...state, round: 2, members: [member("b")] } },
      });
      assert.equal(combat.round, 2);
      assert.equal(combat.turn, null);
      assert.deepEqual(
        combat.turnState.members.map((m) => m.id),
        ["b"],
      );
      assert.equal(combat.turnState.phase, "normal");
    });

    it("hand an update's own options to the updateCombat hook, where Brink's hooks fire", async () => {
      const combat = await newCombat();
      let seen: unknown = null;
      const id = Hooks.on("updateCombat", (_combat, _changed, options) => {
        // Custom options are not part of core's typed update options.
        seen = (options as Record<string, unknown>)[TURN_EVENTS_OPTION];
      });
      const events = [{ type: "roundEnd", round: 1 }];
      await combat.update({ round: 1 }, { [TURN_EVENTS_OPTION]: events } as never);
      Hooks.off("updateCombat", id);
      assert.deepEqual(seen, events);
    });

    it("sort core's turns by initiative (highest first, none last), then by id, never by name", async () => {
      const combat = await newCombat();
      const made = await combat.createEmbeddedDocuments("Combatant", [
        { name: "Contract: Bea", initiative: null },
        { name: "Contract: Cal", initiative: 5 },
        { name: "Contract: Abe", initiative: null },
        { name: "Contract: Dot", initiative: 12 },
      ]);
      const id = (name: string) => made.find((combatant) => combatant.name === name)?.id ?? "";
      const unrolled = [id("Contract: Bea"), id("Contract: Abe")].sort();
      assert.deepEqual(
        combat.turns.map((combatant) => combatant.id),
        [id("Contract: Dot"), id("Contract: Cal"), ...unrolled],
      );
    });

    it("name the combatant after turn in core's order as nextCombatant, wrapping to the first", async () => {
      const combat = await newCombat();
      await combat.createEmbeddedDocuments("Combatant", [
        { name: "Contract: first", initiative: 9 },
        { name: "Contract: second", initiative: 3 },
      ]);
      await combat.whenSynced();
      // Core's getter, which BrinkCombat replaces (under team turns nobody is next up).
      const core = Object.getPrototypeOf(BrinkCombat.prototype) as object;
      const next = () =>
        (
          Object.getOwnPropertyDescriptor(core, "nextCombatant")?.get?.call(
            combat,
          ) as Combatant.Implementation
        )?.name;
      await combat.update({ round: 1, turn: 0 }, { turnEvents: false });
      assert.equal(next(), "Contract: second");
      await combat.update({ turn: 1 }, { turnEvents: false });
      assert.equal(next(), "Contract: first");
    });

    it("run core's linear turn events on the active GM's client after a turn write, none backwards or with turnEvents: false", async () => {
      const combat = await newCombat();
      const made = await combat.createEmbeddedDocuments("Combatant", [
        { name: "Contract: one", initiative: 30 },
        { name: "Contract: two", initiative: 20 },
        { name: "Contract: three", initiative: 10 },
      ]);
      await combat.whenSynced();
      const name = (id: string | null | undefined) => made.find((combatant) => combatant.id === id)?.name;
      const heard: string[] = [];
      // Spies on this instance only: core calls these protected methods on the combat it updates.
      const spy = combat as unknown as Record<string, unknown>;
      spy._onStartTurn = async (combatant: Combatant.Implementation, context: { skipped: boolean }) => {
        heard.push(`start ${name(combatant.id)}${context.skipped ? " skipped" : ""}`);
      };
      spy._onEndTurn = async (combatant: Combatant.Implementation, context: { skipped: boolean }) => {
        heard.push(`end ${name(combatant.id)}${context.skipped ? " skipped" : ""}`);
      };
      spy._onStartRound = async () => heard.push("round start");
      spy._onEndRound = async () => heard.push("round end");
      await combat.update({ round: 1, turn: 0 });
      assert.isTrue(await until(() => heard.length >= 2), "the combat's start fires no events");
      await combat.update({ turn: 2 });
      assert.isTrue(await until(() => heard.length >= 5), "the jump fires no events");
      const linear = [...heard];
      await combat.update({ turn: 1 });
      await combat.update({ turn: 0 }, { turnEvents: false });
      await combat.update({ round: 2 }, { turnEvents: false });
      // Core's events run after the write without a promise to await: give them time to show.
      await until(() => heard.length > linear.length, 500);
      assert.deepEqual(linear, [
        "round start",
        "start Contract: one",
        "end Contract: one",
        "start Contract: two skipped",
        "end Contract: two skipped",
        "start Contract: three",
      ]);
      assert.deepEqual(heard, linear);
    });

    it("give the updateCombat hook the id of the user who wrote, whatever the options claim", async () => {
      const combat = await newCombat();
      let writer: unknown = null;
      const id = Hooks.on("updateCombat", (_combat, _changed, _options, userId) => {
        writer = userId;
      });
      await combat.update({ round: 1 }, { userId: "someoneElse0000", [TURN_EVENTS_OPTION]: [] } as never);
      Hooks.off("updateCombat", id);
      assert.equal(writer, game.user?.id);
    });

    it("make game.combat the combat the tracker views, game.combats.viewed", async () => {
      await newCombat();
      assert.equal(game.combat, game.combats?.viewed ?? null);
    });

    it("fire combatRound from core's nextRound before the update, with the data about to be written", async () => {
      const combat = await newCombat();
      await combat.update({ round: 1, turn: 0 });
      const heard: unknown[] = [];
      const id = Hooks.on("combatRound", (hooked, updateData, updateOptions) => {
        // fvtt-types types these options as v12's; v13 passes `worldTime: { delta }`.
        const { worldTime } = updateOptions as unknown as { worldTime?: { delta?: unknown } };
        heard.push({
          round: hooked.round,
          updateData: { ...updateData },
          direction: updateOptions.direction,
          delta: typeof worldTime?.delta,
        });
      });
      // Core's own nextRound, which BrinkCombat replaces with its schedule.
      const core = Object.getPrototypeOf(BrinkCombat.prototype) as BrinkCombat;
      await core.nextRound.call(combat);
      Hooks.off("combatRound", id);
      assert.deepEqual(heard, [
        { round: 1, updateData: { round: 2, turn: 0 }, direction: 1, delta: "number" },
      ]);
    });

    it("mark a combatant defeated from core's tracker toggle by giving its actor the special DEFEATED status", async () => {
      const combat = await newCombat();
      const actor = track(await Actor.implementation.create({ name: "Contract: fallen", type: "npc" }));
      const [combatant] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id ?? "" }]);
      await combat.whenSynced();
      if (!combatant) throw new Error("the combatant was not created");
      // Core's own handler, which BrinkCombatTracker replaces; called on its prototype.
      const { CombatTracker } = foundry.applications.sidebar.tabs;
      const toggle = (CombatTracker.prototype as unknown as Record<string, (c: unknown) => Promise<void>>)
        ._onToggleDefeatedStatus;
      await toggle?.call(ui.combat, combatant);
      assert.isTrue(combatant.defeated);
      assert.isTrue(actor.statuses.has(CONFIG.specialStatusEffects.DEFEATED));
      await toggle?.call(ui.combat, combatant);
      assert.isFalse(combatant.defeated);
      assert.isFalse(actor.statuses.has(CONFIG.specialStatusEffects.DEFEATED));
    });

    it("give core's tracker the row actions Brink's rows name: activate, ping, pan, hide, defeated", () => {
      const { CombatTracker } = foundry.applications.sidebar.tabs;
      const actions = (CombatTracker.DEFAULT_OPTIONS as { actions?: Record<string, unknown> }).actions ?? {};
      for (const action of [
        "activateCombatant",
        "pingCombatant",
        "panToCombatant",
        "toggleHidden",
        "toggleDefeated",
      ])
        assert.equal(typeof actions[action], "function", action);
    });
  });
}
