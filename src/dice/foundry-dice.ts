import type { DiceSource } from "../rules/dice";
import { BrinkRoll, type BrinkRollOptions, type DiePurpose } from "./brink-roll";
import { dieAppearance } from "./asker-dice-look";
import { rollsMayAskThisUser } from "../requests";

/** Thrown by the replaying dice source when a rule asks for one die more than has been rolled. */
class MoreDiceNeeded extends Error {
  constructor(readonly faces: number) {
    super(`a d${faces} is needed`);
  }
}

interface RolledFace {
  faces: number;
  face: number;
}

function replay(rolled: readonly RolledFace[]): DiceSource {
  let index = 0;
  return {
    roll(faces) {
      const next = rolled[index];
      if (!next) throw new MoreDiceNeeded(faces);
      if (next.faces !== faces)
        throw new Error(`dice replay out of step: d${faces} asked, d${next.faces} rolled`);
      index += 1;
      return next.face;
    },
  };
}

/** The d20 among a rule's dice is the luck die; a card's dice tooltip says so. */
export const luckPurpose = (_index: number, faces: number): DiePurpose => (faces === 20 ? "luck" : "test");

export interface RolledRule<T> {
  result: T;
  /** Every die the rule used, as evaluated Foundry rolls (Dice So Nice animates them). */
  rolls: BrinkRoll[];
}

const MAX_DICE = 64;

/**
 * Runs a pure rule with real Foundry dice. The rules decide which dice they need as they go (a
 * stray shot needs a pick die only on a luck of 1), so the rule is run against the dice rolled so
 * far; when it asks for one more, that die is rolled through Foundry (Dice So Nice and the
 * configured randomiser apply, and manual dice entry to the user's own rolls) and the rule runs
 * again from the start. Rules are
 * pure, so every replay takes the same path.
 */
export async function resolveWithFoundryDice<T>(
  rule: (dice: DiceSource) => T,
  purposeOf: (index: number, faces: number) => DiePurpose = () => "test",
): Promise<RolledRule<T>> {
  const rolls: BrinkRoll[] = [];
  const rolled: RolledFace[] = [];
  for (let attempt = 0; attempt <= MAX_DICE; attempt += 1) {
    try {
      return { result: rule(replay(rolled)), rolls };
    } catch (error) {
      if (!(error instanceof MoreDiceNeeded)) throw error;
      const purpose = purposeOf(rolled.length, error.faces);
      const appearance = dieAppearance(error.faces, purpose);
      const brinkOptions: BrinkRollOptions = { purpose, ...(appearance ? { appearance } : {}) };
      // Roll options are free-form at runtime (they travel with the message); fvtt-types lists core's only.
      const options = brinkOptions as never;
      const roll = new BrinkRoll(`1d${error.faces}`, {}, options);
      // Manual dice entry applies to the user's own rolls, never to one carried out for another user.
      await roll.evaluate({ allowInteractive: rollsMayAskThisUser() });
      rolls.push(roll);
      rolled.push({ faces: error.faces, face: Number(roll.total) });
    }
  }
  throw new Error(`a rule asked for more than ${MAX_DICE} dice`);
}
