import { beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import type { BrinkCombat } from "../../src/documents/combat";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring } from "./combat-fixtures";

await bootCombat();

beforeEach(() => resetWorld());

const summary = (combat: BrinkCombat) =>
  combat.teams.map((team) => ({
    name: team.name,
    color: team.color,
    members: combat
      .membersOf(team.id ?? "")
      .map((c) => c.name)
      .sort(),
  }));

describe("teams from token disposition", () => {
  it("put friendly tokens in the Party, hostile ones in Foes and neutral ones in a third team", async () => {
    const writes = await writesDuring(() =>
      setUpFight([
        { name: "Roland", disposition: DISPOSITIONS.friendly },
        { name: "Guard", disposition: DISPOSITIONS.hostile },
        { name: "Innkeeper", disposition: DISPOSITIONS.neutral },
        { name: "Clementine", disposition: DISPOSITIONS.friendly },
        { name: "Lurker", disposition: -2 },
      ]),
    );
    const combat = game.combats?.contents[0] as BrinkCombat;
    expect(summary(combat)).toEqual([
      { name: "Party", color: "#3b6ea5", members: ["Clementine", "Roland"] },
      { name: "Foes", color: "#a33b32", members: ["Guard", "Lurker"] },
      { name: "Bystanders", color: "#b08a2e", members: ["Innkeeper"] },
    ]);
    expect(combat.turnState.teams).toEqual(combat.teams.map((team) => team.id));
    expect(combat.turnState.members).toHaveLength(5);
    // After the GM adds the combatants: the teams in one write, the assignments in one, the schedule in one.
    const combatWrites = writes.filter((w) =>
      ["Combat", "Combatant", "CombatantGroup"].includes(w.documentName),
    );
    expect(combatWrites.map((w) => `${w.action} ${w.documentName} ×${w.count}`)).toEqual([
      "create Combat ×1",
      "create Combatant ×5",
      "create CombatantGroup ×3",
      "update Combatant ×5",
      "update Combat ×1",
    ]);
  });

  it("add a later combatant to the team of its disposition without making another", async () => {
    const { combat, teamId } = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    await combat.begin({ startingTeam: teamId("Party") });
    const actor = await Actor.implementation.create({ name: "Reinforcement", type: "npc" });
    const [token] =
      (await combat.scene?.createEmbeddedDocuments("Token", [
        { name: "Reinforcement", actorId: actor?.id ?? "", disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE },
      ])) ?? [];
    await combat.createEmbeddedDocuments("Combatant", [
      { tokenId: token?.id ?? "", actorId: actor?.id ?? "" },
    ]);
    await combat.whenSynced();
    expect(summary(combat).map((team) => [team.name, team.members])).toEqual([
      ["Party", ["Roland"]],
      ["Foes", ["Guard", "Reinforcement"]],
    ]);
    // Joining mid-round, it may still act this round.
    const joined = combat.membersOf(teamId("Foes")).find((c) => c.name === "Reinforcement");
    expect(combat.turnState.members.find((m) => m.id === joined?.id)).toMatchObject({
      acted: false,
      canAct: true,
    });
  });
});

describe("team management by the GM", () => {
  it("adds, renames, recolours, reorders and removes teams, and moves members between them", async () => {
    const { combat, member, teamId } = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
      { name: "Turncoat", disposition: DISPOSITIONS.hostile },
    ]);
    expect((await combat.addTeam("Rebels")).ok).toBe(true);
    const rebels = teamId("Rebels");
    expect(combat.turnState.teams.at(-1)).toBe(rebels);

    await combat.editTeam(rebels, { name: "Free Company", color: "#228833" });
    expect(combat.groups.get(rebels)?.name).toBe("Free Company");
    expect(combat.groups.get(rebels)?.color).toBe("#228833");

    await combat.moveTeam(rebels, -1);
    expect(combat.teams.map((team) => team.name)).toEqual(["Party", "Free Company", "Foes"]);

    // Dragging the turncoat onto the new team.
    await combat.moveToTeam(member("Turncoat").id ?? "", rebels);
    await combat.whenSynced();
    expect(member("Turncoat").teamId).toBe(rebels);
    expect(combat.turnState.members.find((m) => m.id === member("Turncoat").id)?.teamId).toBe(rebels);

    notifications.log.length = 0;
    writeLog.length = 0;
    const refused = await combat.removeTeam(rebels);
    expect(refused.ok).toBe(false);
    expect(notifications.log.map((n) => n.message)).toEqual([
      "Free Company still has members. Move them to another team first.",
    ]);
    expect(writeLog).toEqual([]);

    await combat.moveToTeam(member("Turncoat").id ?? "", teamId("Foes"));
    expect((await combat.removeTeam(rebels)).ok).toBe(true);
    await combat.whenSynced();
    expect(combat.teams.map((team) => team.name)).toEqual(["Party", "Foes"]);
    expect(combat.turnState.teams).toEqual([teamId("Party"), teamId("Foes")]);
  });

  it("refuses a colour that is not a colour, and every team change from a player", async () => {
    const { combat, teamId, member } = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    notifications.log.length = 0;
    writeLog.length = 0;
    await combat.editTeam(teamId("Party"), { name: "Heroes", color: "blue" });
    await asUser(player("sneaky"), async () => {
      await combat.moveToTeam(member("Guard").id ?? "", teamId("Party"));
      await combat.moveTeam(teamId("Foes"), -1);
      await combat.removeTeam(teamId("Foes"));
    });
    expect(notifications.log.map((n) => n.message)).toEqual([
      "A team colour must look like #a33b32.",
      "Only the GM can do that.",
      "Only the GM can do that.",
      "Only the GM can do that.",
    ]);
    expect(writeLog).toEqual([]);
  });

  it("ends the turn of a combatant removed from the combat during it, and passes the move", async () => {
    const { combat, member, teamId } = await setUpFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly },
      { name: "Clementine", disposition: DISPOSITIONS.friendly },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    await combat.begin({ startingTeam: teamId("Party") });
    const roland = member("Roland");
    await combat.takeTurn(roland.id ?? "");
    await roland.delete();
    await combat.whenSynced();
    expect(combat.turnState.current).toBeNull();
    expect(combat.turnState.toMove).toBe(teamId("Foes"));
    expect(combat.turnState.members.map((m) => m.id)).not.toContain(roland.id);
    expect(combat.turnState.members).toHaveLength(2);
  });
});

describe("stored combat data", () => {
  it("loads a combat and combatant with no Brink data yet (made before the system was installed)", async () => {
    const combat = (await Combat.implementation.create({ system: {} })) as BrinkCombat;
    expect(combat.turnState).toMatchObject({
      mode: "teams",
      phase: "setup",
      round: 0,
      members: [],
      teams: [],
    });
    await combat.createEmbeddedDocuments("Combatant", [{ system: {} }]);
    expect(combat.combatants.contents[0]?.economy).toMatchObject({
      inTurn: false,
      reactionsLeft: 1,
      attacksThisRound: 0,
      extended: null,
    });
  });

  it("refuses to store a turn state the schema rejects", async () => {
    // The data is deliberately invalid, so it cannot be typed as a valid update.
    const combat = (await Combat.implementation.create({})) as BrinkCombat;
    await expect(combat.update({ system: { state: { phase: "halftime" } } } as never)).rejects.toThrow();
    expect(combat.turnState.phase).toBe("setup");
  });
});
