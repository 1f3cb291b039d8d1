export { BrinkRoll, type BrinkRollOptions, type DiePurpose } from "./brink-roll";
export { resolveWithFoundryDice, type RolledRule } from "./foundry-dice";
