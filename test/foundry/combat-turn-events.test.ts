/**
 * Core's turn events under team turns. Core runs its linear turn-event rule on every write of
 * `turn` or `round` unless the write passes `turnEvents: false`; Brink passes it and gives core's
 * turn-event methods (scene regions, effects, modules) the turns that really happen, in team order.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { combatSoundLog, coreTurnLog } from "../fake-foundry/combat-turn-events";
import { resetWorld } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import { bootCombat, DISPOSITIONS, player, setUpFight, type Fight } from "./combat-fixtures";

await bootCombat();

beforeEach(() => resetWorld());

const zora = player("zora-player");
const mira = player("mira-player");

async function fight(): Promise<Fight> {
  const f = await setUpFight([
    { name: "Zora", disposition: DISPOSITIONS.friendly, owner: zora },
    { name: "Mira", disposition: DISPOSITIONS.friendly, owner: mira },
    { name: "Brute", disposition: DISPOSITIONS.hostile },
    { name: "Archer", disposition: DISPOSITIONS.hostile },
  ]);
  await f.combat.begin({ startingTeam: f.teamId("Party") });
  return f;
}

/** The log with combatant ids turned into names. */
function namedLog(f: Fight) {
  const name = (id: string) => f.combat.combatants.get(id)?.name ?? id;
  return coreTurnLog.map((row) =>
    "combatantId" in row ? { event: row.event, name: name(row.combatantId), skipped: row.skipped } : row,
  );
}

const start = (name: string, skipped = false) => ({ event: "turnStart", name, skipped });
const end = (name: string, skipped = false) => ({ event: "turnEnd", name, skipped });

async function turn(f: Fight, name: string, as?: ReturnType<typeof player>) {
  const act = async () => {
    await f.combat.takeTurn(f.member(name).id ?? "");
    await f.combat.endTurn();
  };
  await (as ? asUser(as, act) : act());
}

describe("core's turn events follow the team order", () => {
  it("start and end the turn of the member who really acts, and each round once", async () => {
    const f = await fight();
    await turn(f, "Mira", mira);
    await turn(f, "Archer");
    await turn(f, "Zora", zora);
    await turn(f, "Brute");
    expect(namedLog(f)).toEqual([
      { event: "roundStart", round: 1 },
      start("Mira"),
      end("Mira"),
      start("Archer"),
      end("Archer"),
      start("Zora"),
      end("Zora"),
      start("Brute"),
      end("Brute"),
      { event: "roundEnd", round: 1 },
      { event: "roundStart", round: 2 },
    ]);
  });

  it("give a skipped member and one who cannot act a skipped turn, in team order", async () => {
    const f = await fight();
    await f.actor("Brute").update({ system: { conditions: ["unconscious"] } });
    await f.combat.whenSynced();
    await f.combat.skipTurn(f.member("Zora").id ?? "");
    await turn(f, "Archer");
    await turn(f, "Mira", mira);
    expect(namedLog(f)).toEqual([
      { event: "roundStart", round: 1 },
      start("Zora", true),
      end("Zora", true),
      start("Archer"),
      end("Archer"),
      start("Mira"),
      end("Mira"),
      start("Brute", true),
      end("Brute", true),
      { event: "roundEnd", round: 1 },
      { event: "roundStart", round: 2 },
    ]);
  });

  it("fire nothing when the GM undoes a turn, as core fires nothing backwards", async () => {
    const f = await fight();
    await turn(f, "Mira", mira);
    coreTurnLog.length = 0;
    await f.combat.undoTurn();
    expect(coreTurnLog).toEqual([]);
  });

  it("play 'your turn' to the player whose member acts and 'next up' to nobody, since teams choose who is next", async () => {
    const f = await fight();
    combatSoundLog.length = 0;
    await asUser(zora, () => f.combat.takeTurn(f.member("Zora").id ?? ""));
    expect(combatSoundLog).toEqual([{ userId: "zora-player", announcement: "yourTurn" }]);
  });
});
