/**
 * While Dice So Nice throws a message's dice, a Brink card keeps its outcome hidden: the message
 * element gets `brink-rolling` (styles hide everything below the card's header) until Dice So Nice
 * reports the message's animation complete. Dice So Nice hides a new message whole by itself, but
 * when rolls are added to a card (damage applied, a choice made) it hides only core's own roll
 * elements, and Brink's cards draw their dice and outcomes themselves. Without the module neither
 * hook fires, and nothing is ever marked.
 */
export const ROLLING_CLASS = "brink-rolling";

/** Messages whose dice are being thrown on this client, with the elements marked for each. */
const rolling = new Map<string, Set<HTMLElement>>();

function start(messageId: string | null): void {
  if (messageId && !rolling.has(messageId)) rolling.set(messageId, new Set());
}

function finish(messageId: string): void {
  for (const element of rolling.get(messageId) ?? []) element.classList.remove(ROLLING_CLASS);
  rolling.delete(messageId);
}

function mark(message: ChatMessage.Implementation, html: HTMLElement): void {
  const elements = rolling.get(message.id ?? "");
  if (!elements || !html.querySelector(".brink-card")) return;
  html.classList.add(ROLLING_CLASS);
  elements.add(html);
}

export function registerRollingCards(): void {
  Hooks.on("diceSoNiceRollStart", start);
  Hooks.on("diceSoNiceRollComplete", finish);
  Hooks.on("renderChatMessageHTML", (message, html) => mark(message as ChatMessage.Implementation, html));
}
