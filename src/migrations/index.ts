import { migrateWorld } from "./run";

export { migrateWorld } from "./run";
export { SCHEMA_VERSION } from "./version";

/** Only the active GM's client migrates, once the world is ready, so it happens exactly once. */
export function registerMigrations(): void {
  Hooks.once("ready", async () => {
    if (game.users.activeGM?.isSelf !== true) return;
    await migrateWorld();
  });
}
