/**
 * The welcome a GM gets in a new Brink world: the rules journal's "Getting Started (GM)" page opens
 * once, on the GM's client, with links to the rules, the pregenerated characters and the example
 * fight. A hidden world setting remembers that it was shown.
 */
import { SYSTEM_ID } from "./constants";

export const WELCOME_PAGE_UUID =
  "Compendium.brink.rules.JournalEntry.9rbVUvVd64BZZ1di.JournalEntryPage.op2FOCbEw7W6N3sy";

export function registerWelcomeSetting(): void {
  game.settings.register(SYSTEM_ID, "welcomeShown", {
    scope: "world",
    config: false,
    type: Boolean,
    default: false,
  });
}

/** Opens the welcome page for a GM who has not seen it in this world; players never get it. */
export async function showWelcome(): Promise<void> {
  if (!game.user.isGM || game.settings.get(SYSTEM_ID, "welcomeShown") === true) return;
  const page = await fromUuid(WELCOME_PAGE_UUID);
  const sheet = page instanceof JournalEntryPage ? page.parent?.sheet : null;
  if (!page || !sheet) {
    ui.notifications.warn(game.i18n.localize("BRINK.Welcome.missing"));
    return;
  }
  // v13's journal sheet opens at `pageId`; render(true, options) is ApplicationV2's force-render form.
  const options = { pageId: page.id };
  await sheet.render(true, options);
  await game.settings.set(SYSTEM_ID, "welcomeShown", true);
}
