/**
 * A settings sub-menu: a form listing its settings with their hints. Submitting checks every value
 * first; anything invalid (or a world setting changed by a player) is refused with a warning and
 * nothing is saved. Otherwise each setting is saved and its onChange shows the change at once.
 */
import { templatePath } from "../../constants";
import {
  handlebarsApplicationBase,
  type ApplicationOptions,
  type SubmittedForm,
} from "../../foundry/application-base";
import { warn } from "../dialog-form";
import { invalidValue, isWorldSetting, registered, saveSetting, settingField, type MenuKey } from "./fields";

export abstract class SettingsMenu extends handlebarsApplicationBase() {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    tag: "form",
    classes: ["brink", "brink-settings", "standard-form"],
    position: { width: 520 },
    form: { handler: SettingsMenu.#onSubmit, closeOnSubmit: false },
  };

  static override PARTS = { form: { template: templatePath("settings/menu.hbs") } };

  /** The settings this menu owns, in the order it lists them. */
  abstract get keys(): readonly MenuKey[];

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    return Object.assign(context, {
      fields: this.keys.map(settingField),
    });
  }

  /** The submitted values of this menu's settings, or a refusal that names the first bad one. */
  #read(formData: SubmittedForm): { values: [MenuKey, unknown][] } | { refusal: string; name: string } {
    const values: [MenuKey, unknown][] = [];
    for (const key of this.keys) {
      const label = game.i18n.localize(registered(key).name ?? key);
      // An unticked checkbox is absent from a raw form; FormDataExtended gives false.
      const value = formData.object[key] ?? (registered(key).type === Boolean ? false : undefined);
      const refusal = invalidValue(key, value);
      if (refusal) return { refusal, name: label };
      if (isWorldSetting(key) && !game.user.isGM)
        return { refusal: "BRINK.Setting.Menu.gmOnly", name: label };
      values.push([key, value]);
    }
    return { values };
  }

  static async #onSubmit(
    this: SettingsMenu,
    _event: Event,
    _form: HTMLFormElement,
    formData: SubmittedForm,
  ): Promise<void> {
    const read = this.#read(formData);
    if ("refusal" in read) return warn(read.refusal, { setting: read.name });
    for (const [key, value] of read.values) await saveSetting(key, value);
    await this.close();
  }
}
