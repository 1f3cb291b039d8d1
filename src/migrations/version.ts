import { SYSTEM_ID } from "../constants";

/**
 * The shape of world data this build of Brink writes. Worlds record the version they were last
 * migrated to in the hidden `worldSchemaVersion` setting; 0 means none was ever recorded (every world
 * made with Brink 0.1.0, and every brand-new world).
 */
export const SCHEMA_VERSION = 2;

export function recordedVersion(): number {
  const value: unknown = game.settings.get(SYSTEM_ID, "worldSchemaVersion");
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

export async function recordVersion(version: number): Promise<void> {
  await game.settings.set(SYSTEM_ID, "worldSchemaVersion", version);
}
