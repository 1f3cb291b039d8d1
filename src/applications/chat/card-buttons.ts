/**
 * The buttons on Brink's chat cards. Each card model draws only the buttons its viewer may use
 * (data/chat); every button names one of CARD_ACTIONS in `data-action`, and one listener per
 * message sends it to the GM's client, which checks the request again (hiding a button protects
 * nothing).
 */
import { CARD_ACTIONS, type CardAction } from "../../data/chat";
import { requestCardAction } from "../../workflows/damage";
import { applyHealingCard } from "../../workflows/healing-roll";
import { revertLifeCard } from "../../workflows/life";
import { requestRetreatRevert, requestReuniteRevert } from "../../workflows/retreat";
import { chooseDrop, confirmRetreatRequest, reuniteParty } from "../retreat/retreat-dialog";
import { promptIntercept } from "../allies/intercept-prompt";
import { requestInterceptRevert } from "../../workflows/allies/intercept";
import { requestRecoveryRevert } from "../../workflows/long-term-recovery";
import { panToTarget } from "./pan-to-target";
import { requestPartyRestCancel, requestPartyRestFinish } from "../../workflows/party-rest";
import { requestRestRevert } from "../../workflows/rest-revert";
import { choosePartyRest } from "../rest";
import { requestExplorationRevert } from "../../workflows/exploration";
import { chooseReturnDrop } from "../exploration/drop-dialog";
import { requestDisbandDetachment } from "../../workflows/detachments";

type Handler = (message: ChatMessage.Implementation, button: HTMLElement) => Promise<unknown>;

/** The card, attack and target a button on an attack card's target row names. */
function onTarget(message: ChatMessage.Implementation, button: HTMLElement) {
  const row = button.closest<HTMLElement>("li.target[data-target]");
  return {
    messageId: message.id ?? "",
    attack: Number(row?.dataset.attack ?? -1),
    target: row?.dataset.target ?? "",
  };
}

const HANDLERS: Record<CardAction, Handler> = {
  "apply-damage": (message, button) => requestCardAction("apply", onTarget(message, button)),
  react: (message, button) =>
    requestCardAction("react", { ...onTarget(message, button), kind: button.dataset.kind ?? "" }),
  choose: (message, button) =>
    requestCardAction("choose", { ...onTarget(message, button), choice: button.dataset.choice ?? "" }),
  "revert-damage": (message, button) => requestCardAction("revert", onTarget(message, button)),
  "revert-life": (message) => revertLifeCard(message.id ?? ""),
  "apply-healing": (message) => applyHealingCard(message),
  "retreat-drop": (message, button) => chooseDrop(message.id ?? "", button.dataset.choiceId ?? ""),
  "revert-retreat": (message) => requestRetreatRevert(message.id ?? ""),
  reunite: () => reuniteParty(),
  "revert-reunite": (message) => requestReuniteRevert(message.id ?? ""),
  "confirm-retreat": (message) => confirmRetreatRequest(message),
  intercept: (message, button) => {
    const { attack, target } = onTarget(message, button);
    return promptIntercept(message, attack, target);
  },
  "revert-intercept": (message, button) => requestInterceptRevert(onTarget(message, button)),
  "revert-recovery": (message) => requestRecoveryRevert(message.id ?? ""),
  "pan-to-target": (message, button) => panToTarget(onTarget(message, button).target),
  "party-rest-choose": (message) => choosePartyRest(message),
  "party-rest-finish": (message) => requestPartyRestFinish(message.id ?? ""),
  "party-rest-cancel": (message) => requestPartyRestCancel(message.id ?? ""),
  "exploration-drop": (message, button) => chooseReturnDrop(message, button.dataset.actorUuid ?? ""),
  "revert-exploration": (message) => requestExplorationRevert(message.id ?? ""),
  "revert-rest": (message) => requestRestRevert(message.id ?? ""),
  "disband-detachment": (message) => requestDisbandDetachment(message.id ?? ""),
};

const isCardAction = (value: string | undefined): value is CardAction =>
  (CARD_ACTIONS as readonly (string | undefined)[]).includes(value);

/** One listener on the message's element: a click on a card button runs its action once at a time. */
export function activateCardButtons(message: ChatMessage.Implementation, html: HTMLElement): void {
  html.addEventListener("click", async (event) => {
    const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>(
      ".brink-card [data-action]",
    );
    const action = button?.dataset.action;
    if (!button || !isCardAction(action) || button.disabled) return;
    event.preventDefault();
    button.disabled = true;
    try {
      await HANDLERS[action](message, button);
    } finally {
      button.disabled = false;
    }
  });
}

export function registerCardButtons(): void {
  Hooks.on("renderChatMessageHTML", (message, html) =>
    activateCardButtons(message as ChatMessage.Implementation, html),
  );
}
