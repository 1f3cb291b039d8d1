/**
 * Beginning combat on the active GM's client. In the dexterity modes the dice set the acting order
 * first, and a card shows the table how it was decided.
 */
import { postInitiativeCard } from "../../chat/initiative";
import { resolveWithFoundryDice, type BrinkRoll } from "../../dice";
import type { RequestResult } from "../../requests";
import { isDieRating, type DiceSource, type DieRating } from "../../rules/dice";
import {
  DEXTERITY_TEST_DIFFICULTY,
  dexterityOrder,
  dexterityTestOrder,
  type InitiativeMode,
  type InitiativeSequence,
} from "../../rules/initiative";
import { beginCombat, type BeginCombatOptions, type TurnState } from "../../rules/team-turns";
import { resolveTest } from "../../rules/tests";
import { optionalRules } from "../../settings";
import { actorData, type InitiativeTest } from "../../data";
import { rollAdjustment } from "../actor-rolls";
import type { BrinkCombatant } from "../combatant";
import { idOf } from "./document-id";
import { commitResult } from "./results";

/** What the GM chooses in the Begin combat dialog. */
export interface BeginChoices {
  startingTeam?: string;
  attackedTeam?: string;
  surprisingTeams?: string[];
}

export async function resolveBegin(
  combat: Combat.Implementation,
  user: User.Implementation,
  choices: BeginChoices,
): Promise<RequestResult> {
  const mode = optionalRules().initiativeMode;
  const state: TurnState = { ...combat.turnState, mode };
  const options: BeginCombatOptions = {
    ...(choices.startingTeam ? { startingTeam: choices.startingTeam } : {}),
    ...(choices.attackedTeam ? { attackedTeam: choices.attackedTeam } : {}),
    surprisingTeams: choices.surprisingTeams ?? [],
  };
  if (mode !== "teams" && state.phase === "setup") {
    // The rule is replayed as dice arrive (resolveWithFoundryDice): its tests come back with its result.
    const { result, rolls } = await resolveWithFoundryDice((dice) => initiativeSequence(combat, mode, dice));
    options.sequence = result.sequence;
    await postSequenceCard(combat, mode, result.sequence, rolls, result.tests);
  }
  return commitResult(combat, beginCombat(state, options));
}

/** The order the dice made, with the rolls, so the table sees how it was decided. */
async function postSequenceCard(
  combat: Combat.Implementation,
  mode: Exclude<InitiativeMode, "teams">,
  sequence: InitiativeSequence,
  rolls: BrinkRoll[],
  tests: InitiativeTest[],
) {
  const name = (id: string) => combat.combatants.get(id)?.name ?? "?";
  const places = sequence.map((group, index) => ({ place: index + 1, names: group.map(name).join(", ") }));
  await postInitiativeCard({ mode, places, tests }, rolls);
}

/** S3: one character's DEX test, with every modifier its state put on it (rules/modifiers). */
function dexterityTest(combatant: BrinkCombatant, dice: DiceSource): InitiativeTest & { success: boolean } {
  const actor = combatant.actor;
  const own = actor ? rollAdjustment(actorData(actor), "initiative") : null;
  const result = resolveTest(
    {
      attribute: dexterityOf(combatant),
      skill: 0,
      proficient: false,
      modifiers: own?.modifiers ?? [],
      disadvantages: own?.disadvantages ?? 0,
      advantages: own?.advantages ?? 0,
      luckBonus: actor?.system.luck.bonus ?? 0,
    },
    DEXTERITY_TEST_DIFFICULTY,
    dice,
  );
  return {
    name: combatant.name ?? "?",
    total: result.total,
    difficulty: result.difficulty,
    success: result.success,
    modifiers: [...result.steps],
    edges: own?.edges ?? [],
    dice: result.dice,
    luck: result.luck,
    luckEffect: result.luckEffect,
  };
}

/** S1: fixed DEX order; S3: each player character's DEX test puts it before or after its foes. */
function initiativeSequence(
  combat: Combat.Implementation,
  mode: Exclude<InitiativeMode, "teams">,
  dice: DiceSource,
): { sequence: InitiativeSequence; tests: InitiativeTest[] } {
  const members = [...combat.combatants];
  if (mode === "dexterity") {
    const order = dexterityOrder(
      members.map((combatant) => ({ id: idOf(combatant), dex: dexterityOf(combatant) })),
      dice,
    );
    return { sequence: order.sequence, tests: [] };
  }
  const players = members.filter((combatant) => combatant.actor?.type === "character");
  const tests = players.map((combatant) => dexterityTest(combatant, dice));
  const results = players.map((combatant, index) => ({
    id: idOf(combatant),
    succeeded: tests[index]?.success ?? false,
  }));
  const opponents = members.filter((combatant) => !players.includes(combatant)).map(idOf);
  return { sequence: dexterityTestOrder(results, opponents), tests };
}

function dexterityOf(combatant: BrinkCombatant): DieRating {
  const dex = combatant.actor?.system.attributes.dex.value;
  return isDieRating(dex) ? dex : 0;
}
