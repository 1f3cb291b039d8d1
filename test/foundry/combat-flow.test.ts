import { beforeEach, describe, expect, it } from "vitest";
import { resetWorld, writeLog } from "../fake-foundry/install";
import { answerDialog, shownDialogs } from "../fake-foundry/ui";
import { onClientOf } from "../support/clients";
import { beginChoicesFrom, trackerView } from "../../src/applications/combat";
import { bootCombat, DISPOSITIONS, player, setUpFight, writesDuring } from "./combat-fixtures";

await bootCombat();

beforeEach(() => {
  resetWorld();
  shownDialogs.length = 0;
});

const goblinAmbush = () =>
  setUpFight([
    { name: "Roland", disposition: DISPOSITIONS.friendly, owner: player("roland-player") },
    { name: "Goblin 1", disposition: DISPOSITIONS.hostile },
    { name: "Goblin 2", disposition: DISPOSITIONS.hostile },
  ]);

describe("Begin combat", () => {
  it("asks which team started the fight and which have surprise, then runs the surprise round first", async () => {
    const f = await goblinAmbush();
    const foes = f.teamId("Foes");
    answerDialog({ startingTeam: foes, attackedTeam: "", [`surprise.${foes}`]: true });
    await f.combat.startCombat();
    expect(shownDialogs.map((dialog) => dialog.title)).toEqual(["BRINK.Combat.Begin.title"]);
    expect(shownDialogs[0]?.content).toContain("Team that started the fight");
    expect(shownDialogs[0]?.content).toContain("Foes");
    expect(f.combat.turnState).toMatchObject({ phase: "surprise", round: 1, toMove: foes });
    expect(f.combat.turnState.teams[0]).toBe(foes);
    expect(f.combat.round).toBe(1);
  });

  it("does nothing when the GM closes the dialog", async () => {
    const f = await goblinAmbush();
    answerDialog(null);
    const writes = await writesDuring(() => f.combat.startCombat());
    expect(writes).toEqual([]);
    expect(f.combat.turnState.phase).toBe("setup");
  });

  it("keeps only choices that name this combat's teams", () => {
    expect(
      beginChoicesFrom({ startingTeam: "b", attackedTeam: "b", surprising: ["a", "zzz"] }, ["a", "b"]),
    ).toEqual({ startingTeam: "b", surprisingTeams: ["a"] });
    expect(beginChoicesFrom({ startingTeam: "", attackedTeam: "a", surprising: [] }, ["a", "b"])).toEqual({
      attackedTeam: "a",
      surprisingTeams: [],
    });
  });
});

describe("core's combat fields follow the schedule", () => {
  it("point core's turn at the acting combatant and clear it between turns, in the same write", async () => {
    const f = await goblinAmbush();
    await f.combat.begin({ startingTeam: f.teamId("Foes") });
    await f.combat.takeTurn(f.member("Goblin 2").id ?? "");
    expect(f.combat.combatant?.id).toBe(f.member("Goblin 2").id);
    await f.combat.endTurn();
    expect(f.combat.turn).toBeNull();
    expect(f.combat.started).toBe(true);
  });

  it("map core's next turn, previous turn and next round controls onto the schedule", async () => {
    const f = await goblinAmbush();
    await f.combat.begin({ startingTeam: f.teamId("Foes") });
    await f.combat.takeTurn(f.member("Goblin 1").id ?? "");
    await f.combat.nextTurn();
    expect(f.combat.turnState.toMove).toBe(f.teamId("Party"));
    await f.combat.previousTurn();
    expect(f.combat.turnState.toMove).toBe(f.teamId("Foes"));
    expect(f.combat.turnState.members.every((member) => !member.acted)).toBe(true);
    await f.combat.nextRound();
    expect(f.combat.turnState.round).toBe(2);
  });
});

describe("End combat", () => {
  it("ends the turn in progress for every client's hooks, then removes the combat", async () => {
    const f = await goblinAmbush();
    await f.combat.begin({ startingTeam: f.teamId("Foes") });
    await f.combat.takeTurn(f.member("Goblin 1").id ?? "");
    const ended: string[] = [];
    const id = Hooks.on(
      "brink.turnEnd",
      onClientOf("gm", (_combat, combatant) => ended.push(combatant?.name ?? "")),
    );
    answerDialog({});
    writeLog.length = 0;
    await f.combat.endCombat();
    Hooks.off("brink.turnEnd", id);
    expect(ended).toEqual(["Goblin 1"]);
    expect(writeLog.map((write) => `${write.action} ${write.documentName}`)).toEqual([
      "update Combat",
      "delete Combat",
    ]);
    expect(game.combats?.size).toBe(0);
  });

  it("keeps the combat when the GM thinks better of it", async () => {
    const f = await goblinAmbush();
    answerDialog(null);
    await f.combat.endCombat();
    expect(game.combats?.size).toBe(1);
  });
});

describe("the tracker without a combat", () => {
  it("says there is none and offers nothing", () => {
    const view = trackerView(null, { isGM: true, owns: () => true });
    expect(view).toMatchObject({ hasCombat: false, sections: [], canBegin: false, canEndCombat: false });
    expect(view.moveLabel).toBe("No combat. Add tokens to one to begin.");
  });
});
