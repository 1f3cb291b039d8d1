/**
 * The retreat's GM-side requests by name, and asking for them from any client (each shows a
 * refusal to the user who asked).
 */
import { notifyRefusal, requestFromGM } from "../../requests";
import { handleDrop } from "./drop";
import { handleRequest } from "./request";
import { handleResolve } from "./resolve";
import { handleReunite, handleReuniteRevert } from "./reunite";
import { handleRevert } from "./revert";

export const RETREAT_REQUESTS = {
  "retreat.resolve": handleResolve,
  "retreat.request": handleRequest,
  "retreat.drop": handleDrop,
  "retreat.revert": handleRevert,
  "retreat.reunite": handleReunite,
  "retreat.reuniteRevert": handleReuniteRevert,
} as const;

async function ask<T extends object = object>(
  name: keyof typeof RETREAT_REQUESTS,
  payload: Record<string, unknown>,
) {
  const result = await requestFromGM<T>(name, payload);
  notifyRefusal(result);
  return result;
}

export const requestRetreat = (combatId: string, actorUuids: string[]) =>
  ask<{ messageId: string }>("retreat.resolve", { combatId, actorUuids });
export const askForRetreat = (combatId: string, actorUuids: string[]) =>
  ask("retreat.request", { combatId, actorUuids });
export const requestDrop = (messageId: string, choiceId: string, itemIds: string[]) =>
  ask("retreat.drop", { messageId, choiceId, itemIds });
export const requestRetreatRevert = (messageId: string) => ask("retreat.revert", { messageId });
export const requestReunite = () => ask("retreat.reunite", {});
export const requestReuniteRevert = (messageId: string) => ask("retreat.reuniteRevert", { messageId });
