/**
 * Who moves first and next in a simulated fight: the initiative rule the world uses, and a fight under
 * way picked up from the tracker's own schedule.
 */
import { describe, expect, it } from "vitest";
import { fixedDice } from "../../src/rules/dice";
import { DEFAULT_RULES, prepareFight, type Odds } from "../../src/rules/simulation";
import {
  beginCombat,
  endTurn,
  membersToMove,
  setupTurnState,
  takeTurn,
  type TurnResult,
  type TurnState,
} from "../../src/rules/team-turns";
import { encounter, fighter, oddsOf as odds, prepared } from "./simulation-fixtures";

const withDex = (dex: 4 | 6 | 12) => ({
  attributes: { str: 6, dex, con: 6, int: 6, wis: 6, cha: 6 } as const,
});

describe("initiative in a simulated fight", () => {
  it("under the DEX rule the quicker fighter moves first, whichever side started the fight", () => {
    const quickHero = [fighter("hero", "party", {}, withDex(12)), fighter("foe", "foes", {}, withDex(4))];
    const quickFoe = [fighter("hero", "party", {}, withDex(4)), fighter("foe", "foes", {}, withDex(12))];
    const dexterity = { ...DEFAULT_RULES, initiativeMode: "dexterity" as const };
    // No tie, so the order costs no dice: the same fights as the side-by-side rule with that side first.
    expect(odds(encounter(quickHero, { rules: dexterity, startingSide: "foes" }))).toEqual(
      odds(encounter(quickHero, { startingSide: "party" })),
    );
    expect(odds(encounter(quickFoe, { rules: dexterity, startingSide: "party" }))).toEqual(
      odds(encounter(quickFoe, { startingSide: "foes" })),
    );
  });

  describe("under the DEX-test rule (each player character tests DEX against 6)", () => {
    const dexterityTest = { ...DEFAULT_RULES, initiativeMode: "dexterity-test" as const };
    const firstToMove = (hero: ReturnType<typeof fighter>, faces: number[]) => {
      const p = prepared(
        encounter([hero, fighter("x", "foes"), fighter("y", "foes")], { rules: dexterityTest }),
      );
      const dice = fixedDice(faces);
      const first = membersToMove(p.startTurns(dice));
      // Only the player character rolls: its DEX die and the luck die.
      expect(dice.remaining()).toBe(0);
      return first;
    };

    it("a character who reaches 6 moves before every foe, one who misses after them", () => {
      expect(firstToMove(fighter("hero", "party"), [6, 1])).toEqual(["hero"]);
      expect(firstToMove(fighter("hero", "party"), [5, 1])).toEqual(["x", "y"]);
    });

    it("the character's own penalties count: exhaustion 1 turns a 6 into a miss", () => {
      const tired = fighter("hero", "party", {
        modifiers: { exhaustion: 1, attributes: {}, skills: {}, conditions: [], effects: [], light: null },
      });
      expect(firstToMove(tired, [6, 1])).toEqual(["x", "y"]);
    });

    it("and its DEX bonuses: +1 from an effect turns a 5 into a pass", () => {
      const nimble = fighter("hero", "party", {
        modifiers: {
          exhaustion: 0,
          attributes: { dex: { bonus: 1, disadvantage: 0 } },
          skills: {},
          conditions: [],
          effects: [],
          light: null,
        },
      });
      expect(firstToMove(nimble, [5, 1])).toEqual(["hero"]);
    });
  });
});

describe("a fight under way, picked up from the tracker", () => {
  /**
   * The tracker's schedule: the goblins started, the goblin has taken its turn, the hero is to move.
   * "torch" is a combatant the simulator does not fight with (no actor).
   */
  function underWay(
    options: { heroCanAct?: boolean; extra?: string[]; markedOut?: string[] } = {},
  ): TurnState {
    const members = [
      { id: "torch", teamId: "goblins" },
      { id: "hero", teamId: "heroes", canAct: options.heroCanAct ?? true },
      { id: "foe", teamId: "goblins" },
    ];
    const steps = [
      (s: TurnState) => beginCombat(s, { startingTeam: "goblins" }),
      (s: TurnState) => takeTurn(s, "foe", { byGM: true }),
      (s: TurnState) => endTurn(s),
    ];
    let result: TurnResult = setupTurnState("teams", ["goblins", "heroes"], members);
    for (const step of steps) result = result.ok ? step(result.state) : result;
    if (!result.ok) throw new Error(result.reason);
    const extra = (options.extra ?? []).map((id) => ({
      id,
      teamId: "goblins",
      canAct: true,
      cannotBeSurprised: false,
      acted: false,
    }));
    const marked = result.state.members.map((m) =>
      options.markedOut?.includes(m.id) ? { ...m, canAct: false } : m,
    );
    return { ...result.state, members: [...marked, ...extra] };
  }
  const duel = [fighter("hero", "party"), fighter("foe", "foes")];

  it("goes on from the tracker's move: the hero strikes next, though the goblins started", () => {
    const fromTracker = odds(encounter(duel, { startingSide: "foes", turns: underWay() }));
    const heroFirst = odds(encounter(duel, { startingSide: "party" }));
    // Hero, goblin, hero, goblin …: the same fights as a new one with the party first (rounds aside).
    const results = (o: Odds) => [o.partyWins, o.foesWin, o.anyDeath, o.deaths];
    expect(results(fromTracker)).toEqual(results(heroFirst));
    expect(results(fromTracker)).not.toEqual(results(odds(encounter(duel, { startingSide: "foes" }))));
  });

  it("a combatant who is not fighting is left out of the schedule, not waited for", () => {
    const result = odds(encounter(duel, { startingSide: "foes", turns: underWay() }));
    expect(result.stalemates.value).toBe(0);
    expect(result.partyWins.value + result.foesWin.value).toBe(1);
  });

  it("the fighter's own state decides who acts: a hero the tracker still marks as out takes turns", () => {
    const unarmedFoe = [fighter("hero", "party"), fighter("foe", "foes", { weapons: [] })];
    const result = odds(
      encounter(unarmedFoe, { startingSide: "foes", turns: underWay({ heroCanAct: false }) }),
    );
    expect(result.partyWins.value).toBe(1);
  });

  it("each fighter's own mark is corrected: with the hero and the goblin both marked out, both fight", () => {
    const result = odds(
      encounter(duel, { startingSide: "foes", turns: underWay({ markedOut: ["hero", "foe"] }) }),
    );
    expect(result.partyWins.value).toBeGreaterThan(0);
    expect(result.foesWin.value).toBeGreaterThan(0);
  });

  it("a schedule that lists a combatant twice is refused, wherever the repeat stands", () => {
    const twice = (turns: TurnState, at: number): TurnState => {
      const torch = turns.members.find((m) => m.id === "torch");
      if (torch === undefined) throw new Error("no torch");
      const members = [...turns.members];
      members.splice(at, 0, torch);
      return { ...turns, members };
    };
    const turns = underWay({ extra: ["lamp"] });
    // Right after the first listing (another non-fighter follows), and last of all.
    expect(prepareFight(encounter(duel, { turns: twice(turns, 1) }))).toBe("schedule-refused");
    expect(prepareFight(encounter(duel, { turns: twice(turns, turns.members.length) }))).toBe(
      "schedule-refused",
    );
  });
});
