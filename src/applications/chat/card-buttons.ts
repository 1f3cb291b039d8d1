/**
 * Buttons on Brink's chat cards. Each viewer sees the buttons meant for them (the attacker's
 * player applies damage, the target's owner reacts and chooses, the GM reverts); the GM's client
 * checks every request again, since hiding a button protects nothing.
 */
import { requestCardAction } from "../../workflows/damage";
import { applyHealingCard } from "../../workflows/healing-roll";
import { revertLifeCard } from "../../workflows/life";

type Audience = "attacker" | "target" | "gm";

interface CardTarget {
  actorOwned: boolean;
}

function canSee(audience: Audience, message: ChatMessage.Implementation, target: CardTarget): boolean {
  if (game.user.isGM) return true;
  if (audience === "gm") return false;
  if (audience === "attacker") return message.author?.id === game.user.id;
  return target.actorOwned;
}

function targetOwned(uuid: string): boolean {
  const document = fromUuidSync(uuid) as { actor?: Actor.Implementation | null; isOwner?: boolean } | null;
  return document?.actor?.isOwner ?? document?.isOwner ?? false;
}

function activateLifeCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>('button[data-brink-action="revert-life"]')) {
    if (!game.user.isGM) {
      button.remove();
      continue;
    }
    button.addEventListener("click", async (event) => {
      event.preventDefault();
      button.disabled = true;
      await revertLifeCard(message.id ?? "");
    });
  }
}

function activateHealingCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>(
    'button[data-brink-action="apply-healing"]',
  )) {
    button.addEventListener("click", async (event) => {
      event.preventDefault();
      button.disabled = true;
      await applyHealingCard(message);
      button.disabled = false;
    });
  }
}

export function activateCardButtons(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.getFlag("brink", "life")) return activateLifeCard(message, html);
  if (message.getFlag("brink", "healing")) return activateHealingCard(message, html);
  if (message.type !== "attack") return;
  for (const row of html.querySelectorAll<HTMLElement>("li.target[data-target]")) {
    const target = { actorOwned: targetOwned(row.dataset.target ?? "") };
    for (const button of row.querySelectorAll<HTMLButtonElement>("button[data-brink-action]")) {
      if (!canSee(button.dataset.audience as Audience, message, target)) {
        button.remove();
        continue;
      }
      button.addEventListener("click", async (event) => {
        event.preventDefault();
        button.disabled = true;
        const action = button.dataset.brinkAction as "apply" | "choose" | "react" | "revert";
        await requestCardAction(action, {
          messageId: message.id ?? "",
          attack: Number(row.dataset.attack),
          target: row.dataset.target ?? "",
          kind: button.dataset.kind ?? "",
          choice: button.dataset.choice ?? "",
        });
        button.disabled = false;
      });
    }
  }
}

export function registerCardButtons(): void {
  Hooks.on("renderChatMessageHTML", (message, html) =>
    activateCardButtons(message as ChatMessage.Implementation, html),
  );
}
