/**
 * For the bench: Brink's templates compiled once and kept, as Foundry keeps them after
 * loadTemplates, so a render's figure is the cost of rendering, not of compiling. Foundry's own
 * helpers are small stand-ins (the bench measures Brink's templates, not core's helpers).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { BRINK_HELPERS } from "../src/helpers/handlebars";
import { ROOT, systemPath, templateFiles } from "../test/support/render";

export function compiledRenderer(): (path: string, context: object) => string {
  const hbs = Handlebars.create();
  const standIns: Record<string, Handlebars.HelperDelegate> = {
    localize: (key: string, options: Handlebars.HelperOptions) => {
      const hash = options.hash as Record<string, string>;
      return Object.keys(hash).length ? game.i18n.format(key, hash) : game.i18n.localize(key);
    },
    selectOptions: (choices: Record<string, string>, options: Handlebars.HelperOptions) => {
      const selected = String((options.hash as { selected?: unknown }).selected);
      const html = Object.entries(choices)
        .map(
          ([value, label]) =>
            `<option value="${value}"${value === selected ? " selected" : ""}>${label}</option>`,
        )
        .join("");
      return new Handlebars.SafeString(html);
    },
    checked: (value: unknown) => (value ? "checked" : ""),
    disabled: (value: unknown) => (value ? "disabled" : ""),
    eq: (a: unknown, b: unknown) => a === b,
  };
  for (const [name, fn] of Object.entries({ ...BRINK_HELPERS, ...standIns })) hbs.registerHelper(name, fn);
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  for (const file of templateFiles()) {
    const template = hbs.compile(readFileSync(file, "utf8"));
    compiled.set(systemPath(file), template);
    hbs.registerPartial(systemPath(file), template);
  }
  return (path, context) => {
    const template = compiled.get(path) ?? compiled.get(systemPath(join(ROOT, path)));
    if (!template) throw new Error(`No template ${path}`);
    return template(context, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
  };
}
