/**
 * The actions panel's Seek Cover (RULES §3): nothing to choose, so the prompt asks the GM's client
 * to spend the action at once; the GM's client then puts the character in cover until its next turn
 * (workflows/seek-cover). A refusal is shown to the player by the request layer.
 */
import { defineActionPrompt } from "./prompts";

export function registerSeekCoverPrompt(): void {
  defineActionPrompt("seekCover", async (combatant) => {
    await combatant.spendAction("seekCover");
  });
}
