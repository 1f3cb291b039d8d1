/**
 * RULES §3, the edges of the turn state machine: each transition refuses what does not fit the
 * combat (ended, not begun, an unknown member or team, a turn already running) with its own reason
 * and leaves the state alone, and the GM's tools (ending combat mid-turn, adding and removing
 * teams and members, delaying, undoing) change exactly what they say.
 */
import { describe, expect, it } from "vitest";
import {
  addMember,
  addTeam,
  beginCombat,
  createTurnState,
  delayMember,
  endCombat,
  endRound,
  endTurn,
  membersToMove,
  placeOf,
  reassignMember,
  removeMember,
  removeTeam,
  reorderTeams,
  setCanAct,
  setCannotBeSurprised,
  setSurprised,
  setupTurnState,
  skipTurn,
  takeTurn,
  teamToMove,
  undoLastTurn,
  UNDO_LIMIT,
  type BeginCombatOptions,
  type MemberInput,
  type TurnResult,
  type TurnState,
} from "../../src/rules/team-turns";
import type { InitiativeMode } from "../../src/rules/initiative";

function ok(result: TurnResult): Extract<TurnResult, { ok: true }> {
  if (!result.ok) throw new Error(`transition refused: ${result.reason}`);
  return result;
}

const MEMBERS: MemberInput[] = [
  { id: "roland", teamId: "party" },
  { id: "petra", teamId: "party" },
  { id: "captain", teamId: "guards" },
];

const setUp = (mode: InitiativeMode = "teams"): TurnState =>
  ok(setupTurnState(mode, ["party", "guards"], MEMBERS)).state;
const DEX_SEQUENCE = [["roland"], ["captain"], ["petra"]];
const begun = (mode: InitiativeMode = "teams", options: BeginCombatOptions = {}): TurnState =>
  ok(beginCombat(setUp(mode), mode === "teams" ? options : { sequence: DEX_SEQUENCE, ...options })).state;
const ended = (mode: InitiativeMode = "teams"): TurnState => ok(endCombat(begun(mode))).state;
const midTurn = (): TurnState => ok(takeTurn(begun(), "roland")).state;

/** Refused with `reason`, and the state handed in is as it was. */
function expectRefused(state: TurnState, transition: (state: TurnState) => TurnResult, reason: string): void {
  const before = structuredClone(state);
  expect(transition(state)).toEqual({ ok: false, reason });
  expect(state).toEqual(before);
}

describe("a combat that has ended", () => {
  it.each<[string, (state: TurnState) => TurnResult]>([
    ["begin", (state) => beginCombat(state)],
    ["end", (state) => endCombat(state)],
    ["end the round", (state) => endRound(state)],
    ["end a turn", (state) => endTurn(state)],
    ["skip a turn", (state) => skipTurn(state, "petra")],
    ["undo", (state) => undoLastTurn(state)],
    ["add a member", (state) => addMember(state, { id: "newcomer", teamId: "party" })],
    ["add a team", (state) => addTeam(state, "wolves")],
    ["remove a team", (state) => removeTeam(state, "guards")],
    ["reorder the teams", (state) => reorderTeams(state, ["guards", "party"])],
  ])("refuses to %s", (_, transition) => {
    expectRefused(ended(), transition, "combat-ended");
  });

  it("refuses a delay in a dexterity combat", () => {
    expectRefused(ended("dexterity"), (state) => delayMember(state, "roland", "petra"), "combat-ended");
  });
});

describe("a combat not yet begun", () => {
  it.each<[string, (state: TurnState) => TurnResult]>([
    ["end the round", (state) => endRound(state)],
    ["end a turn", (state) => endTurn(state)],
    ["skip a turn", (state) => skipTurn(state, "petra")],
    ["undo", (state) => undoLastTurn(state)],
  ])("refuses to %s", (_, transition) => {
    expectRefused(setUp(), transition, "combat-not-started");
  });

  it("refuses a delay in a dexterity combat", () => {
    expectRefused(setUp("dexterity"), (state) => delayMember(state, "roland", "petra"), "combat-not-started");
  });

  it("cannot begin twice, nor with surprise for a team that is not in the fight", () => {
    expectRefused(begun(), (state) => beginCombat(state), "combat-already-started");
    expectRefused(setUp(), (state) => beginCombat(state, { surprisingTeams: ["wolves"] }), "unknown-team");
  });

  it("drops empty places from a dexterity sequence", () => {
    const state = ok(
      beginCombat(setUp("dexterity"), { sequence: [["roland"], [], ["captain", "petra"]] }),
    ).state;
    expect(state.sequence).toEqual([["roland"], ["captain", "petra"]]);
  });
});

describe("unknown members and teams", () => {
  it.each<[string, (state: TurnState) => TurnResult, string]>([
    ["knock out", (state) => setCanAct(state, "ghost", false), "unknown-member"],
    ["mark unsurprisable", (state) => setCannotBeSurprised(state, "ghost", true), "unknown-member"],
    ["surprise", (state) => setSurprised(state, "ghost", true), "unknown-member"],
    ["remove", (state) => removeMember(state, "ghost"), "unknown-member"],
    ["reassign", (state) => reassignMember(state, "ghost", "party"), "unknown-member"],
    ["reassign to a missing team", (state) => reassignMember(state, "roland", "wolves"), "unknown-team"],
    ["skip", (state) => skipTurn(state, "ghost"), "unknown-member"],
    ["add twice", (state) => addMember(state, { id: "roland", teamId: "party" }), "duplicate-member"],
    ["add to a missing team", (state) => addMember(state, { id: "wolf", teamId: "wolves" }), "unknown-team"],
    ["add a team twice", (state) => addTeam(state, "party"), "duplicate-team"],
    ["remove a missing team", (state) => removeTeam(state, "wolves"), "unknown-team"],
  ])("are refused: %s", (_, transition, reason) => {
    expectRefused(begun(), transition, reason);
  });

  it("are refused in a delay, whichever of the two is unknown", () => {
    expectRefused(begun("dexterity"), (state) => delayMember(state, "ghost", "petra"), "unknown-member");
    expectRefused(begun("dexterity"), (state) => delayMember(state, "roland", "ghost"), "unknown-member");
  });
});

describe("while a turn runs", () => {
  it("nobody can be skipped or delayed", () => {
    expectRefused(midTurn(), (state) => skipTurn(state, "captain"), "turn-in-progress");
    const dexterity = ok(takeTurn(begun("dexterity"), "roland")).state;
    expectRefused(dexterity, (state) => delayMember(state, "petra", "captain"), "turn-in-progress");
  });

  it("a member who has acted cannot be skipped", () => {
    const state = ok(endTurn(midTurn())).state;
    expectRefused(state, (next) => skipTurn(next, "roland"), "already-acted");
  });
});

describe("ending the combat", () => {
  it("mid-turn finishes that turn first: it counts as taken", () => {
    const { state, events } = ok(endCombat(midTurn()));
    expect(events).toEqual([
      { type: "turnEnd", round: 1, memberId: "roland", teamId: "party" },
      { type: "combatEnd", round: 1 },
    ]);
    expect(state.phase).toBe("ended");
    expect(state.current).toBeNull();
    expect(state.toMove).toBeNull();
    expect(state.members.find((member) => member.id === "roland")?.acted).toBe(true);
  });

  it("between turns only ends it", () => {
    const { state, events } = ok(endCombat(begun()));
    expect(events).toEqual([{ type: "combatEnd", round: 1 }]);
    expect(state.members.every((member) => !member.acted)).toBe(true);
  });
});

describe("teams during combat", () => {
  it("a new team goes where the GM puts it", () => {
    expect(ok(addTeam(begun(), "wolves", 0)).state.teams).toEqual(["wolves", "party", "guards"]);
    expect(ok(addTeam(begun(), "wolves", 1)).state.teams).toEqual(["party", "wolves", "guards"]);
    expect(ok(addTeam(begun(), "wolves")).state.teams).toEqual(["party", "guards", "wolves"]);
  });

  it("a team emptied and removed leaves the order and its surprise; the move stays with a team that can use it", () => {
    let state = begun("teams", { surprisingTeams: ["party"] });
    state = ok(addTeam(state, "wolves")).state;
    state = ok(reassignMember(state, "roland", "wolves")).state;
    state = ok(reassignMember(state, "petra", "wolves")).state;
    const { state: after } = ok(removeTeam(state, "party"));
    expect(after.teams).toEqual(["guards", "wolves"]);
    expect(after.surprisingTeams).toEqual([]);
    expect(teamToMove(after)).toBe("guards");
  });

  it("removing one surprising team leaves the other's surprise", () => {
    let state = ok(addTeam(setUp(), "wolves")).state;
    state = ok(addTeam(state, "bats")).state;
    state = ok(beginCombat(state, { surprisingTeams: ["party", "wolves", "bats"] })).state;
    expect(ok(removeTeam(state, "wolves")).state.surprisingTeams).toEqual(["party", "bats"]);
  });

  it("a team with members cannot be removed", () => {
    expectRefused(begun(), (state) => removeTeam(state, "guards"), "team-not-empty");
  });
});

describe("members during combat", () => {
  it("a newcomer can act, is not surprised and has not acted, unless told otherwise", () => {
    const state = ok(addMember(begun(), { id: "newcomer", teamId: "party" })).state;
    expect(state.members.at(-1)).toEqual({
      id: "newcomer",
      teamId: "party",
      canAct: true,
      cannotBeSurprised: false,
      surprised: false,
      acted: false,
    });
  });

  it("in a dexterity combat goes last, or at the place the GM names, alone or joining it", () => {
    const last = ok(addMember(begun("dexterity"), { id: "newcomer", teamId: "party" })).state;
    expect(last.sequence).toEqual([...DEX_SEQUENCE, ["newcomer"]]);
    const second = ok(addMember(begun("dexterity"), { id: "newcomer", teamId: "party" }, { group: 1 })).state;
    expect(second.sequence).toEqual([["roland"], ["newcomer"], ["captain"], ["petra"]]);
    const joined = ok(
      addMember(begun("dexterity"), { id: "newcomer", teamId: "party" }, { group: 1, join: true }),
    ).state;
    expect(joined.sequence).toEqual([["roland"], ["captain", "newcomer"], ["petra"]]);
    expect(placeOf(joined, "newcomer")).toBe(1);
    const pastTheEnd = ok(
      addMember(begun("dexterity"), { id: "newcomer", teamId: "party" }, { group: 9, join: true }),
    ).state;
    expect(pastTheEnd.sequence).toEqual([...DEX_SEQUENCE, ["newcomer"]]);
    expect(ok(addMember(begun(), { id: "newcomer", teamId: "party" })).state.sequence).toEqual([]);
  });

  it("before a dexterity combat begins gets no place yet: the sequence comes with the start", () => {
    expect(ok(addMember(setUp("dexterity"), { id: "newcomer", teamId: "party" })).state.sequence).toEqual([]);
  });

  it("is surprised, or not, as the GM marks", () => {
    const state = ok(setSurprised(setUp(), "petra", true)).state;
    expect(state.members.find((member) => member.id === "petra")?.surprised).toBe(true);
    expect(
      ok(setSurprised(state, "petra", false)).state.members.find((m) => m.id === "petra")?.surprised,
    ).toBe(false);
  });

  it("leaving mid-turn ends that turn; leaving between turns ends none", () => {
    const acting = ok(removeMember(midTurn(), "roland"));
    expect(acting.events[0]).toEqual({ type: "turnEnd", round: 1, memberId: "roland", teamId: "party" });
    expect(acting.state.current).toBeNull();
    const idle = ok(removeMember(midTurn(), "petra"));
    expect(idle.events.filter((event) => event.type === "turnEnd")).toEqual([]);
    expect(idle.state.current).toBe("roland");
  });
});

describe("undo", () => {
  it("forgets the entry it used: a second undo goes one turn further back", () => {
    let state = begun();
    for (const id of ["roland", "captain"]) state = ok(endTurn(ok(takeTurn(state, id)).state)).state;
    const once = ok(undoLastTurn(state)).state;
    expect(once.history).toHaveLength(1);
    expect(once.members.find((member) => member.id === "captain")?.acted).toBe(false);
    expect(once.members.find((member) => member.id === "roland")?.acted).toBe(true);
    const twice = ok(undoLastTurn(once)).state;
    expect(twice.history).toEqual([]);
    expect(twice.members.every((member) => !member.acted)).toBe(true);
  });

  it(`remembers the last ${UNDO_LIMIT} turns, no more`, () => {
    let state = begun();
    for (let turn = 0; turn < UNDO_LIMIT + 5; turn += 1) {
      const [next] = state.members.filter((member) => !member.acted && member.teamId === teamToMove(state));
      state = ok(endTurn(ok(takeTurn(state, next?.id ?? "")).state)).state;
    }
    expect(state.history).toHaveLength(UNDO_LIMIT);
  });
});

describe("who has the move", () => {
  it("nobody before the combat begins, during a turn, or after it ends", () => {
    expect(membersToMove(setUp())).toEqual([]);
    expect(teamToMove(setUp())).toBeNull();
    expect(membersToMove(midTurn())).toEqual([]);
    expect(membersToMove(ended())).toEqual([]);
    expect(teamToMove(ended("dexterity"))).toBeNull();
  });

  it("in a dexterity combat: the first place with someone to act, its team, or none when teams share it", () => {
    const shared = ok(
      beginCombat(setUp("dexterity"), { sequence: [["roland", "captain"], ["petra"]] }),
    ).state;
    expect(membersToMove(shared)).toEqual(["roland", "captain"]);
    expect(teamToMove(shared)).toBeNull();
    const rolandActs = ok(takeTurn(shared, "roland")).state;
    expect(teamToMove(rolandActs)).toBe("party");
    const captainLeft = ok(endTurn(rolandActs)).state;
    expect(membersToMove(captainLeft)).toEqual(["captain"]);
    expect(teamToMove(captainLeft)).toBe("guards");
    const petraNext = ok(endTurn(ok(takeTurn(captainLeft, "captain")).state)).state;
    expect(membersToMove(petraNext)).toEqual(["petra"]);
  });

  it("in a surprise round: the surprising team's members not marked surprised, and who cannot be surprised", () => {
    let state = setUp();
    state = ok(setSurprised(state, "petra", true)).state;
    state = ok(setCannotBeSurprised(state, "captain", true)).state;
    state = ok(beginCombat(state, { surprisingTeams: ["party"] })).state;
    expect(state.phase).toBe("surprise");
    expect(membersToMove(state)).toEqual(["roland"]);
    expect(takeTurn(state, "petra")).toEqual({ ok: false, reason: "not-in-surprise" });
    const next = ok(endTurn(ok(takeTurn(state, "roland")).state)).state;
    expect(membersToMove(next)).toEqual(["captain"]);
  });
});

describe("passing the move when who can act changes", () => {
  const three = (mode: InitiativeMode = "teams"): TurnState => {
    const members = [...MEMBERS, { id: "wolf", teamId: "wolves" }];
    const set = ok(setupTurnState(mode, ["party", "guards", "wolves"], members)).state;
    const sequence = [["roland"], ["captain"], ["wolf"], ["petra"]];
    return ok(beginCombat(set, mode === "teams" ? {} : { sequence })).state;
  };
  const afterRoland = (mode: InitiativeMode = "teams") =>
    ok(endTurn(ok(takeTurn(three(mode), "roland")).state)).state;

  it("a knock-out of the team to move passes it to the next team after that one, and says so", () => {
    const guardsMove = afterRoland();
    expect(teamToMove(guardsMove)).toBe("guards");
    const { state, events } = ok(setCanAct(guardsMove, "captain", false));
    expect(teamToMove(state)).toBe("wolves");
    expect(events).toEqual([{ type: "teamMove", round: 1, teamId: "wolves", memberIds: ["wolf"] }]);
  });

  it("a knock-out elsewhere leaves the move where it is, and says nothing", () => {
    const { state, events } = ok(setCanAct(afterRoland(), "petra", false));
    expect(teamToMove(state)).toBe("guards");
    expect(events).toEqual([]);
  });

  it("in a dexterity combat, a knock-out of whoever has the place moves it on; elsewhere nothing moves", () => {
    const captainsPlace = afterRoland("dexterity");
    expect(membersToMove(captainsPlace)).toEqual(["captain"]);
    expect(membersToMove(ok(setCanAct(captainsPlace, "captain", false)).state)).toEqual(["wolf"]);
    const elsewhere = ok(setCanAct(captainsPlace, "petra", false));
    expect(membersToMove(elsewhere.state)).toEqual(["captain"]);
    expect(elsewhere.events).toEqual([]);
  });

  it("everyone down before anyone acts: nobody has the move, and the round waits for a recovery", () => {
    let state = three();
    for (const id of ["roland", "petra", "captain"]) state = ok(setCanAct(state, id, false)).state;
    const { state: down, events } = ok(setCanAct(state, "wolf", false));
    expect(down.round).toBe(1);
    expect(down.toMove).toBeNull();
    expect(events).toEqual([]);
    const back = ok(setCanAct(down, "captain", true));
    expect(teamToMove(back.state)).toBe("guards");
  });

  it("a GM's turn out of order gives the move to that member's team", () => {
    const { state } = ok(takeTurn(three(), "captain", { byGM: true }));
    expect(teamToMove(state)).toBe("guards");
    expect(teamToMove(ok(endTurn(state)).state)).toBe("wolves");
  });

  it("skipping a member whose team does not have the move leaves the move; skipping the one who has it passes it", () => {
    const skippedElsewhere = ok(skipTurn(three(), "captain"));
    expect(teamToMove(skippedElsewhere.state)).toBe("party");
    expect(skippedElsewhere.events.map((event) => event.type)).toEqual(["turnSkip"]);
    const state = ok(setCanAct(three(), "petra", false)).state;
    expect(teamToMove(ok(skipTurn(state, "roland")).state)).toBe("guards");
  });

  it("the team order must name each team once: a stranger in it is refused", () => {
    expectRefused(begun(), (state) => reorderTeams(state, ["party", "wolves"]), "invalid-order");
    expectRefused(begun(), (state) => reorderTeams(state, ["party", "party"]), "invalid-order");
  });
});

describe("changes that leave the move where it is", () => {
  it("announce nothing", () => {
    const running = begun();
    const quiet: TurnResult[] = [
      setCannotBeSurprised(running, "petra", true),
      setSurprised(running, "petra", true),
      addMember(running, { id: "newcomer", teamId: "party" }),
      reassignMember(running, "petra", "guards"),
      addTeam(running, "wolves"),
      reorderTeams(running, ["guards", "party"]),
      removeTeam(ok(addTeam(running, "wolves")).state, "wolves"),
      delayMember(begun("dexterity"), "captain", "petra"),
    ];
    for (const result of quiet) expect(ok(result).events).toEqual([]);
  });

  it("a new combat is in teams mode, with no teams, members, surprise or history yet", () => {
    expect(createTurnState()).toMatchObject({
      mode: "teams",
      phase: "setup",
      teams: [],
      members: [],
      surprisingTeams: [],
      history: [],
    });
  });
});

describe("the move announced when a change outside a turn moves it (dexterity modes)", () => {
  const moves = (result: TurnResult) => ok(result).events.filter((event) => event.type === "teamMove");

  it("passes the move to the next place when the member whose place it is cannot act", () => {
    expect(moves(setCanAct(begun("dexterity"), "roland", false))).toEqual([
      { type: "teamMove", round: 1, teamId: "guards", memberIds: ["captain"] },
    ]);
  });

  it("passes the move on when the member whose place it is leaves the combat", () => {
    expect(moves(removeMember(begun("dexterity-test"), "roland"))).toEqual([
      { type: "teamMove", round: 1, teamId: "guards", memberIds: ["captain"] },
    ]);
  });

  it("announces nothing when someone at a later place cannot act", () => {
    expect(moves(setCanAct(begun("dexterity"), "petra", false))).toEqual([]);
  });
});
