/**
 * An actor sheet that manages its items: the inventory's sections with create buttons, inline
 * summaries, the search box and each row's context menu; the Effects tab; rows that can be dragged
 * to sort them within their list, and items dropped from elsewhere (item-drop.ts).
 */
import type { ApplicationOptions, RenderContext } from "../../foundry/application-base";
import { isRecord } from "../../requests/fields";
import { BrinkActorSheet } from "./base-actor-sheet";
import { effectSections } from "./effects-context";
import { inventorySections, isInventoryType } from "./inventory-context";
import { confirmDelete, itemMenuEntries, itemOf } from "./item-menu";
import { contextMenuEntries } from "../../foundry/generation";
import { receiveItem } from "./item-drop";
import { writes } from "../../foundry/typed-writes";

const ROW = ".item-row[data-item-id]";
const MENU_BUTTON = ".item-menu-button";

export class ActorSheetWithItems extends BrinkActorSheet {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    actions: {
      createItem: ActorSheetWithItems.#onCreateItem,
      toggleSummary: ActorSheetWithItems.#onToggleSummary,
      toggleEffect: ActorSheetWithItems.#onToggleEffect,
      deleteEffect: ActorSheetWithItems.#onDeleteEffect,
      createEffect: ActorSheetWithItems.#onCreateEffect,
    },
  };

  /** Rows whose description is shown; kept while the sheet is open. */
  readonly expandedItems = new Set<string>();
  /** What the inventory's search box holds. */
  inventoryFilter = "";
  /** The window element the menus listen on; a sheet closed and opened again gets a new one. */
  #menuElement: HTMLElement | null = null;

  /** The tabs are the same for every part, so they are prepared once per render. */
  override async _prepareContext(options: unknown) {
    return Object.assign(await super._prepareContext(options), { tabs: this.#tabsWithIds() });
  }

  override async _preparePartContext(partId: string, context: RenderContext, options: unknown) {
    const partContext = await super._preparePartContext(partId, context, options);
    const { tabs } = partContext;
    Object.assign(partContext, { tab: isRecord(tabs) ? tabs[partId] : undefined });
    if (partId === "inventory")
      Object.assign(partContext, {
        sections: await inventorySections(this.actor, this.expandedItems),
        inventoryFilter: this.inventoryFilter,
      });
    if (partId === "effects") Object.assign(partContext, { effectSections: effectSections(this.actor) });
    return partContext;
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

  override async _onRender(context: RenderContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    this.#bindMenus();
    const search = this.element.querySelector<HTMLInputElement>(".inventory-search");
    search?.addEventListener("input", () => {
      this.inventoryFilter = search.value;
      this.#applyFilter();
    });
    this.#applyFilter();
  }

  /** Right-click on a row, or click its "⋯" button (reachable by Tab, opened with Enter or Space). */
  #bindMenus(): void {
    if (this.#menuElement === this.element) return;
    this.#menuElement = this.element;
    // Each generation's ContextMenu reads its own entry shape; foundry/generation builds the right one.
    const entries = contextMenuEntries(itemMenuEntries(this.actor, () => this.isEditable));
    const { ContextMenu } = foundry.applications.ux;
    new ContextMenu(this.element, ROW, entries, { jQuery: false, fixed: true });
    new ContextMenu(this.element, MENU_BUTTON, entries, { jQuery: false, fixed: true, eventName: "click" });
  }

  /** Hides the rows the search does not match, and a section left with none. */
  #applyFilter(): void {
    const words = this.inventoryFilter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    for (const section of this.element.querySelectorAll<HTMLElement>(".inventory-section")) {
      let shown = 0;
      for (const row of section.querySelectorAll<HTMLElement>(ROW)) {
        const text = row.dataset.search ?? "";
        const match = words.every((word) => text.includes(word));
        row.hidden = !match;
        if (match) shown += 1;
      }
      section.classList.toggle("no-match", words.length > 0 && shown === 0);
    }
  }

  /** The sheet's own item is sorted (core's `_onSortItem`); any other is received (item-drop.ts). */
  override async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown> {
    if (item.parent === this.actor) return super._onDropItem(event, item);
    return receiveItem(this.actor, item);
  }

  /**
   * Only beside a row of the same list and type: a weapon dropped on the gear does nothing, where
   * core would give it a place among them.
   */
  override _onSortItem(event: DragEvent, item: Item.Implementation): Promise<unknown> | undefined {
    // A drop's target is the element under the pointer, always an element of the sheet.
    const row = (event.target as HTMLElement | null)?.closest<HTMLElement>(ROW);
    const target = this.actor.items.get(row?.dataset.itemId ?? "");
    const list = row?.parentElement;
    const sameList = [...(list?.children ?? [])].some(
      (sibling) => sibling.getAttribute("data-item-id") === item.id,
    );
    if (!target || target.type !== item.type || !sameList) return undefined;
    return super._onSortItem(event, item);
  }

  /** Brink's effects come from its items and conditions; a loose effect, actor or folder dropped is ignored. */
  override async _onDropActiveEffect(): Promise<null> {
    return null;
  }

  override async _onDropActor(): Promise<null> {
    return null;
  }

  override async _onDropFolder(): Promise<null> {
    return null;
  }

  /** One write: an item of the section's type, named for it, then its sheet opens. */
  static async #onCreateItem(this: ActorSheetWithItems, _event: Event, target: HTMLElement): Promise<void> {
    const type = target.dataset.type ?? "";
    if (!isInventoryType(type) || !this.isEditable) return;
    const name = game.i18n.format("BRINK.Inventory.newItem", {
      type: game.i18n.localize(`TYPES.Item.${type}`),
    });
    const [created] = await this.actor.createEmbeddedDocuments("Item", writes.Item.creates([{ name, type }]));
    await created?.sheet?.render(true);
  }

  static async #onToggleSummary(
    this: ActorSheetWithItems,
    _event: Event,
    target: HTMLElement,
  ): Promise<void> {
    const id = itemOf(this.actor, target)?.id;
    if (!id) return;
    if (this.expandedItems.has(id)) this.expandedItems.delete(id);
    else this.expandedItems.add(id);
    await this.render({ parts: ["inventory"] });
  }

  /** One of the actor's Active Effects (its own or an item's) off or on: one write, the owner's own. */
  static async #onToggleEffect(this: ActorSheetWithItems, _event: Event, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const uuid = target.dataset.effectUuid;
    const effect = [...this.actor.allApplicableEffects()].find((e) => e.uuid === uuid);
    await effect?.update({ disabled: !effect.disabled });
  }

  /**
   * One of the character's own Active Effects, after a confirmation; an item's effect is never
   * deleted here (it goes with its item, and v13 would only make it again from the item).
   */
  static async #onDeleteEffect(this: ActorSheetWithItems, _event: Event, target: HTMLElement): Promise<void> {
    if (!this.isEditable) return;
    const effect = this.actor.effects.find((e) => e.uuid === target.dataset.effectUuid);
    if (effect) await confirmDelete(effect);
  }

  /** One write: a blank Active Effect on the character, then core's effect sheet to fill it in. */
  static async #onCreateEffect(this: ActorSheetWithItems): Promise<void> {
    if (!this.isEditable) return;
    const data = { name: game.i18n.localize("BRINK.Effects.newEffect"), img: "icons/svg/aura.svg" };
    const [created] = await this.actor.createEmbeddedDocuments("ActiveEffect", [data]);
    await created?.sheet?.render(true);
  }
}
