/**
 * Collapse cards (a player's Appearance choice): each card's dice and roll lines sit in a
 * `<details>` that starts closed for a player who collapses cards; a click or Enter on its summary
 * opens it. Cards already shown follow a change at once (preferences.ts).
 */
import { preference } from "../../settings";

export function collapseCardDetails(html: ParentNode, collapsed: boolean): void {
  for (const details of html.querySelectorAll<HTMLDetailsElement>("details[data-brink-collapsible]"))
    details.open = !collapsed;
}

export function registerCardCollapse(): void {
  const collapse = (_message: unknown, html: HTMLElement) =>
    collapseCardDetails(html, preference("collapseCards"));
  Hooks.on("renderChatMessageHTML", collapse);
  // A card drawn from its record (documents/chat-message) is folded once drawn.
  Hooks.on("brink.renderChatCard", collapse);
}
