/**
 * Registering Brink's applications with core: document sheets and settings menus. Brink's
 * application classes are typed through their surfaces (application-base); fvtt-types asks for
 * core's own classes, so each registration casts the class once, here.
 */
import type { ApplicationClass } from "./application-base";

interface SheetOptions<SubType> {
  types?: SubType[];
  makeDefault: boolean;
  label: string;
}

export function registerActorSheet(
  scope: string,
  sheet: ApplicationClass<unknown>,
  options: SheetOptions<Actor.SubType>,
): void {
  // fvtt-types wants core's own sheet class; Brink's is typed through its surface.
  foundry.documents.collections.Actors.registerSheet(scope, sheet as never, options);
}

export function registerItemSheet(
  scope: string,
  sheet: ApplicationClass<unknown>,
  options: SheetOptions<Item.SubType>,
): void {
  // fvtt-types wants core's own sheet class; Brink's is typed through its surface.
  foundry.documents.collections.Items.registerSheet(scope, sheet as never, options);
}

interface SettingsMenuData {
  name: string;
  label: string;
  hint: string;
  icon: string;
  type: ApplicationClass<unknown>;
  restricted: boolean;
}

export function registerSettingsMenu(scope: string, key: string, menu: SettingsMenuData): void {
  // fvtt-types wants core's own ApplicationV2 class; Brink's menus are typed through their surface.
  game.settings.registerMenu(scope, key, { ...menu, type: menu.type as never });
}
