/**
 * Everything for retreats, setbacks and recovery, registered in one call from the init hook: the
 * GM-side requests (retreat, drops, revert, reunite, rest, morale, retreat action) and the buttons
 * on their cards.
 */
import { activateRecoveryButtons } from "../applications/retreat/card-buttons";
import { registerRequest } from "../requests";
import { MORALE_REQUESTS } from "./morale";
import { REST_REQUESTS } from "./rest";
import { RETREAT_REQUESTS } from "./retreat";

let registered = false;

export function registerRecovery(): void {
  if (registered) return;
  registered = true;
  for (const [name, handler] of Object.entries({ ...RETREAT_REQUESTS, ...REST_REQUESTS, ...MORALE_REQUESTS }))
    registerRequest(name, handler);
  Hooks.on("renderChatMessageHTML", (message, html) =>
    activateRecoveryButtons(message as ChatMessage.Implementation, html),
  );
}
