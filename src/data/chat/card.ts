/**
 * What every Brink chat card model shares. The model owns the card's record (its `system`), its
 * view and its buttons: the chat log draws the card from `system` each time it renders the
 * message (documents/chat-message), for the user looking at it, so each user sees only the buttons
 * they may use. Every button names one of CARD_ACTIONS in `data-action`.
 */
import { templatePath } from "../../constants";

/** The one vocabulary of Brink's chat card buttons. */
export const CARD_ACTIONS = [
  "apply-damage",
  "react",
  "choose",
  "revert-damage",
  "revert-life",
  "apply-healing",
  "retreat-drop",
  "revert-retreat",
  "reunite",
  "revert-reunite",
  "confirm-retreat",
  "intercept",
  "revert-intercept",
  "revert-recovery",
  "pan-to-target",
  "party-rest-choose",
  "party-rest-finish",
  "party-rest-cancel",
  "exploration-drop",
  "revert-exploration",
  "revert-rest",
  "disband-detachment",
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** A chat card model: the card's HTML for this client's user, drawn from its record. */
export interface CardView {
  renderContent(): Promise<string>;
}

export const isCardView = (value: unknown): value is CardView =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Partial<CardView>).renderContent === "function";

export function renderCard(template: string, context: Record<string, unknown>): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(templatePath(template), context);
}

/**
 * Whether the card is a record: written by a GM's client. A card a player's client wrote is only a
 * display, so it offers no buttons (issue 10: the GM's client never acts on what a player wrote).
 */
export const isRecordCard = (message: ChatMessage.Implementation | null | undefined): boolean =>
  message?.author?.isGM === true;

/**
 * The token a uuid names when it stands, visible to this user, on the scene this client's canvas
 * shows: a card may offer to pan there.
 */
export function visibleTokenOnCanvas(uuid: string): TokenDocument.Implementation | null {
  const found: unknown = fromUuidSync(uuid);
  if (!(found instanceof TokenDocument)) return null;
  const scene = canvas?.scene ?? null;
  return scene !== null && found.parent === scene && found.object?.visible === true ? found : null;
}

/** Whether this client's user owns the actor a uuid names (an actor, or a token's actor). */
export function ownsActorAt(uuid: string): boolean {
  const found: unknown = fromUuidSync(uuid);
  if (found instanceof Actor) return found.isOwner;
  const actor = (found as { actor?: unknown } | null)?.actor;
  return actor instanceof Actor && actor.isOwner;
}
