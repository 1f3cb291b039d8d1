/**
 * A target's name on an attack card pans this client's canvas to its token (nothing is written).
 * The card offers it only while the token stands visible on the scene shown; if the view changed
 * since, the user is told why nothing moved.
 */
import { visibleTokenOnCanvas } from "../../data/chat";

export async function panToTarget(targetUuid: string): Promise<void> {
  const token = visibleTokenOnCanvas(targetUuid);
  const center = token?.object?.center;
  if (!center) {
    ui.notifications.warn(game.i18n.localize("BRINK.Attack.notOnScene"));
    return;
  }
  await canvas?.animatePan({ x: center.x, y: center.y });
}
