/**
 * RULES §3 Seek Cover (1 action): the character is "in cover" until its next turn starts, and
 * ranged attacks against it are made with disadvantage while it is (rules/conditions). The action
 * rule runs on the active GM's client once the action is paid; the condition ends by itself
 * (workflows/durations), or when the combat ends.
 */
import { defineActionRule } from "../documents/combatant";
import { setTimedCondition } from "./durations";

export const IN_COVER = "in-cover";

export function registerSeekCover(): void {
  defineActionRule("seekCover", {
    effect: ({ actor }) => setTimedCondition(actor, IN_COVER, "ownTurnStart"),
  });
}
