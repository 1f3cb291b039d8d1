/**
 * The GM's Tables menu: which RollTable serves each of Brink's tables (the compendium's, or a world
 * table such as an imported copy), and the one-click import of the compendium's tables. A choice
 * that does not fit (another die, other ranges) is refused with the reason and not saved.
 */
import { templatePath } from "../../constants";
import { chosenTables } from "../../settings";
import {
  handlebarsApplicationBase,
  type ApplicationOptions,
  type SubmittedForm,
} from "../../foundry/application-base";
import { brinkFlags, packRollTables } from "../../workflows/tables";
import { importBrinkTables, useTable } from "../../workflows/world-tables";

interface TableRow {
  key: string;
  name: string;
  options: { value: string; label: string; selected: boolean }[];
}

const keyOf = (table: RollTable): string | null => {
  const key = brinkFlags(table.flags).table;
  return typeof key === "string" ? key : null;
};

async function tableRows(): Promise<TableRow[]> {
  const chosen = chosenTables();
  const world = [...game.tables].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""));
  const compendium = game.i18n.localize("BRINK.Tables.compendium");
  return (await packRollTables()).flatMap((table) => {
    const key = keyOf(table);
    if (!key) return [];
    const current = chosen[key] ?? "";
    return [
      {
        key,
        name: table.name ?? key,
        options: [
          { value: "", label: compendium, selected: current === "" },
          ...world.map((entry) => ({
            value: entry.uuid,
            label: entry.name ?? entry.uuid,
            selected: entry.uuid === current,
          })),
        ],
      },
    ];
  });
}

export class TablesMenu extends handlebarsApplicationBase() {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    id: "brink-tables",
    tag: "form",
    classes: ["brink", "brink-settings", "standard-form"],
    position: { width: 520 },
    window: { title: "BRINK.Setting.Menu.tables.name", icon: "fa-solid fa-table-list" },
    form: { handler: TablesMenu.#onSubmit, closeOnSubmit: false },
    actions: {
      importTables: async function (this: TablesMenu) {
        await importBrinkTables();
        await this.render();
      },
    },
  };

  static override PARTS = { form: { template: templatePath("settings/tables.hbs") } };

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    return Object.assign(context, { tables: await tableRows(), isGM: game.user.isGM });
  }

  /** Saves each changed choice through useTable, which refuses (with the reason) what does not fit. */
  static async #onSubmit(this: TablesMenu, _event: Event, _form: HTMLFormElement, formData: SubmittedForm) {
    const chosen = chosenTables();
    let refused = false;
    for (const { key } of await tableRows()) {
      const picked = formData.object[key];
      if (typeof picked !== "string" || picked === (chosen[key] ?? "")) continue;
      if (!(await useTable(key, picked === "" ? null : picked))) refused = true;
    }
    if (!refused) await this.close();
  }
}
