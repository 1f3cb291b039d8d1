import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addMember,
  addTeam,
  beginCombat,
  canActWith,
  eligibleMembers,
  endCombat,
  endRound,
  endTurn,
  membersToMove,
  removeMember,
  removeTeam,
  reorderTeams,
  setCanAct,
  setupTurnState,
  skipTurn,
  takeTurn,
  teamToMove,
  undoLastTurn,
} from "../../src/rules/team-turns";
import type {
  BeginCombatOptions,
  MemberInput,
  TurnEvent,
  TurnResult,
  TurnState,
} from "../../src/rules/team-turns";

function accepted(result: TurnResult): { state: TurnState; events: TurnEvent[] } {
  if (!result.ok) throw new Error(`transition refused: ${result.reason}`);
  return result;
}

function combat(teams: string[], members: MemberInput[], options: BeginCombatOptions = {}): TurnState {
  return accepted(beginCombat(accepted(setupTurnState("teams", teams, members)).state, options)).state;
}

/** Takes and immediately ends a turn, as a player clicking Take turn then End turn would. */
function act(state: TurnState, memberId: string): { state: TurnState; events: TurnEvent[] } {
  const started = accepted(takeTurn(state, memberId));
  const ended = accepted(endTurn(started.state));
  return { state: ended.state, events: [...started.events, ...ended.events] };
}

function playTurns(state: TurnState, memberIds: string[]): TurnState {
  return memberIds.reduce((current, id) => act(current, id).state, state);
}

const party = (ids: string[], extra: Partial<MemberInput> = {}): MemberInput[] =>
  ids.map((id) => ({ id, teamId: "party", ...extra }));
const guards = (ids: string[]): MemberInput[] => ids.map((id) => ({ id, teamId: "guards" }));
const PLAYERS = ["roland", "clementine", "petra", "agnessa"];

/** The transition is refused with `reason`, and the state it was given is as it was before the call. */
function expectRefused(state: TurnState, transition: (state: TurnState) => TurnResult, reason: string): void {
  const before = structuredClone(state);
  expect(transition(state)).toEqual({ ok: false, reason });
  expect(state).toEqual(before);
}

describe("the refusal check", () => {
  it("fails a refusal that changed the state it was given", () => {
    const state = combat(["party", "guards"], [...party(["roland"]), ...guards(["captain"])]);
    const changesThenRefuses = (from: TurnState): TurnResult => {
      from.round += 1;
      return { ok: false, reason: "not-your-team-move" };
    };
    expect(() => expectRefused(state, changesThenRefuses, "not-your-team-move")).toThrow();
  });
});

describe("conditions", () => {
  it("take turns away for unconscious, dead, retreated and routed members but not for the dying", () => {
    expect(canActWith(["prone", "bloodied"])).toBe(true);
    expect(canActWith(["dying"])).toBe(true);
    for (const condition of ["unconscious", "incapacitated", "dead", "retreated", "routed"]) {
      expect(canActWith(["prone", condition])).toBe(false);
    }
  });
});

describe("beginning combat", () => {
  const members = [...party(["roland"]), ...guards(["captain"]), { id: "rat", teamId: "vermin" }];

  it("puts the team that started the fight first and the team it attacked second", () => {
    const state = combat(["vermin", "party", "guards"], members, {
      startingTeam: "guards",
      attackedTeam: "party",
    });
    expect(state.teams).toEqual(["guards", "party", "vermin"]);
    expect(state.phase).toBe("normal");
    expect(state.round).toBe(1);
    expect(teamToMove(state)).toBe("guards");
  });

  it("accepts a full order from the GM and refuses one that leaves a team out", () => {
    const setup = accepted(setupTurnState("teams", ["party", "guards", "vermin"], members)).state;
    const state = accepted(beginCombat(setup, { order: ["vermin", "guards", "party"] })).state;
    expect(state.teams).toEqual(["vermin", "guards", "party"]);
    expectRefused(setup, (from) => beginCombat(from, { order: ["vermin", "guards"] }), "invalid-order");
    expectRefused(setup, (from) => beginCombat(from, { startingTeam: "bandits" }), "unknown-team");
  });

  it("announces the first round and whose move it is", () => {
    const setup = accepted(setupTurnState("teams", ["party", "guards"], members.slice(0, 2))).state;
    const { events } = accepted(beginCombat(setup, { startingTeam: "party" }));
    expect(events).toEqual([
      { type: "roundStart", round: 1, phase: "normal" },
      { type: "teamMove", round: 1, teamId: "party", memberIds: ["roland"] },
    ]);
  });

  it("refuses turns before combat begins", () => {
    const setup = accepted(setupTurnState("teams", ["party"], party(["roland"]))).state;
    expectRefused(setup, (from) => takeTurn(from, "roland"), "combat-not-started");
  });
});

describe("the S4 fight with the guards", () => {
  const fight = (): TurnState =>
    combat(["party", "guards"], [...party(PLAYERS), ...guards(["captain", "guard1", "guard2", "guard3"])], {
      startingTeam: "party",
      attackedTeam: "guards",
    });

  it("alternates: Roland, the captain, Clementine, a guard, and so on until everyone has acted", () => {
    let state = fight();
    const moves: (string | null)[] = [];
    for (const id of ["roland", "captain", "clementine", "guard1", "petra", "guard2", "agnessa"]) {
      moves.push(teamToMove(state));
      state = act(state, id).state;
    }
    expect(moves).toEqual(["party", "guards", "party", "guards", "party", "guards", "party"]);
    expect(teamToMove(state)).toBe("guards");
    expect(membersToMove(state)).toEqual(["guard3"]);

    const last = act(state, "guard3");
    expect(last.events.map((event) => event.type)).toEqual([
      "turnStart",
      "turnEnd",
      "roundEnd",
      "roundStart",
      "teamMove",
    ]);
    expect(last.state.round).toBe(2);
    expect(teamToMove(last.state)).toBe("party");
    expect(eligibleMembers(last.state, "party")).toEqual(PLAYERS);
  });

  it("lets the players order their turns differently in the next round", () => {
    let state = playTurns(fight(), ["roland", "captain", "clementine", "guard1", "petra", "guard2"]);
    state = playTurns(state, ["agnessa", "guard3"]);
    expect(state.round).toBe(2);
    state = act(state, "agnessa").state;
    expect(state.members.find((m) => m.id === "agnessa")?.acted).toBe(true);
    expect(teamToMove(state)).toBe("guards");
  });

  it("gives the players the remaining turns one after another once the guards run out", () => {
    let state = combat(["party", "guards"], [...party(PLAYERS), ...guards(["captain", "guard1"])], {
      startingTeam: "party",
    });
    state = playTurns(state, ["roland", "captain", "clementine", "guard1"]);
    expect(teamToMove(state)).toBe("party");
    const petra = act(state, "petra");
    expect(petra.events).toContainEqual({
      type: "teamMove",
      round: 1,
      teamId: "party",
      memberIds: ["agnessa"],
    });
    expect(teamToMove(petra.state)).toBe("party");
    const agnessa = act(petra.state, "agnessa");
    expect(agnessa.state.round).toBe(2);
  });

  it("skips Roland while he is unconscious and lets him act after the guards' next move once revived", () => {
    let state = playTurns(fight(), ["petra"]);
    state = accepted(takeTurn(state, "guard1")).state;
    state = accepted(setCanAct(state, "roland", false)).state;
    state = accepted(endTurn(state)).state;
    expect(eligibleMembers(state, "party")).toEqual(["clementine", "agnessa"]);
    expectRefused(state, (from) => takeTurn(from, "roland"), "cannot-act");

    state = accepted(takeTurn(state, "clementine")).state;
    state = accepted(setCanAct(state, "roland", true)).state;
    expectRefused(state, (from) => takeTurn(from, "roland"), "turn-in-progress");
    state = accepted(endTurn(state)).state;
    expect(teamToMove(state)).toBe("guards");
    expectRefused(state, (from) => takeTurn(from, "roland"), "not-your-team-move");

    state = act(state, "captain").state;
    expect(teamToMove(state)).toBe("party");
    expect(membersToMove(state)).toContain("roland");
    const roland = accepted(takeTurn(state, "roland"));
    expect(roland.events).toEqual([{ type: "turnStart", round: 1, memberId: "roland", teamId: "party" }]);
  });

  it("ends the round early when the last member able to act is knocked out between turns", () => {
    let state = combat(["party", "guards"], [...party(["roland"]), ...guards(["captain"])], {
      startingTeam: "party",
    });
    state = act(state, "roland").state;
    const knockedOut = accepted(setCanAct(state, "captain", false));
    expect(knockedOut.events.map((event) => event.type)).toEqual(["roundEnd", "roundStart", "teamMove"]);
    expect(knockedOut.state.round).toBe(2);
    expect(teamToMove(knockedOut.state)).toBe("party");
  });
});

describe("the goblins' surprise round", () => {
  const ambush = (): TurnState =>
    combat(
      ["party", "goblins"],
      [
        ...party(["roland", "petra", "fabian"]),
        { id: "clementine", teamId: "party", cannotBeSurprised: true },
        { id: "goblin1", teamId: "goblins" },
        { id: "goblin2", teamId: "goblins" },
        { id: "goblin3", teamId: "goblins" },
      ],
      { startingTeam: "goblins", attackedTeam: "party", surprisingTeams: ["goblins"] },
    );

  it("lets only the goblins and Clementine (danger sense) act, then a normal round follows", () => {
    let state = ambush();
    expect(state.phase).toBe("surprise");
    expect(teamToMove(state)).toBe("goblins");
    state = act(state, "goblin1").state;
    expect(teamToMove(state)).toBe("party");
    expect(membersToMove(state)).toEqual(["clementine"]);
    expectRefused(state, (from) => takeTurn(from, "petra"), "not-in-surprise");
    expectRefused(state, (from) => takeTurn(from, "petra", { byGM: true }), "not-in-surprise");

    state = accepted(takeTurn(state, "clementine")).state;
    state = accepted(setCanAct(state, "goblin3", false)).state;
    state = accepted(endTurn(state)).state;
    expect(membersToMove(state)).toEqual(["goblin2"]);

    const lastGoblin = act(state, "goblin2");
    expect(lastGoblin.events).toContainEqual({ type: "roundStart", round: 2, phase: "normal" });
    state = lastGoblin.state;
    expect(state.phase).toBe("normal");
    expect(teamToMove(state)).toBe("goblins");
    state = act(state, "goblin1").state;
    expect(membersToMove(state)).toEqual(["roland", "petra", "fabian", "clementine"]);
  });

  it("passes straight to a normal round when no surpriser can act", () => {
    const setup = accepted(
      setupTurnState(
        "teams",
        ["party", "goblins"],
        [...party(["petra"]), { id: "g", teamId: "goblins", canAct: false }],
      ),
    ).state;
    const { state, events } = accepted(
      beginCombat(setup, { startingTeam: "goblins", surprisingTeams: ["goblins"] }),
    );
    expect(events.map((event) => event.type)).toEqual(["roundStart", "roundEnd", "roundStart", "teamMove"]);
    expect(state.phase).toBe("normal");
    expect(state.round).toBe(2);
    expect(membersToMove(state)).toEqual(["petra"]);
  });
});

describe("claims and GM tools", () => {
  const start = (): TurnState =>
    combat(["party", "guards"], [...party(["roland", "clementine"]), ...guards(["captain", "guard1"])], {
      startingTeam: "party",
    });

  it("refuses out-of-turn claims with a reason and leaves the state untouched", () => {
    const state = start();
    expectRefused(state, (from) => takeTurn(from, "captain"), "not-your-team-move");
    expectRefused(state, (from) => takeTurn(from, "nobody"), "unknown-member");
    expectRefused(state, (from) => endTurn(from), "no-turn-in-progress");
    const afterRoland = act(state, "roland").state;
    expectRefused(afterRoland, (from) => takeTurn(from, "roland", { byGM: true }), "already-acted");
    const ended = accepted(endCombat(afterRoland)).state;
    expectRefused(ended, (from) => takeTurn(from, "captain"), "combat-ended");
  });

  it("lets the GM start a turn out of order; the move then passes on from that member's team", () => {
    const state = accepted(takeTurn(start(), "captain", { byGM: true })).state;
    const ended = accepted(endTurn(state)).state;
    expect(teamToMove(ended)).toBe("party");
  });

  it("undoes the last turn, even across the end of a round", () => {
    let state = playTurns(start(), ["roland", "captain", "clementine"]);
    const roundEnding = act(state, "guard1").state;
    expect(roundEnding.round).toBe(2);
    state = accepted(undoLastTurn(roundEnding)).state;
    expect(state.round).toBe(1);
    expect(teamToMove(state)).toBe("guards");
    expect(membersToMove(state)).toEqual(["guard1"]);
    expect(state.members.filter((m) => m.acted).map((m) => m.id)).toEqual([
      "roland",
      "clementine",
      "captain",
    ]);
  });

  it("undoes a turn in progress, so the team can pick someone else", () => {
    const inProgress = accepted(takeTurn(start(), "roland")).state;
    const undone = accepted(undoLastTurn(inProgress));
    expect(undone.events[0]).toEqual({ type: "turnUndo", round: 1, memberId: "roland", teamId: "party" });
    expect(undone.state.current).toBeNull();
    expect(membersToMove(undone.state)).toEqual(["roland", "clementine"]);
    expectRefused(start(), (from) => undoLastTurn(from), "nothing-to-undo");
  });

  it("skips a member: it loses its turn and the move passes", () => {
    const { state, events } = accepted(skipTurn(start(), "roland"));
    expect(events.map((event) => event.type)).toEqual(["turnSkip", "teamMove"]);
    expect(teamToMove(state)).toBe("guards");
    expect(eligibleMembers(state, "party")).toEqual(["clementine"]);
  });

  it("ends the round on the GM's word, finishing the turn in progress", () => {
    const inProgress = accepted(takeTurn(start(), "roland")).state;
    const { state, events } = accepted(endRound(inProgress));
    expect(events.map((event) => event.type)).toEqual(["turnEnd", "roundEnd", "roundStart", "teamMove"]);
    expect(state.round).toBe(2);
    expect(membersToMove(state)).toEqual(["roland", "clementine"]);
  });

  it("adds a newcomer who may act this round, and removes a member whose turn is in progress", () => {
    let state = act(start(), "roland").state;
    state = accepted(addTeam(state, "wolves")).state;
    state = accepted(addMember(state, { id: "wolf", teamId: "wolves" })).state;
    state = act(state, "captain").state;
    expect(membersToMove(state)).toEqual(["wolf"]);

    const acting = accepted(takeTurn(state, "wolf")).state;
    const removed = accepted(removeMember(acting, "wolf"));
    expect(removed.events).toEqual([
      { type: "turnEnd", round: 1, memberId: "wolf", teamId: "wolves" },
      { type: "teamMove", round: 1, teamId: "party", memberIds: ["clementine"] },
    ]);
    expect(accepted(removeTeam(removed.state, "wolves")).state.teams).toEqual(["party", "guards"]);
    expectRefused(removed.state, (from) => removeTeam(from, "guards"), "team-not-empty");
  });

  it("follows a new team order from the next move on", () => {
    let state = combat(
      ["a", "b", "c"],
      ["a1", "a2", "b1", "b2", "c1", "c2"].map((id) => ({ id, teamId: id.slice(0, 1) })),
      { order: ["a", "b", "c"] },
    );
    state = accepted(reorderTeams(state, ["a", "c", "b"])).state;
    state = act(state, "a1").state;
    expect(teamToMove(state)).toBe("c");
    expectRefused(state, (from) => reorderTeams(from, ["a", "a", "b"]), "invalid-order");
  });
});

// ---------------------------------------------------------------------------------------------------
// Property: random teams, sizes, surprise and knock-outs/recoveries

interface Model {
  canAct: Map<string, boolean>;
  actedCount: Map<string, number>;
  cannotBeSurprised: Set<string>;
  surprising: Set<string>;
  teamOf: Map<string, string>;
}

function surpriseAllows(model: Model, state: TurnState, id: string): boolean {
  return (
    state.phase !== "surprise" ||
    model.cannotBeSurprised.has(id) ||
    model.surprising.has(model.teamOf.get(id) ?? "")
  );
}

function modelEligible(model: Model, state: TurnState, id: string): boolean {
  return (
    model.canAct.get(id) === true && (model.actedCount.get(id) ?? 0) === 0 && surpriseAllows(model, state, id)
  );
}

function teamHasEligible(model: Model, state: TurnState, teamId: string): boolean {
  return [...model.teamOf].some(([id, team]) => team === teamId && modelEligible(model, state, id));
}

/** Teams strictly after `from` and before `to` in cyclic order. */
function teamsBetween(order: readonly string[], from: number, to: string): string[] {
  const skipped: string[] = [];
  for (let step = 1; step <= order.length; step++) {
    const team = order[(from + step) % order.length];
    if (team === undefined || team === to) break;
    skipped.push(team);
  }
  return skipped;
}

describe("team-turn properties", () => {
  it("every able member acts exactly once a round, teams alternate in order and skip when empty", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const teamCount = g(fc.integer, { min: 2, max: 5 });
        const teams = Array.from({ length: teamCount }, (_, i) => `team${i}`);
        const members: MemberInput[] = teams.flatMap((teamId) =>
          Array.from({ length: g(fc.integer, { min: 0, max: 8 }) }, (_, i) => ({
            id: `${teamId}-m${i}`,
            teamId,
            canAct: g(fc.integer, { min: 0, max: 5 }) > 0,
            cannotBeSurprised: g(fc.integer, { min: 0, max: 5 }) === 0,
          })),
        );
        const surprising = teams.filter(() => g(fc.integer, { min: 0, max: 3 }) === 0);
        const model: Model = {
          canAct: new Map(members.map((m) => [m.id, m.canAct ?? true])),
          actedCount: new Map(),
          cannotBeSurprised: new Set(members.filter((m) => m.cannotBeSurprised === true).map((m) => m.id)),
          surprising: new Set(surprising),
          teamOf: new Map(members.map((m) => [m.id, m.teamId])),
        };
        const setup = accepted(setupTurnState("teams", teams, members)).state;
        let state = accepted(beginCombat(setup, { surprisingTeams: surprising })).state;

        const checkRoundEnd = (before: TurnState, events: TurnEvent[]): void => {
          const ended = events.some((event) => event.type === "roundEnd");
          const someoneLeft = members.some((m) => modelEligible(model, before, m.id));
          expect(ended).toBe(!someoneLeft);
          if (!ended) return;
          for (const m of members) {
            if (model.canAct.get(m.id) === true && surpriseAllows(model, before, m.id)) {
              expect(model.actedCount.get(m.id)).toBe(1);
            }
          }
          model.actedCount.clear();
        };

        const checkMoveAfter = (fromTeam: string): void => {
          const movingTeam = teamToMove(state);
          if (movingTeam === null) return;
          expect(teamHasEligible(model, state, movingTeam)).toBe(true);
          for (const skipped of teamsBetween(state.teams, state.teams.indexOf(fromTeam), movingTeam)) {
            expect(teamHasEligible(model, state, skipped)).toBe(false);
          }
        };

        const flipRandomMember = (): void => {
          const target = members[g(fc.integer, { min: 0, max: members.length - 1 })];
          if (target === undefined) return;
          const canAct = g(fc.boolean);
          const result = accepted(setCanAct(state, target.id, canAct));
          model.canAct.set(target.id, canAct);
          state = result.state;
          // During a turn nothing moves: the change is weighed when the turn ends.
          expect(result.events).toEqual([]);
        };

        const startRoundOf = state.round;
        let steps = 0;
        while (state.round < startRoundOf + 3 && steps++ < 500) {
          let movers = membersToMove(state);
          if (movers.length === 0) {
            // Nobody at all can act: the fight waits for a recovery.
            expect(members.some((m) => modelEligible(model, state, m.id))).toBe(false);
            const down = members.filter((m) => model.canAct.get(m.id) !== true);
            if (down.length === 0 || members.length === 0) break;
            const revived = down[g(fc.integer, { min: 0, max: down.length - 1 })];
            if (revived === undefined) break;
            const before = state;
            const result = accepted(setCanAct(state, revived.id, true));
            model.canAct.set(revived.id, true);
            state = result.state;
            if (result.events.some((e) => e.type === "roundEnd")) checkRoundEnd(before, result.events);
            continue;
          }
          const movingTeam = teamToMove(state);
          for (const id of movers) expect(model.teamOf.get(id)).toBe(movingTeam);
          const firstIndex = state.teams.findIndex((t) => teamHasEligible(model, state, t));
          expect(state.teams.indexOf(movingTeam ?? "")).toBeGreaterThanOrEqual(0);
          if ([...model.actedCount.values()].every((n) => n === 0)) {
            expect(state.teams[firstIndex]).toBe(movingTeam);
          }

          const memberId = movers[g(fc.integer, { min: 0, max: movers.length - 1 })] ?? "";
          expect(modelEligible(model, state, memberId)).toBe(true);
          if (state.phase === "surprise") {
            const team = model.teamOf.get(memberId) ?? "";
            expect(model.surprising.has(team) || model.cannotBeSurprised.has(memberId)).toBe(true);
          }
          state = accepted(takeTurn(state, memberId)).state;
          model.actedCount.set(memberId, (model.actedCount.get(memberId) ?? 0) + 1);
          expect(model.actedCount.get(memberId)).toBe(1);

          const flips = g(fc.integer, { min: 0, max: 2 });
          for (let i = 0; i < flips; i++) flipRandomMember();

          const before = state;
          const ended = accepted(endTurn(state));
          state = ended.state;
          checkRoundEnd(before, ended.events);
          if (!ended.events.some((e) => e.type === "roundEnd")) {
            checkMoveAfter(model.teamOf.get(memberId) ?? "");
          }
          if (!ended.events.some((e) => e.type === "roundEnd")) {
            expectRefused(state, (from) => takeTurn(from, memberId, { byGM: true }), "already-acted");
          }
          movers = membersToMove(state);
          for (const id of movers) expect(modelEligible(model, state, id)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("refuses, even for the GM, anyone who cannot act or lacks surprise, leaving the state as it was", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const sizes = [g(fc.integer, { min: 1, max: 6 }), g(fc.integer, { min: 1, max: 6 })];
        const members: MemberInput[] = sizes.flatMap((size, t) =>
          Array.from({ length: size }, (_, i) => ({
            id: `t${t}-${i}`,
            teamId: `t${t}`,
            canAct: g(fc.boolean),
            cannotBeSurprised: g(fc.boolean),
          })),
        );
        const setup = accepted(setupTurnState("teams", ["t0", "t1"], members)).state;
        const surprise = g(fc.boolean);
        const state = accepted(beginCombat(setup, { surprisingTeams: surprise ? ["t0"] : [] })).state;
        for (const member of state.members) {
          const claim = (from: TurnState): TurnResult => takeTurn(from, member.id, { byGM: true });
          const allowed =
            member.canAct &&
            (state.phase !== "surprise" || member.teamId === "t0" || member.cannotBeSurprised);
          if (allowed) {
            expect(claim(state).ok).toBe(true);
          } else {
            expectRefused(state, claim, member.canAct ? "not-in-surprise" : "cannot-act");
          }
        }
      }),
    );
  });
});
