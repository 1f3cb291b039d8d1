/**
 * How the actions panel starts each S4 action on the acting character's client: a prompt per action
 * key gathers what the action needs (a target, a trigger, an item…) and asks the GM's client to take
 * it. The panel lists only actions that have a prompt, so an action with no behaviour never shows.
 */
import type { BrinkCombatant } from "../../documents/combatant";

/** Starts one action for the combatant's actor; refusals are shown to the asker by the request layer. */
export type ActionPrompt = (combatant: BrinkCombatant, actor: Actor.Implementation) => Promise<void>;

const prompts = new Map<string, ActionPrompt>();

/** Gives an action (or free action, or reaction) key its prompt; each key has one. */
export function defineActionPrompt(key: string, prompt: ActionPrompt): void {
  if (prompts.has(key)) throw new Error(`Brink | the action "${key}" has two prompts`);
  prompts.set(key, prompt);
}

export function actionPrompt(key: string): ActionPrompt | undefined {
  return prompts.get(key);
}
