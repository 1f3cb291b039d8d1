/** What a single die was rolled for, so a chat card can group the dice it shows. */
export type DiePurpose = "test" | "luck" | "pick" | "damage" | "save";

export interface BrinkRollOptions {
  purpose?: DiePurpose;
  /** Dice So Nice's look for this roll's dice (see dice/asker-dice-look.ts). */
  appearance?: Partial<Record<string, string>>;
}

/**
 * Brink's Roll: an ordinary Foundry roll whose options remember why it was rolled. Registered in
 * CONFIG.Dice.rolls so chat messages carrying it are restored as BrinkRolls. It keeps core's
 * CHAT_TEMPLATE: Brink's cards draw their own dice, and core draws a roll on its own only when a
 * viewer may not read the card (a blind or whispered roll), where core's hidden roll is right.
 */
export class BrinkRoll extends foundry.dice.Roll {}
