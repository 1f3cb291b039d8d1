/**
 * The combat requests are declared with the documents they change (documents/combat/brink-combat.ts
 * and documents/combatant.ts); this starts answering them, from the init hook.
 */
import { listenForRequests } from "../../requests";

export function registerCombatRequests(): void {
  listenForRequests();
}
