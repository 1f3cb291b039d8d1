/**
 * A party rest's card reaches every client; each player's client asks its user for the choices
 * for their own characters on it (hit dice, armour) as soon as it is posted. The GM's client asks
 * nobody: the GM chooses for an absent player from the card's Choose button.
 */
import { isRecordCard } from "../../data";
import { choosePartyRest } from "./rest-dialog";

let settled: Promise<unknown> = Promise.resolve();

/** Settles once every prompt this client opened has been answered and its choices sent. */
export async function partyRestPromptsSettled(): Promise<void> {
  let seen: Promise<unknown>;
  do {
    seen = settled;
    await seen;
  } while (seen !== settled);
}

export function registerPartyRestPrompt(): void {
  Hooks.on("createChatMessage", (message) => {
    if (message.type !== "partyRest" || game.user.isGM || !isRecordCard(message)) return;
    settled = settled.then(() => choosePartyRest(message));
  });
}
