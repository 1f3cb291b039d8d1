export { BrinkRoll, type BrinkRollOptions, type DiePurpose } from "./brink-roll";
export { luckPurpose, resolveWithFoundryDice, type RolledRule } from "./foundry-dice";
