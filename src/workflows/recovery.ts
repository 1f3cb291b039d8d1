/**
 * The GM-side requests for retreats, setbacks and recovery (retreat, drops, revert, reunite, rest,
 * morale, retreat action) are declared in the registry when their modules load; this starts
 * answering them, in one call from the init hook. Their cards' buttons are the applications
 * layer's (applications/chat/card-buttons.ts).
 */
import { listenForRequests } from "../requests";
import "./morale";
import "./rest";
import "./retreat";
import "./exploration";
import { registerLevelHeals } from "./long-term-recovery";

export function registerRecovery(): void {
  listenForRequests();
  registerLevelHeals();
}
