import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { fixedDice, seededDice } from "../../src/rules/dice";
import type { DieRating } from "../../src/rules/dice";
import {
  DEXTERITY_TEST_DIFFICULTY,
  delayInSequence,
  dexterityOrder,
  dexterityTestOrder,
  isInitiativeMode,
} from "../../src/rules/initiative";
import type { InitiativeMode, InitiativeSequence } from "../../src/rules/initiative";
import {
  addMember,
  beginCombat,
  delayMember,
  endTurn,
  membersToMove,
  setCanAct,
  setupTurnState,
  takeTurn,
  teamToMove,
} from "../../src/rules/team-turns";
import type { MemberInput, TurnResult, TurnState } from "../../src/rules/team-turns";

function accepted(result: TurnResult): TurnState {
  if (!result.ok) throw new Error(`transition refused: ${result.reason}`);
  return result.state;
}

function act(state: TurnState, memberId: string): TurnState {
  return accepted(endTurn(accepted(takeTurn(state, memberId))));
}

function sequenceCombat(
  mode: InitiativeMode,
  members: MemberInput[],
  sequence: InitiativeSequence,
  surprisingTeams: string[] = [],
): TurnState {
  const teams = [...new Set(members.map((member) => member.teamId))];
  return accepted(beginCombat(accepted(setupTurnState(mode, teams, members)), { sequence, surprisingTeams }));
}

/** Lets whoever the order names act, `count` times, and returns who did. */
function followOrder(state: TurnState, count: number): { state: TurnState; acted: string[] } {
  const acted: string[] = [];
  let current = state;
  for (let i = 0; i < count; i++) {
    const [next] = membersToMove(current);
    if (next === undefined) break;
    acted.push(next);
    current = act(current, next);
  }
  return { state: current, acted };
}

const DEX_PARTY: MemberInput[] = [
  { id: "roland", teamId: "party" },
  { id: "petra", teamId: "party" },
  { id: "clementine", teamId: "party" },
  { id: "bandit", teamId: "bandits" },
];

describe("modes", () => {
  it("recognises the three setting values and nothing else", () => {
    expect(["teams", "dexterity", "dexterity-test"].every(isInitiativeMode)).toBe(true);
    expect(isInitiativeMode("dex")).toBe(false);
  });
});

describe("dexterity order (S1)", () => {
  it("puts the highest DEX first and rolls the DEX die only to break ties", () => {
    const dice = fixedDice([3, 7]);
    const order = dexterityOrder(
      [
        { id: "petra", dex: 8 },
        { id: "roland", dex: 10 },
        { id: "clementine", dex: 8 },
        { id: "bandit", dex: 4 },
      ],
      dice,
    );
    expect(order.sequence).toEqual([["roland"], ["clementine"], ["petra"], ["bandit"]]);
    expect(order.tieRolls).toEqual({ petra: [3], clementine: [7] });
    expect(dice.remaining()).toBe(0);
  });

  it("rolls again among those still level after a tie-break", () => {
    const order = dexterityOrder(
      [
        { id: "a", dex: 6 },
        { id: "b", dex: 6 },
        { id: "c", dex: 6 },
      ],
      fixedDice([4, 4, 1, 2, 5]),
    );
    expect(order.sequence).toEqual([["b"], ["a"], ["c"]]);
    expect(order.tieRolls).toEqual({ a: [4, 2], b: [4, 5], c: [1] });
  });

  it("leaves members with no DEX die in the order given instead of rolling", () => {
    const order = dexterityOrder(
      [
        { id: "x", dex: 0 },
        { id: "y", dex: 0 },
      ],
      fixedDice([]),
    );
    expect(order.sequence).toEqual([["x"], ["y"]]);
  });

  it("always gives every combatant one place, never a lower DEX before a higher one", () => {
    const rating = fc.constantFrom<DieRating>(0, 4, 6, 8, 10, 12);
    fc.assert(
      fc.property(fc.array(rating, { maxLength: 12 }), fc.integer(), (ratings, seed) => {
        const entries = ratings.map((dex, i) => ({ id: `c${i}`, dex }));
        const { sequence } = dexterityOrder(entries, seededDice(seed));
        expect(sequence.every((group) => group.length === 1)).toBe(true);
        expect(
          sequence
            .flat()
            .slice()
            .sort((a, b) => a.localeCompare(b)),
        ).toEqual(entries.map((e) => e.id).sort((a, b) => a.localeCompare(b)));
        const dexInOrder = sequence.flat().map((id) => entries.find((e) => e.id === id)?.dex ?? -1);
        dexInOrder.forEach((dex, i) => expect(dex).toBeLessThanOrEqual(dexInOrder[i - 1] ?? 99));
      }),
    );
  });

  it("runs the same order every round without rolling again", () => {
    const dice = fixedDice([2, 5]);
    const { sequence } = dexterityOrder(
      [
        { id: "roland", dex: 6 },
        { id: "petra", dex: 10 },
        { id: "clementine", dex: 6 },
        { id: "bandit", dex: 8 },
      ],
      dice,
    );
    const state = sequenceCombat("dexterity", DEX_PARTY, sequence);
    const firstRound = followOrder(state, 4);
    expect(firstRound.acted).toEqual(["petra", "bandit", "clementine", "roland"]);
    expect(firstRound.state.round).toBe(2);
    expect(followOrder(firstRound.state, 4).acted).toEqual(firstRound.acted);
    expect(dice.remaining()).toBe(0);
  });

  it("refuses a claim before the member's place, naming the place as the reason", () => {
    const state = sequenceCombat("dexterity", DEX_PARTY, [["petra"], ["bandit"], ["roland"], ["clementine"]]);
    expect(teamToMove(state)).toBe("party");
    expect(takeTurn(state, "roland")).toEqual({ ok: false, reason: "not-your-place" });
    expect(takeTurn(state, "roland", { byGM: true }).ok).toBe(true);
  });

  it("passes over a knocked-out member and gives a revived one the very next turn", () => {
    let state = sequenceCombat("dexterity", DEX_PARTY, [["petra"], ["roland"], ["bandit"], ["clementine"]]);
    state = accepted(setCanAct(state, "roland", false));
    state = act(state, "petra");
    expect(membersToMove(state)).toEqual(["bandit"]);
    state = accepted(takeTurn(state, "bandit"));
    state = accepted(setCanAct(state, "roland", true));
    state = accepted(endTurn(state));
    expect(membersToMove(state)).toEqual(["roland"]);
  });

  it("lets a combatant delay to a later place, which it keeps in later rounds", () => {
    let state = sequenceCombat("dexterity", DEX_PARTY, [["petra"], ["roland"], ["bandit"], ["clementine"]]);
    expect(delayMember(state, "roland", "petra")).toEqual({ ok: false, reason: "not-later" });
    state = accepted(delayMember(state, "petra", "bandit"));
    const round = followOrder(state, 4);
    expect(round.acted).toEqual(["roland", "bandit", "petra", "clementine"]);
    expect(followOrder(round.state, 4).acted).toEqual(round.acted);
    expect(delayMember(round.state, "roland", "petra").ok).toBe(true);
  });

  it("has no delay in the team mode, and refuses a delay once the member has acted", () => {
    const teams = accepted(setupTurnState("teams", ["party"], [{ id: "roland", teamId: "party" }]));
    expect(delayMember(teams, "roland", "roland")).toEqual({ ok: false, reason: "delay-not-available" });
    const state = act(
      sequenceCombat("dexterity", DEX_PARTY, [["petra"], ["roland"], ["bandit"], ["clementine"]]),
      "petra",
    );
    expect(delayMember(state, "petra", "clementine")).toEqual({ ok: false, reason: "already-acted" });
  });

  it("moves only the delaying member and keeps the rest in order", () => {
    expect(delayInSequence([["a"], ["b"], ["c"], ["d"]], "a", "c")).toEqual([["b"], ["c"], ["a"], ["d"]]);
    expect(delayInSequence([["a"], ["b"]], "b", "a")).toBeUndefined();
    expect(delayInSequence([["a", "b"], ["c"]], "a", "b")).toBeUndefined();
    expect(delayInSequence([["a"], ["b"]], "x", "b")).toBeUndefined();
    expect(delayInSequence([["a", "b"], ["c"]], "a", "c")).toEqual([["b"], ["c"], ["a"]]);
  });

  it("refuses to begin without an order covering every member exactly once", () => {
    const setup = accepted(setupTurnState("dexterity", ["party", "bandits"], DEX_PARTY));
    expect(beginCombat(setup)).toEqual({ ok: false, reason: "missing-sequence" });
    expect(beginCombat(setup, { sequence: [["petra"], ["roland"], ["bandit"]] })).toEqual({
      ok: false,
      reason: "invalid-sequence",
    });
  });

  it("places a latecomer last unless told where", () => {
    let state = sequenceCombat("dexterity", DEX_PARTY, [["petra"], ["roland"], ["bandit"], ["clementine"]]);
    state = accepted(addMember(state, { id: "wolf", teamId: "bandits" }));
    state = accepted(addMember(state, { id: "hawk", teamId: "bandits" }, { group: 1 }));
    expect(followOrder(state, 6).acted).toEqual(["petra", "hawk", "roland", "bandit", "clementine", "wolf"]);
  });
});

describe("dexterity test order (S3)", () => {
  it("tests against 6", () => {
    expect(DEXTERITY_TEST_DIFFICULTY).toBe(6);
  });

  it("sends Bea, who failed her test, after the troll", () => {
    const sequence = dexterityTestOrder([{ id: "bea", succeeded: false }], ["troll"]);
    const state = sequenceCombat(
      "dexterity-test",
      [
        { id: "bea", teamId: "party" },
        { id: "troll", teamId: "monsters" },
      ],
      sequence,
    );
    expect(membersToMove(state)).toEqual(["troll"]);
    expect(takeTurn(state, "bea")).toEqual({ ok: false, reason: "not-your-place" });
    expect(followOrder(state, 2).acted).toEqual(["troll", "bea"]);
  });

  it("lets those who passed act in any order before every opponent, the rest after", () => {
    const sequence = dexterityTestOrder(
      [
        { id: "roland", succeeded: true },
        { id: "petra", succeeded: false },
        { id: "clementine", succeeded: true },
      ],
      ["goblin1", "goblin2"],
    );
    expect(sequence).toEqual([["roland", "clementine"], ["goblin1", "goblin2"], ["petra"]]);
    const members: MemberInput[] = [
      ...["roland", "petra", "clementine"].map((id) => ({ id, teamId: "party" })),
      { id: "goblin1", teamId: "goblins" },
      { id: "goblin2", teamId: "goblins" },
    ];
    let state = sequenceCombat("dexterity-test", members, sequence);
    expect(membersToMove(state)).toEqual(["roland", "clementine"]);
    state = act(state, "clementine");
    state = act(state, "roland");
    expect(teamToMove(state)).toBe("goblins");
    expect(takeTurn(state, "petra")).toEqual({ ok: false, reason: "not-your-place" });
    state = act(act(state, "goblin2"), "goblin1");
    expect(membersToMove(state)).toEqual(["petra"]);
  });

  it("drops empty groups when nobody passed", () => {
    expect(dexterityTestOrder([], ["troll"])).toEqual([["troll"]]);
  });
});

describe("sequence scheduling property", () => {
  it("each member acts once a round, always from the earliest place that still has someone able", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const size = g(fc.integer, { min: 1, max: 10 });
        const members: MemberInput[] = Array.from({ length: size }, (_, i) => ({
          id: `m${i}`,
          teamId: g(fc.boolean) ? "a" : "b",
          canAct: g(fc.integer, { min: 0, max: 4 }) > 0,
        }));
        const ids = members.map((m) => m.id);
        const groups: InitiativeSequence = [];
        for (const id of ids) {
          const last = groups.at(-1);
          if (last !== undefined && g(fc.boolean)) last.push(id);
          else groups.push([id]);
        }
        let state = sequenceCombat("dexterity-test", members, groups);
        const canAct = new Map(members.map((m) => [m.id, m.canAct ?? true]));
        const acted = new Set<string>();
        for (let step = 0; step < 40 && state.round === 1; step++) {
          const movers = membersToMove(state);
          if (movers.length === 0) break;
          const earliest = groups.findIndex((group) => group.some((id) => canAct.get(id) && !acted.has(id)));
          expect(movers.every((id) => groups[earliest]?.includes(id))).toBe(true);
          const memberId = movers[g(fc.integer, { min: 0, max: movers.length - 1 })] ?? "";
          expect(acted.has(memberId)).toBe(false);
          state = accepted(takeTurn(state, memberId));
          acted.add(memberId);
          const flipped = ids[g(fc.integer, { min: 0, max: ids.length - 1 })] ?? "";
          const flipTo = g(fc.boolean);
          state = accepted(setCanAct(state, flipped, flipTo));
          canAct.set(flipped, flipTo);
          state = accepted(endTurn(state));
        }
        if (state.round === 2) {
          for (const id of ids) if (canAct.get(id)) expect(acted.has(id)).toBe(true);
        }
      }),
    );
  });
});

describe("a tie that will not break", () => {
  it("is rolled again at most 20 times, then keeps the order given", () => {
    const dice = fixedDice(Array.from({ length: 40 }, () => 3));
    const order = dexterityOrder(
      [
        { id: "petra", dex: 6 },
        { id: "roland", dex: 6 },
      ],
      dice,
    );
    expect(order.sequence).toEqual([["petra"], ["roland"]]);
    expect(order.tieRolls.petra).toHaveLength(20);
    expect(dice.remaining()).toBe(0);
  });
});
