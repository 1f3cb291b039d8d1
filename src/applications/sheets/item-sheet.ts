import { templatePath } from "../../constants";
import { itemSheetBase, type ApplicationOptions } from "../../foundry/application-base";
import { itemSheetContext } from "./item-context";

/** One sheet for every item type; the body template follows the item's type. */
export class BrinkItemSheet extends itemSheetBase() {
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

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    return Object.assign(context, itemSheetContext(this.document, this.isEditable));
  }
}
