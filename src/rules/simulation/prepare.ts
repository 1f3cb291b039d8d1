/**
 * Everything about an encounter worked out once before its fights are simulated: the fighters'
 * weapons and roll modifiers, and the schedule as the fight begins (or stands, when it is under way).
 */
import type { DiceSource } from "../dice";
import {
  dexterityOrder,
  dexterityTestOrder,
  DEXTERITY_TEST_DIFFICULTY,
  type InitiativeSequence,
} from "../initiative";
import { advantageCounts, rollModifiers } from "../modifiers";
import {
  beginCombat,
  removeMember,
  setCanAct,
  setupTurnState,
  type TurnResult,
  type TurnState,
} from "../team-turns";
import { resolveTest } from "../tests";
import { canAct, createFighter, type Fighter } from "./fighter";
import type { Encounter, FighterInput } from "./input";
import type { PreparedFight } from "./fight";

export type EncounterProblem = "no-party" | "no-foes" | "duplicate-id" | "schedule-refused";

function problemOf(encounter: Encounter): EncounterProblem | null {
  const ids = new Set(encounter.fighters.map((f) => f.id));
  if (ids.size !== encounter.fighters.length) return "duplicate-id";
  if (!encounter.fighters.some((f) => f.side === "party")) return "no-party";
  if (!encounter.fighters.some((f) => f.side === "foes")) return "no-foes";
  return null;
}

const unwrap = (result: TurnResult): TurnState | null => (result.ok ? result.state : null);

/** S3: each player character tests DEX against 6; who passes acts before every opponent. */
function dexterityTestSequence(fighters: readonly FighterInput[], dice: DiceSource): InitiativeSequence {
  const pcs = fighters.filter((f) => f.kind === "pc");
  const results = pcs.map((f) => {
    const lines = rollModifiers(
      { ...f.modifiers, conditions: new Set(f.modifiers.conditions) },
      "initiative",
    );
    const spec = {
      attribute: f.attacker.attributes.dex,
      skill: 0 as const,
      proficient: false,
      modifiers: lines.filter((l) => l.value !== 0).map((l) => ({ label: l.source, value: l.value })),
      ...advantageCounts(lines),
      luckBonus: f.attacker.luckBonus,
    };
    return { id: f.id, succeeded: resolveTest(spec, DEXTERITY_TEST_DIFFICULTY, dice).success };
  });
  const opponents = fighters.filter((f) => f.kind !== "pc").map((f) => f.id);
  return dexterityTestOrder(results, opponents);
}

function sequenceFor(encounter: Encounter, dice: DiceSource): InitiativeSequence | undefined {
  const { fighters, rules } = encounter;
  if (rules.initiativeMode === "dexterity")
    return dexterityOrder(
      fighters.map((f) => ({ id: f.id, dex: f.attacker.attributes.dex })),
      dice,
    ).sequence;
  if (rules.initiativeMode === "dexterity-test") return dexterityTestSequence(fighters, dice);
  return undefined;
}

/** A fight not yet begun: the sides as teams, the side that started it first. */
function newSchedule(encounter: Encounter, templates: readonly Fighter[]) {
  const members = templates.map((f) => ({ id: f.input.id, teamId: f.side, canAct: canAct(f) }));
  const setup = unwrap(setupTurnState(encounter.rules.initiativeMode, ["party", "foes"], members));
  if (setup === null) return null;
  // With two sides, the one that did not start goes second without being named.
  const startingTeam = encounter.startingSide;
  const fixed = encounter.rules.initiativeMode === "teams";
  const begun = fixed ? unwrap(beginCombat(setup, { startingTeam })) : null;
  if (fixed && begun === null) return null;
  return (dice: DiceSource): TurnState => {
    if (begun !== null) return begun;
    const sequence = sequenceFor(encounter, dice);
    return unwrap(beginCombat(setup, { startingTeam, ...(sequence ? { sequence } : {}) })) ?? setup;
  };
}

/** A fight under way: its own schedule, without members who are not fighting, told who can act. */
function runningSchedule(turns: TurnState, templates: readonly Fighter[]): TurnState | null {
  let state: TurnState | null = { ...turns, history: [] };
  for (const member of turns.members) {
    if (state === null) return null;
    if (!templates.some((f) => f.input.id === member.id)) state = unwrap(removeMember(state, member.id));
  }
  for (const fighter of templates) {
    if (state === null) return null;
    const member = state.members.find((m) => m.id === fighter.input.id);
    if (member !== undefined && member.canAct !== canAct(fighter))
      state = unwrap(setCanAct(state, fighter.input.id, canAct(fighter)));
  }
  return state;
}

export function prepareFight(encounter: Encounter): PreparedFight | EncounterProblem {
  const problem = problemOf(encounter);
  if (problem !== null) return problem;
  const direct = encounter.rules.damageRule === "direct";
  const templates = encounter.fighters.map((input, index) => createFighter(input, index, direct));
  const indexById = new Map(templates.map((f) => [f.input.id, f.index]));
  const running = encounter.turns === undefined ? null : runningSchedule(encounter.turns, templates);
  if (encounter.turns !== undefined && running === null) return "schedule-refused";
  const startTurns = running === null ? newSchedule(encounter, templates) : () => running;
  if (startTurns === null) return "schedule-refused";
  return { encounter, templates, indexById, startTurns };
}
