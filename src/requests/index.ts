/**
 * Requests a player's client asks the active GM's client to carry out: the authenticated relay
 * (relay.ts), the registry requests are declared in (registry.ts) and the one set of field
 * validators their payloads are read with (fields.ts).
 */
export {
  listenForRequests,
  notifyRefusal,
  refuse,
  registerRequest,
  requestFromGM,
  askerPreference,
  askingUser,
  rollsMayAskThisUser,
  setOwnLooks,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "./relay";
export { declaredRequests, defineRequest, GM_ONLY, isRefusal, type Ask, type Asker } from "./registry";
