import { templatePath } from "../../constants";
import {
  itemSheetBase,
  type ApplicationOptions,
  type RenderContext,
  type SubmittedForm,
} from "../../foundry/application-base";
import { descriptionOf } from "./inventory-context";
import { itemSheetContext, nullableChoicePaths } from "./item-context";
import { withValidatedSubmit } from "./submit";
import { bindButtonKeys } from "./button-keys";
import { applyLightSwitch } from "./light-source-switch";
import { GearData, itemData } from "../../data";

/** One sheet for every item type; the body template follows the item's type. */
export class BrinkItemSheet extends withValidatedSubmit(itemSheetBase(), (item) => item.system.schema) {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    classes: ["brink", "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS = {
    header: { template: templatePath("item/header.hbs") },
    body: { template: templatePath("item/body.hbs"), scrollable: [""] },
  };

  #keysBoundTo: HTMLElement | null = null;

  override async _onRender(context: RenderContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    if (this.#keysBoundTo === this.element) return;
    this.#keysBoundTo = this.element;
    bindButtonKeys(this.element);
  }

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const enrichedDescription = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      descriptionOf(this.document),
      { secrets: this.document.isOwner, relativeTo: this.document },
    );
    return Object.assign(context, itemSheetContext(this.document, this.isEditable), {
      source: this.document._source,
      enrichedDescription,
    });
  }

  /**
   * The blank choice of a nullable field means "none": it is stored as null, not as "". Gear's
   * light-source switch becomes the light fields it stands for.
   */
  override _processFormData(
    event: Event | null,
    form: HTMLFormElement,
    formData: SubmittedForm,
  ): Record<string, unknown> {
    for (const path of nullableChoicePaths(this.document.system.schema)) {
      if (formData.object[path] === "") formData.object[path] = null;
    }
    const gear = itemData(this.document, GearData);
    if (gear) applyLightSwitch(formData.object, gear._source.light.hours);
    return super._processFormData(event, form, formData);
  }
}
