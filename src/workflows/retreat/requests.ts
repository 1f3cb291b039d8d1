/**
 * The retreat's requests, declared in the registry (requests/registry.ts) with who may ask for
 * each, and the functions any client asks with (each shows a refusal to the user who asked).
 */
import { defineRequest } from "../../requests";
import type { Fields } from "../../requests/fields";
import { handleDrop } from "./drop";
import { handleRequest } from "./request";
import { readPartyRequest } from "./requested-party";
import { handleResolve } from "./resolve";
import { handleCall, handleCancel } from "./pending";
import { handleReunite, handleReuniteRevert } from "./reunite";
import { handleRevert } from "./revert";

/** Longest id of a drop choice on a retreat card (the rules engine makes them). */
const MAX_CHOICE_ID = 200;

const resolve = defineRequest({
  name: "retreat.resolve",
  who: "gm",
  parse: readPartyRequest,
  handle: handleResolve,
});
const call = defineRequest({
  name: "retreat.call",
  who: "gm",
  parse: readPartyRequest,
  handle: handleCall,
});
const cancel = defineRequest({
  name: "retreat.cancel",
  who: "gm",
  parse: (fields) => ({ combatId: fields.id("combatId") }),
  handle: handleCancel,
});
const request = defineRequest({
  name: "retreat.request",
  who: "any",
  parse: readPartyRequest,
  handle: handleRequest,
});
const drop = defineRequest({
  name: "retreat.drop",
  who: "gm",
  parse: (fields) => ({
    messageId: fields.id("messageId"),
    choiceId: fields.text("choiceId", MAX_CHOICE_ID),
    itemIds: fields.ids("itemIds"),
  }),
  handle: handleDrop,
});
const byMessage = (fields: Fields) => ({ messageId: fields.id("messageId") });
const revert = defineRequest({ name: "retreat.revert", who: "gm", parse: byMessage, handle: handleRevert });
const reunite = defineRequest({
  name: "retreat.reunite",
  who: "gm",
  parse: () => ({}),
  handle: handleReunite,
});
const reuniteRevert = defineRequest({
  name: "retreat.reuniteRevert",
  who: "gm",
  parse: byMessage,
  handle: handleReuniteRevert,
});

export const requestRetreat = (combatId: string, actorUuids: string[]) => resolve({ combatId, actorUuids });
/** The GM's confirmed call: pending until the acting combatant's turn ends, or resolved now if nobody acts. */
export const callRetreat = (combatId: string, actorUuids: string[]) => call({ combatId, actorUuids });
/** The GM cancels a pending retreat. */
export const cancelPendingRetreat = (combatId: string) => cancel({ combatId });
export const askForRetreat = (combatId: string, actorUuids: string[]) => request({ combatId, actorUuids });
export const requestDrop = (messageId: string, choiceId: string, itemIds: string[]) =>
  drop({ messageId, choiceId, itemIds });
export const requestRetreatRevert = (messageId: string) => revert({ messageId });
export const requestReunite = () => reunite({});
export const requestReuniteRevert = (messageId: string) => reuniteRevert({ messageId });
