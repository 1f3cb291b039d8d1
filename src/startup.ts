/**
 * What the active GM's client does once the world is ready: bring the world's data up to date, then
 * greet a GM who has not seen the welcome page. Other clients do nothing, so it happens once.
 */
import { migrateWorld } from "./migrations";
import { registerWelcomeSetting, showWelcome } from "./onboarding";

export async function startup(): Promise<void> {
  if (game.users.activeGM?.isSelf !== true) return;
  await migrateWorld();
  await showWelcome();
}

export function registerStartup(): void {
  registerWelcomeSetting();
  Hooks.once("ready", () => void startup());
}
