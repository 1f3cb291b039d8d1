import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currentEconomy,
  parseTurnState,
  reconcileRoster,
  type RosterEntry,
} from "../../src/rules/combat-state";
import {
  beginCombat,
  endTurn,
  membersToMove,
  setupTurnState,
  takeTurn,
  type TurnState,
} from "../../src/rules/team-turns";
import { createEconomy, spendAction, startTurn } from "../../src/rules/turn-economy";

const accepted = <T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> => {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
};

const rosterArbitrary = fc
  .uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      team: fc.integer({ min: 0, max: 3 }),
      canAct: fc.boolean(),
      cannotBeSurprised: fc.boolean(),
    }),
    { selector: (entry) => entry.id, maxLength: 12 },
  )
  .map((entries): RosterEntry[] =>
    entries.map(({ id, team, canAct, cannotBeSurprised }) => ({
      id,
      teamId: `t${team}`,
      canAct,
      cannotBeSurprised,
    })),
  );
const TEAMS = ["t0", "t1", "t2", "t3"];

describe("reconciling the schedule with the combatants", () => {
  it("ends with exactly the roster's members and teams, and a second pass changes nothing", () => {
    fc.assert(
      fc.property(rosterArbitrary, rosterArbitrary, (first, second) => {
        const start = accepted(setupTurnState("teams", [], [])).state;
        const once = accepted(reconcileRoster(start, TEAMS, first));
        const twice = accepted(reconcileRoster(once.state, TEAMS, second));
        const members = (state: TurnState) =>
          state.members.map(({ id, teamId, canAct, cannotBeSurprised }) => ({
            id,
            teamId,
            canAct,
            cannotBeSurprised,
          }));
        expect(members(twice.state).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [...second].sort((a, b) => a.id.localeCompare(b.id)),
        );
        expect(twice.state.teams).toEqual(TEAMS);
        expect(accepted(reconcileRoster(twice.state, TEAMS, second)).changed).toBe(false);
      }),
    );
  });

  it("never lets a member who has acted act again when members fall, recover or change team mid-round", () => {
    fc.assert(
      fc.property(
        rosterArbitrary,
        rosterArbitrary,
        fc.integer({ min: 0, max: 3 }),
        (roster, changes, turns) => {
          const setup = accepted(
            reconcileRoster(accepted(setupTurnState("teams", [], [])).state, TEAMS, roster),
          );
          let state = accepted(beginCombat(setup.state, {})).state;
          const acted = new Set<string>();
          for (let turn = 0; turn < turns; turn++) {
            const next = membersToMove(state)[0];
            if (next === undefined) break;
            acted.add(next);
            state = accepted(endTurn(accepted(takeTurn(state, next)).state)).state;
          }
          const sameRound = state.round === 1;
          const changed = roster.map((entry) => changes.find((c) => c.id === entry.id) ?? entry);
          state = accepted(reconcileRoster(state, TEAMS, changed)).state;
          if (state.round === 1 && sameRound) {
            for (const id of acted) expect(membersToMove(state)).not.toContain(id);
          }
        },
      ),
    );
  });

  it("removes a team once its last member has moved to another", () => {
    const start = accepted(
      reconcileRoster(
        accepted(setupTurnState("teams", [], [])).state,
        ["a", "b"],
        [
          { id: "x", teamId: "a", canAct: true, cannotBeSurprised: false },
          { id: "y", teamId: "b", canAct: true, cannotBeSurprised: false },
        ],
      ),
    );
    const merged = accepted(
      reconcileRoster(
        start.state,
        ["a"],
        [
          { id: "x", teamId: "a", canAct: true, cannotBeSurprised: false },
          { id: "y", teamId: "a", canAct: true, cannotBeSurprised: false },
        ],
      ),
    );
    expect(merged.state.teams).toEqual(["a"]);
    expect(merged.state.members.map((m) => m.teamId)).toEqual(["a", "a"]);
  });
});

describe("reconciling one member at a time", () => {
  const roster = (overrides: Partial<RosterEntry> = {}): RosterEntry[] => [
    { id: "roland", teamId: "party", canAct: true, cannotBeSurprised: false },
    { id: "captain", teamId: "guards", canAct: true, cannotBeSurprised: false, ...overrides },
  ];
  const running = (): TurnState =>
    accepted(beginCombat(accepted(setupTurnState("teams", ["party", "guards"], roster())).state)).state;
  const captain = (state: TurnState) => state.members.find((member) => member.id === "captain");

  it("changes nothing, and says so, when the roster matches", () => {
    expect(reconcileRoster(running(), ["party", "guards"], roster())).toEqual({
      ok: true,
      state: running(),
      events: [],
      changed: false,
    });
  });

  it("copies each field that changed: surprise, being unsurprisable, the team, whether it can act", () => {
    const synced = accepted(
      reconcileRoster(running(), ["party", "guards"], roster({ surprised: true, cannotBeSurprised: true })),
    );
    expect(synced.changed).toBe(true);
    expect(captain(synced.state)).toMatchObject({ surprised: true, cannotBeSurprised: true, canAct: true });
    const moved = accepted(reconcileRoster(running(), ["party", "guards"], roster({ teamId: "party" })));
    expect(captain(moved.state)?.teamId).toBe("party");
    const down = accepted(reconcileRoster(running(), ["party", "guards"], roster({ canAct: false })));
    expect(captain(down.state)?.canAct).toBe(false);
    const back = accepted(reconcileRoster(down.state, ["party", "guards"], roster()));
    expect(captain(back.state)).toMatchObject({ canAct: true, surprised: false, cannotBeSurprised: false });
  });

  it("refuses a roster that puts someone in a team the combat does not have, and says which step failed", () => {
    const stranger = reconcileRoster(
      running(),
      ["party", "guards"],
      [...roster(), { id: "wolf", teamId: "wolves", canAct: true, cannotBeSurprised: false }],
    );
    expect(stranger).toEqual({ ok: false, reason: "unknown-team" });
    const deserter = reconcileRoster(
      running(),
      ["party", "guards"],
      roster({ teamId: "wolves", canAct: false }),
    );
    expect(deserter).toEqual({ ok: false, reason: "unknown-team" });
  });

  it("passes on the events of each change, the move included", () => {
    const guardsMove = accepted(endTurn(accepted(takeTurn(running(), "roland")).state)).state;
    const { events } = accepted(
      reconcileRoster(
        guardsMove,
        ["party", "guards"],
        [
          { id: "roland", teamId: "party", canAct: true, cannotBeSurprised: false },
          { id: "captain", teamId: "party", canAct: true, cannotBeSurprised: true },
        ],
      ),
    );
    expect(events).toEqual([{ type: "teamMove", round: 1, teamId: "party", memberIds: ["captain"] }]);
  });
});

describe("the economy brought up to date with the combat's clock", () => {
  const clock = (round: number, turn: number, current: string | null) => ({ round, turn, current });

  it("starts the member's turn once when it becomes the one acting", () => {
    const stored = { ...createEconomy(), reactionsLeft: 0, guarding: true };
    expect(currentEconomy(stored, { round: 1, turn: 3 }, clock(1, 4, "m"), "m")).toMatchObject({
      inTurn: true,
      actionsLeft: 3,
      reactionsLeft: 1,
      guarding: false,
    });
    // Written during that same turn: what was spent stays spent.
    const spent = accepted(
      spendAction(startTurn(createEconomy()), "attack", { stamina: 0, focus: 0 }),
    ).economy;
    expect(currentEconomy(spent, { round: 1, turn: 4 }, clock(1, 4, "m"), "m").actionsLeft).toBe(2);
  });

  it("ends the turn when someone else acts, keeping Guard until the member's next turn", () => {
    const guarding = { ...startTurn(createEconomy()), guarding: true };
    expect(currentEconomy(guarding, { round: 1, turn: 4 }, clock(1, 5, "other"), "m")).toMatchObject({
      inTurn: false,
      actionsLeft: 0,
      guarding: true,
    });
  });

  it("clears the attacks made in a round once the round has ended", () => {
    const attacked = { ...createEconomy(), attacksThisRound: 2 };
    expect(currentEconomy(attacked, { round: 1, turn: 4 }, clock(1, 4, null), "m").attacksThisRound).toBe(2);
    expect(currentEconomy(attacked, { round: 1, turn: 4 }, clock(2, 4, null), "m").attacksThisRound).toBe(0);
  });

  it("applies a turn of the member's own that came and went since the last write: the reaction is back", () => {
    const reacted = { ...createEconomy(), reactionsLeft: 0 };
    // Written on turn 4; the member's own turn started as turn 5 and is over; turn 6 is another's.
    const after = { ...clock(2, 6, "other"), turnStarts: { m: 5, other: 6 } };
    expect(currentEconomy(reacted, { round: 1, turn: 4 }, after, "m")).toMatchObject({
      inTurn: false,
      reactionsLeft: 1,
    });
    // A write after that turn keeps what it stored.
    expect(currentEconomy(reacted, { round: 2, turn: 6 }, after, "m").reactionsLeft).toBe(0);
  });
});

describe("reading stored turn state", () => {
  it("falls back to the start for modes and phases it does not know", () => {
    const state = parseTurnState({
      mode: "initiative-by-vibes",
      phase: "halftime",
      round: 2,
      teams: ["a"],
      members: [],
      surprisingTeams: [],
      sequence: [],
      toMove: null,
      current: null,
      history: [],
    });
    expect(state).toMatchObject({ mode: "teams", phase: "setup", round: 2, teams: ["a"] });
  });
});

describe("reading back a fight in progress", () => {
  const roster: RosterEntry[] = [
    { id: "roland", teamId: "party", canAct: true, cannotBeSurprised: false },
    { id: "captain", teamId: "guards", canAct: true, cannotBeSurprised: false },
  ];

  it("gives back the state that was stored, turn history included", () => {
    const begun = accepted(beginCombat(accepted(setupTurnState("teams", ["party", "guards"], roster)).state));
    const mover = membersToMove(begun.state)[0] ?? "";
    const acted = accepted(endTurn(accepted(takeTurn(begun.state, mover)).state)).state;
    expect(acted.history.length).toBeGreaterThan(0);
    const stored = structuredClone(acted);
    expect(parseTurnState(stored)).toEqual(acted);
  });

  it("gives back a dexterity-mode surprise round as it was stored: who surprised, the sequence, who had acted", () => {
    const party: RosterEntry[] = [
      { id: "roland", teamId: "party", canAct: true, cannotBeSurprised: false },
      { id: "petra", teamId: "party", canAct: true, cannotBeSurprised: false },
      { id: "mira", teamId: "party", canAct: true, cannotBeSurprised: false },
      ...roster.filter((entry) => entry.teamId === "guards"),
    ];
    const setUp = accepted(setupTurnState("dexterity", ["party", "guards"], party)).state;
    const sequence = [["roland"], ["petra"], ["mira"], ["captain"]];
    let state = accepted(beginCombat(setUp, { surprisingTeams: ["party"], sequence })).state;
    state = accepted(endTurn(accepted(takeTurn(state, "roland")).state)).state;
    state = accepted(takeTurn(state, "petra")).state;
    expect(state).toMatchObject({ phase: "surprise", surprisingTeams: ["party"], sequence });
    expect(state.history.map((entry) => entry.acted)).toEqual([[], ["roland"]]);
    expect(parseTurnState(structuredClone(state))).toEqual(state);
  });

  it("reads a history entry of an unknown phase as one of the normal round", () => {
    const begun = accepted(beginCombat(accepted(setupTurnState("teams", ["party", "guards"], roster)).state));
    const mover = membersToMove(begun.state)[0] ?? "";
    const acted = accepted(endTurn(accepted(takeTurn(begun.state, mover)).state)).state;
    const stored = { ...acted, history: acted.history.map((entry) => ({ ...entry, phase: "halftime" })) };
    expect(parseTurnState(stored).history.map((entry) => entry.phase)).toEqual(
      acted.history.map(() => "normal"),
    );
  });
});
