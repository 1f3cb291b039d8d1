/**
 * The attack card's Intercept button on the player's client: picks which of the user's characters
 * on the target's scene steps in, and asks the GM's client, which checks reach, team and cost.
 */
import { requestIntercept } from "../../workflows/allies/intercept";
import { askWithForm, renderDialog, warn } from "../dialog-form";

interface SceneTokenView {
  uuid: string;
  name: string;
  actor: Actor.Implementation | null;
}
interface SceneView {
  tokens: Iterable<SceneTokenView>;
}

/** The tokens this user owns on the scene of the token a card row names, other than that token. */
function ownTokensNear(target: string): SceneTokenView[] {
  const token = fromUuidSync(target) as { parent?: SceneView | null } | null;
  const scene = token?.parent;
  if (!scene || !("tokens" in scene)) return [];
  return [...scene.tokens].filter((t) => t.uuid !== target && t.actor?.isOwner === true);
}

/** Asks which character intercepts the blow on this card row, then asks the GM. */
export async function promptIntercept(
  message: ChatMessage.Implementation,
  attack: number,
  target: string,
): Promise<void> {
  const candidates = ownTokensNear(target);
  if (!candidates.length) {
    warn("BRINK.Allies.Intercept.none");
    return;
  }
  const content = await renderDialog("dialogs/choose-combatant.hbs", {
    hint: game.i18n.localize("BRINK.Allies.Intercept.hint"),
    label: game.i18n.localize("BRINK.Allies.Intercept.pick"),
    choices: Object.fromEntries(candidates.map((t) => [t.uuid, t.name])),
  });
  const interceptor = await askWithForm({
    title: game.i18n.localize("BRINK.Allies.Intercept.button"),
    content,
    label: game.i18n.localize("BRINK.Allies.Intercept.button"),
    icon: "fa-solid fa-people-arrows",
    read: (form) => (typeof form.target === "string" ? form.target : ""),
  });
  if (!interceptor) return;
  await requestIntercept({ messageId: message.id ?? "", attack, target, interceptor });
}
