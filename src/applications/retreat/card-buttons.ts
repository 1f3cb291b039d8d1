/**
 * Buttons on the recovery cards. Only the GM sees them (revert, dropped items, reunite, confirm a
 * player's call); the GM's client checks every request again, since hiding a button protects nothing.
 */
import {
  requestRetreatRevert,
  requestReuniteRevert,
  retreatRecordOf,
  retreatRequestOf,
  reuniteRecordOf,
} from "../../workflows/retreat";
import { chooseDrop, confirmRetreatRequest, reuniteParty } from "./retreat-dialog";

type RecoveryAction = "revert" | "drop" | "reunite" | "revertReunite" | "confirm";

async function run(action: RecoveryAction, message: ChatMessage.Implementation, button: HTMLElement) {
  const messageId = message.id ?? "";
  switch (action) {
    case "revert":
      return requestRetreatRevert(messageId);
    case "drop":
      return chooseDrop(messageId, button.dataset.choiceId ?? "");
    case "reunite":
      return reuniteParty();
    case "revertReunite":
      return requestReuniteRevert(messageId);
    case "confirm":
      return confirmRetreatRequest(message);
  }
}

const ACTIONS: readonly string[] = ["revert", "drop", "reunite", "revertReunite", "confirm"];

export function activateRecoveryButtons(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!retreatRecordOf(message) && !retreatRequestOf(message) && !reuniteRecordOf(message)) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-recovery-action]")) {
    const action = button.dataset.recoveryAction ?? "";
    if (!game.user.isGM || !ACTIONS.includes(action)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", async (event) => {
      event.preventDefault();
      button.disabled = true;
      try {
        await run(action as RecoveryAction, message, button);
      } finally {
        button.disabled = false;
      }
    });
  }
}

export function registerRecoveryButtons(): void {
  Hooks.on("renderChatMessageHTML", (message, html) =>
    activateRecoveryButtons(message as ChatMessage.Implementation, html),
  );
}
