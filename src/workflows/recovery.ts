/**
 * The GM-side requests for retreats, setbacks and recovery (retreat, drops, revert, reunite, rest,
 * morale, retreat action), registered in one call from the init hook. Their cards' buttons are the
 * applications layer's (applications/retreat/card-buttons.ts).
 */
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
}
