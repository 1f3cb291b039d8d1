import type { ApplicationOptions, RenderContext } from "../../foundry/application-base";
import { templatePath } from "../../constants";
import { ActorSheetWithItems } from "./actor-sheet-with-items";
import { RECOVERY_ACTIONS, recoveryView } from "./recovery";

/** The player character sheet: tabs for the character, inventory, consequences, effects and story. */
export class CharacterSheet extends ActorSheetWithItems {
  static override DEFAULT_OPTIONS: ApplicationOptions = { classes: ["character"], actions: RECOVERY_ACTIONS };

  static override PARTS = {
    header: { template: templatePath("actor/header.hbs") },
    actions: { template: templatePath("actor/actions.hbs") },
    tabs: { template: templatePath("actor/tabs.hbs") },
    character: { template: templatePath("actor/character-tab.hbs"), scrollable: [""] },
    inventory: { template: templatePath("actor/inventory-tab.hbs"), scrollable: [""] },
    consequences: { template: templatePath("actor/consequences-tab.hbs"), scrollable: [""] },
    effects: { template: templatePath("actor/effects-tab.hbs"), scrollable: [""] },
    biography: { template: templatePath("actor/biography-tab.hbs"), scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "character" },
        { id: "inventory" },
        { id: "consequences" },
        { id: "effects" },
        { id: "biography" },
      ],
      initial: "character",
      labelPrefix: "BRINK.Sheet.Tab",
    },
  };

  override async _preparePartContext(partId: string, context: RenderContext, options: unknown) {
    const partContext = await super._preparePartContext(partId, context, options);
    return partId === "consequences"
      ? Object.assign(partContext, { recovery: recoveryView(this.actor) })
      : partContext;
  }
}
