/** Rolling the retreat with Foundry dice and resolving it through the rules engine. */
import { resolveWithFoundryDice, type BrinkRoll } from "../../dice";
import type { DiceSource } from "../../rules/dice";
import {
  resolveEmergencyRetreat,
  type EmergencyRetreatResolution,
  type RetreatParty,
  type RetreatTables,
} from "../../rules/retreat";

/** The d20s are death luck tests; the other dice pick rows, attributes and damage. */
const retreatPurpose = (_index: number, faces: number): "luck" | "pick" => (faces === 20 ? "luck" : "pick");

/** Replays evaluated one-die Foundry rolls ("1dN") as a dice source, checking each size. */
function replayRolls(rolls: readonly BrinkRoll[]): DiceSource {
  let index = 0;
  return {
    roll(faces) {
      const roll = rolls[index];
      const size = Number(/d(\d+)/.exec(roll?.formula ?? "")?.[1]);
      if (!roll || size !== faces) throw new Error(`retreat replay out of step at die ${index + 1}`);
      index += 1;
      return Number(roll.total);
    },
  };
}

/**
 * Every character's dice, rolled through Foundry one character at a time (so no rule replays more
 * than its own few dice), then the whole party resolved once from those faces.
 */
export async function rollRetreat(
  party: RetreatParty,
  tables: RetreatTables,
): Promise<{ resolution: EmergencyRetreatResolution; rolls: BrinkRoll[] }> {
  const rolls: BrinkRoll[] = [];
  for (const character of party.characters) {
    const rolled = await resolveWithFoundryDice(
      (dice) => resolveEmergencyRetreat({ key: party.key, characters: [character] }, tables, dice),
      retreatPurpose,
    );
    rolls.push(...rolled.rolls);
  }
  return { resolution: resolveEmergencyRetreat(party, tables, replayRolls(rolls)), rolls };
}
