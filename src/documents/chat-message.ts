/**
 * Brink's ChatMessage: a card whose `system` is one of Brink's card models is drawn from that
 * record each time the chat log renders it, for the user looking at it (dnd5e and Draw Steel draw
 * their cards from message data the same way). A message this user may not read keeps core's
 * hidden rendering. Once drawn, `brink.renderChatCard(message, html)` fires on this client. A
 * record the card cannot draw (a player may write any record its model accepts) shows a short
 * notice instead: drawing a card never throws, so one card never breaks the chat log (issue 23).
 */
import { isCardView, type CardView } from "../data/chat";

export class BrinkChatMessage extends ChatMessage {
  override async renderHTML(...args: Parameters<ChatMessage["renderHTML"]>): Promise<HTMLElement> {
    const html = await super.renderHTML(...args);
    const system: unknown = this.system;
    const content = html.querySelector(".message-content");
    if (!content || !this.isContentVisible || !isCardView(system)) return html;
    content.innerHTML = await drawn(system, this.id);
    // Core's renderChatMessageHTML ran before the card was drawn; this one runs after.
    Hooks.callAll("brink.renderChatCard", this, html);
    return html;
  }
}

async function drawn(card: CardView, id: string | null): Promise<string> {
  try {
    return await card.renderContent();
  } catch (error) {
    console.warn(`Brink | the chat card ${id ?? ""} holds a record it cannot draw`, error);
    return `<p class="brink-card-unreadable">${game.i18n.localize("BRINK.Card.unreadable")}</p>`;
  }
}
