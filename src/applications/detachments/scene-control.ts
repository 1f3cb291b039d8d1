/**
 * "Form detachment" among the token controls, for a GM while detachments are on: it asks the GM's
 * client to form one from the tokens this GM controls on the scene shown (v13 passes the controls
 * as a record keyed by control name, each with a record of tools, as the exploration tool uses).
 */
import { onSceneControls, type SceneControlRecord } from "../../foundry/scene-controls";
import { detachmentsEnabled, requestFormDetachment } from "../../workflows/detachments";

export const FORM_DETACHMENT_TOOL = "brinkFormDetachment";

/** Forms a detachment from this client's controlled tokens. */
export async function formFromControlledTokens(): Promise<void> {
  const scene = canvas?.scene;
  if (!scene?.id) {
    ui.notifications?.warn(game.i18n.localize("BRINK.Formation.Refusal.noScene"));
    return;
  }
  const tokenIds = (canvas?.tokens?.controlled ?? []).map((token) => token.document.id ?? "");
  await requestFormDetachment(scene.id, tokenIds);
}

export function addFormDetachmentTool(controls: SceneControlRecord): void {
  const tools = controls.tokens?.tools;
  if (!tools || !game.user.isGM || !detachmentsEnabled()) return;
  tools[FORM_DETACHMENT_TOOL] = {
    name: FORM_DETACHMENT_TOOL,
    title: "BRINK.Formation.tool",
    icon: "fa-solid fa-people-group",
    order: Object.keys(tools).length,
    button: true,
    visible: true,
    onChange: () => void formFromControlledTokens(),
  };
}

export function registerDetachmentControls(): void {
  onSceneControls(addFormDetachmentTool);
}
