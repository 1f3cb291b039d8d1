import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hooks, resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { notifications } from "../fake-foundry/runtime";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring } from "./combat-fixtures";

await bootCombat();

beforeEach(() => resetWorld());

/** Four fighters; core sorts its turns by initiative, then by id, never by name. */
const fight = () =>
  setUpFight([
    { name: "Zora", disposition: DISPOSITIONS.friendly, owner: player("zora-player") },
    { name: "Mira", disposition: DISPOSITIONS.friendly, owner: player("mira-player") },
    { name: "Brute", disposition: DISPOSITIONS.hostile },
    { name: "Archer", disposition: DISPOSITIONS.hostile },
  ]);

describe("core's turn fields follow Brink's schedule", () => {
  it("points combat.turns[combat.turn] at the member taking a turn, in core's sorted order", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    expect(f.combat.turn).toBeNull();
    await asUser(player("zora-player"), () => f.combat.takeTurn(f.member("Zora").id ?? ""));
    const byId = [...f.combat.combatants].sort((a, b) => ((a.id ?? "") > (b.id ?? "") ? 1 : -1));
    expect(f.combat.turns.map((c) => c.id)).toEqual(byId.map((c) => c.id));
    expect(f.combat.turns[f.combat.turn ?? -1]?.name).toBe("Zora");
    expect(f.combat.combatant?.id).toBe(f.combat.turnState.current);
  });

  it("refuses core's initiative rolls, which would re-sort core's turns under Brink's acting member", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await f.combat.takeTurn(f.member("Mira").id ?? "");
    const writes = await writesDuring(async () => {
      await f.combat.rollAll();
      await f.combat.rollNPC();
      await f.combat.rollInitiative([f.member("Brute").id ?? ""]);
    });
    expect(writes).toEqual([]);
    expect([...f.combat.combatants].map((c) => c.initiative)).toEqual([null, null, null, null]);
    expect(f.combat.combatant?.name).toBe("Mira");
    expect(notifications.log.at(-1)).toEqual({
      level: "warn",
      message: "Brink has no initiative rolls: the teams take turns as the tracker shows.",
    });
  });

  it("keeps combat.turn on the acting member when a new initiative re-sorts core's turns", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    await f.combat.takeTurn(f.member("Mira").id ?? "");
    const last = f.combat.turns.at(-1);
    if (last?.name === "Mira") await f.member("Archer").update({ initiative: 20 });
    else await last?.update({ initiative: 20 });
    await f.combat.whenSynced();
    expect(f.combat.turns[0]?.initiative).toBe(20);
    expect(f.combat.combatant?.name).toBe("Mira");
  });
});

describe("core's combat hooks", () => {
  const heard: { hook: string; round: number; args: unknown[] }[] = [];
  const ids: [string, number][] = [];
  beforeEach(() => {
    heard.length = 0;
    for (const hook of ["combatStart", "combatTurn", "combatRound"]) {
      ids.push([
        hook,
        hooks.on(hook, (combat, ...args) => {
          // The round the combat had when the hook ran: core fires these before the update.
          heard.push({ hook, round: (combat as { round: number }).round, args: structuredClone(args) });
        }),
      ]);
    }
  });
  afterEach(() => {
    for (const [hook, id] of ids.splice(0)) hooks.off(hook, id);
  });

  it("fire combatStart when the GM begins, with the round and turn about to be written", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    expect(heard).toEqual([{ hook: "combatStart", round: 0, args: [{ round: 1, turn: null }] }]);
  });

  it("fire combatTurn when a player takes a turn, naming its place in core's turns", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    heard.length = 0;
    await asUser(player("zora-player"), () => f.combat.takeTurn(f.member("Zora").id ?? ""));
    const zora = f.combat.turns.findIndex((c) => c.name === "Zora");
    expect(heard).toEqual([
      {
        hook: "combatTurn",
        round: 1,
        args: [
          { round: 1, turn: zora },
          { direction: 1, worldTime: { delta: 0 } },
        ],
      },
    ]);
  });

  it("fire combatRound when a round ends and the next begins", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    heard.length = 0;
    await f.combat.endTheRound();
    expect(heard).toEqual([
      {
        hook: "combatRound",
        round: 1,
        args: [
          { round: 2, turn: null },
          { direction: 1, worldTime: { delta: 0 } },
        ],
      },
    ]);
  });

  it("fire combatRound backwards when the GM undoes the turn that ended a round", async () => {
    const f = await fight();
    await f.combat.begin({ startingTeam: f.teamId("Party") });
    for (const name of ["Zora", "Brute", "Mira", "Archer"]) {
      await f.combat.takeTurn(f.member(name).id ?? "");
      await f.combat.endTurn();
    }
    expect(f.combat.round).toBe(2);
    heard.length = 0;
    await f.combat.undoTurn();
    expect(heard).toEqual([
      {
        hook: "combatRound",
        round: 2,
        args: [
          { round: 1, turn: null },
          { direction: -1, worldTime: { delta: 0 } },
        ],
      },
    ]);
  });
});

describe("combat documents are the GM's", () => {
  it("refuse a player's own writes to the combat or to others' combatants, so Brink asks the GM", async () => {
    const f = await fight();
    const zora = player("zora-player");
    const before = f.combat.toObject();
    await expect(asUser(zora, () => f.combat.update({ system: { turnsStarted: 9 } }))).rejects.toThrow(
      /lacks permission/,
    );
    await expect(asUser(zora, () => f.member("Brute").update({ hidden: true }))).rejects.toThrow(
      /lacks permission/,
    );
    await expect(asUser(zora, () => Combat.implementation.create({}))).rejects.toThrow(/lacks permission/);
    expect(f.combat.toObject()).toEqual(before);
    // Their own combatant is theirs to write; the schedule still goes through the GM.
    await asUser(zora, () => f.member("Zora").update({ img: "icons/svg/sword.svg" }));
    await asUser(zora, () => f.combat.begin({ startingTeam: f.teamId("Party") }));
    expect(f.combat.turnState.phase).toBe("setup");
  });
});
