import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notifications, resetWorld, session, writeLog } from "../fake-foundry/install";
import { asUser } from "../fake-foundry/runtime";
import type { TurnRefusal } from "../../src/rules/team-turns";
import type { EconomyRefusal } from "../../src/rules/turn-economy";
import {
  bootCombat,
  DISPOSITIONS,
  player,
  setUpFight,
  writesDuring,
  type FighterSpec,
} from "./combat-fixtures";

await bootCombat();

const gm = session.user;
const rolandsPlayer = player("roland-player");
const clementinesPlayer = player("clementine-player");

const heroesAndGuards: FighterSpec[] = [
  { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
  { name: "Clementine", disposition: DISPOSITIONS.friendly, owner: clementinesPlayer },
  { name: "Guard Captain", disposition: DISPOSITIONS.hostile },
  { name: "Guard", disposition: DISPOSITIONS.hostile },
];

beforeEach(() => resetWorld());
afterEach(() => {
  gm.active = true;
});

const warnings = () => notifications.log.filter((notice) => notice.level === "warn").map((n) => n.message);

async function begunFight(fighters = heroesAndGuards) {
  const fight = await setUpFight(fighters);
  await fight.combat.begin({ startingTeam: fight.teamId("Party") });
  writeLog.length = 0;
  notifications.log.length = 0;
  return fight;
}

describe("a player's claim the GM's client refuses, writing nothing", () => {
  it("for a combatant the player does not own", async () => {
    const { combat, member } = await begunFight();
    const before = JSON.stringify(combat.turnState);
    const result = await asUser(rolandsPlayer, () => combat.takeTurn(member("Clementine").id ?? ""));
    expect(result.ok).toBe(false);
    expect(warnings()).toEqual(["You do not own Clementine."]);
    expect(writeLog).toEqual([]);
    expect(JSON.stringify(combat.turnState)).toBe(before);
  });

  it("when it is not their team's move", async () => {
    const { combat, member } = await begunFight();
    await asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? ""));
    await asUser(rolandsPlayer, () => combat.endTurn());
    writeLog.length = 0;
    const result = await asUser(clementinesPlayer, () => combat.takeTurn(member("Clementine").id ?? ""));
    expect(result.ok).toBe(false);
    expect(warnings()).toEqual(["It is not Clementine's team's move."]);
    expect(writeLog).toEqual([]);
  });

  it("for a member who has already acted this round", async () => {
    const { combat, member } = await begunFight();
    await asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? ""));
    await asUser(rolandsPlayer, () => combat.endTurn());
    await combat.takeTurn(member("Guard").id ?? "");
    await combat.endTurn();
    writeLog.length = 0;
    const result = await asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? ""));
    expect(result.ok).toBe(false);
    expect(warnings()).toEqual(["Roland has already acted this round."]);
    expect(writeLog).toEqual([]);
  });

  it("when the player tries to end someone else's turn or use the GM's tools", async () => {
    const { combat, member } = await begunFight();
    await asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? ""));
    writeLog.length = 0;
    await asUser(clementinesPlayer, async () => {
      await combat.endTurn();
      await combat.undoTurn();
      await combat.endTheRound();
      await combat.skipTurn(member("Guard").id ?? "");
      await combat.addTeam("Rebels");
    });
    expect(warnings()).toEqual([
      "It is Roland's turn, and you do not own Roland.",
      "Only the GM can do that.",
      "Only the GM can do that.",
      "Only the GM can do that.",
      "Only the GM can do that.",
    ]);
    expect(writeLog).toEqual([]);
    expect(combat.turnState.current).toBe(member("Roland").id);
  });

  it("when no GM is connected, with a message saying so", async () => {
    const { combat, member } = await begunFight();
    gm.active = false;
    const result = await asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? ""));
    expect(result).toEqual({ ok: false, reason: "BRINK.Request.noGM" });
    expect(warnings()).toEqual(["No GM is connected. Ask your GM to join before doing this."]);
    expect(writeLog).toEqual([]);
    expect(combat.turnState.current).toBeNull();
  });
});

describe("claims made in the same instant", () => {
  it("let exactly one player win; the other is told someone is already acting", async () => {
    const { combat, member } = await begunFight();
    const [roland, clementine] = await Promise.all([
      asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? "")),
      asUser(clementinesPlayer, () => combat.takeTurn(member("Clementine").id ?? "")),
    ]);
    expect([roland.ok, clementine.ok]).toEqual([true, false]);
    expect(combat.turnState.current).toBe(member("Roland").id);
    expect(warnings()).toEqual(["Someone is already taking a turn. Wait until they end it."]);
    expect(writeLog.map((write) => [write.documentName, write.userId])).toEqual([["Combat", "gm"]]);
  });
});

describe("writes per action", () => {
  const crowd = (size: number): FighterSpec[] =>
    Array.from({ length: size }, (_, index) => ({
      name: `Fighter ${index}`,
      disposition: index % 2 === 0 ? DISPOSITIONS.friendly : DISPOSITIONS.hostile,
      owner: index % 2 === 0 ? rolandsPlayer : undefined,
    }));

  it.each([4, 40])(
    "are one Combat update per claim, end of turn and round change with %i combatants",
    async (size) => {
      const { combat, member } = await begunFight(crowd(size));
      const claim = await writesDuring(() =>
        asUser(rolandsPlayer, () => combat.takeTurn(member("Fighter 0").id ?? "")),
      );
      const endTurn = await writesDuring(() => asUser(rolandsPlayer, () => combat.endTurn()));
      const endRound = await writesDuring(() => combat.endTheRound());
      for (const writes of [claim, endTurn, endRound]) {
        expect(writes.map((write) => `${write.action} ${write.documentName} ×${write.count}`)).toEqual([
          "update Combat ×1",
        ]);
      }
      expect(combat.turnState.round).toBe(2);
      expect(combat.round).toBe(2);
    },
  );

  it("a round that ends because the last member acted costs the same single write", async () => {
    const { combat, member } = await begunFight([
      { name: "Roland", disposition: DISPOSITIONS.friendly, owner: rolandsPlayer },
      { name: "Guard", disposition: DISPOSITIONS.hostile },
    ]);
    await asUser(rolandsPlayer, () => combat.takeTurn(member("Roland").id ?? ""));
    await asUser(rolandsPlayer, () => combat.endTurn());
    await combat.takeTurn(member("Guard").id ?? "");
    const writes = await writesDuring(() => combat.endTurn());
    expect(writes).toHaveLength(1);
    expect(combat.turnState.round).toBe(2);
    expect(combat.turnState.members.every((m) => !m.acted)).toBe(true);
  });
});

describe("refusal messages", () => {
  // Records keyed by the refusal unions: a new refusal without a message fails to compile.
  const turnRefusals: Record<TurnRefusal, string> = {
    "combat-not-started": "combatNotStarted",
    "combat-already-started": "combatAlreadyStarted",
    "combat-ended": "combatEnded",
    "turn-in-progress": "turnInProgress",
    "no-turn-in-progress": "noTurnInProgress",
    "not-your-team-move": "notYourTeamMove",
    "not-your-place": "notYourPlace",
    "already-acted": "alreadyActed",
    "cannot-act": "cannotAct",
    "not-in-surprise": "notInSurprise",
    "unknown-member": "unknownMember",
    "unknown-team": "unknownTeam",
    "duplicate-member": "duplicateMember",
    "duplicate-team": "duplicateTeam",
    "team-not-empty": "teamNotEmpty",
    "invalid-order": "invalidOrder",
    "missing-sequence": "missingSequence",
    "invalid-sequence": "invalidSequence",
    "nothing-to-undo": "nothingToUndo",
    "delay-not-available": "delayNotAvailable",
    "not-later": "notLater",
  };
  const economyRefusals: Record<EconomyRefusal, string> = {
    "not-your-turn": "notYourTurn",
    "no-actions-left": "noActionsLeft",
    "extended-in-progress": "extendedInProgress",
    "no-extended-action": "noExtendedAction",
    "already-moved": "alreadyMoved",
    "already-stepped": "alreadyStepped",
    "move-first": "moveFirst",
    "already-commanded": "alreadyCommanded",
    "no-reaction-left": "noReactionLeft",
    "not-readied": "notReadied",
    "not-enough-stamina": "notEnoughStamina",
    "not-enough-focus": "notEnoughFocus",
    "granted-one-action": "grantedOneAction",
  };

  it("exist in English for every refusal of the scheduler and the turn economy", () => {
    const missing = [
      ...Object.values(turnRefusals).map((key) => `BRINK.Combat.Refusal.${key}`),
      ...Object.values(economyRefusals).map((key) => `BRINK.Combat.Economy.${key}`),
    ].filter((key) => !game.i18n.has(key));
    expect(missing).toEqual([]);
  });
});
