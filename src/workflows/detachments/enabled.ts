/**
 * Whether the GM has switched detachments on (RULES §7.4, S3). The world setting itself belongs to
 * the optional rules (settings/rules.ts); until it is registered, detachments read as off.
 */
import { SYSTEM_ID } from "../../constants";

const SETTING = "detachments";

export function detachmentsEnabled(): boolean {
  // Brink's typed settings do not declare this one yet (it is registered with the optional rules).
  const registered = game.settings.settings as Map<string, unknown>;
  if (!registered.has(`${SYSTEM_ID}.${SETTING}`)) return false;
  const read = game.settings.get as (namespace: string, key: string) => unknown;
  return read.call(game.settings, SYSTEM_ID, SETTING) === true;
}
