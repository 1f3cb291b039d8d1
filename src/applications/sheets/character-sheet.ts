import type { ApplicationOptions, RenderContext } from "../../foundry/application-base";
import { templatePath } from "../../constants";
import { isRecord } from "../../requests/fields";
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

  /** The tabs are the same for every part, so they are prepared once per render. */
  override async _prepareContext(options: unknown) {
    return Object.assign(await super._prepareContext(options), { tabs: this.#tabsWithIds() });
  }

  override async _preparePartContext(partId: string, context: RenderContext, options: unknown) {
    const partContext = await super._preparePartContext(partId, context, options);
    const { tabs } = partContext;
    const recovery = partId === "consequences" ? { recovery: recoveryView(this.actor) } : {};
    return Object.assign(partContext, { tab: isRecord(tabs) ? tabs[partId] : undefined }, recovery);
  }

  /** The nav keeps saying which tab is open, for screen readers as for the eye. */
  override changeTab(tab: string, group: string, options?: object): void {
    super.changeTab(tab, group, options);
    for (const button of this.element.querySelectorAll<HTMLElement>(`[role="tab"][data-group="${group}"]`))
      button.setAttribute("aria-selected", String(button.dataset.tab === tab));
  }

  /** Each tab button names the panel it controls, and each panel the button that labels it. */
  #tabsWithIds(): Record<string, Record<string, unknown>> {
    const tabs = this._prepareTabs("primary");
    for (const [id, tab] of Object.entries(tabs))
      Object.assign(tab, { buttonId: `${this.id}-tab-${id}`, panelId: `${this.id}-panel-${id}` });
    return tabs;
  }
}
