import { SYSTEM_PATH } from "../constants";

/** What a single die was rolled for, so a chat card can group the dice it shows. */
export type DiePurpose = "test" | "luck" | "pick" | "damage" | "save";

export interface BrinkRollOptions {
  purpose?: DiePurpose;
}

/**
 * Brink's Roll: an ordinary Foundry roll whose options remember why it was rolled. Registered in
 * CONFIG.Dice.rolls so chat messages carrying it are restored as BrinkRolls.
 */
export class BrinkRoll extends foundry.dice.Roll {
  static override CHAT_TEMPLATE = `${SYSTEM_PATH}/templates/chat/roll.hbs`;
}
