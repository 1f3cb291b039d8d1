/**
 * Renders Brink's Handlebars templates outside Foundry with the real handlebars package: Brink's
 * own helpers, plus small stand-ins for the Foundry helpers the templates use (FOUNDRY_HELPERS).
 * Partials are registered under their system paths, as Foundry's loadTemplates does.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import Handlebars from "handlebars";
import { BRINK_HELPERS, FOUNDRY_HELPERS } from "../../src/helpers/handlebars";

export const ROOT = resolve(import.meta.dirname, "../..");
export const TEMPLATE_ROOT = join(ROOT, "templates");

type HelperOptions = Handlebars.HelperOptions;

const foundryStandIns: Record<(typeof FOUNDRY_HELPERS)[number], Handlebars.HelperDelegate> = {
  localize: (key: string, options: HelperOptions) => {
    const hash = options.hash as Record<string, unknown>;
    return Object.keys(hash).length
      ? game.i18n.format(key, hash as Record<string, string>)
      : game.i18n.localize(key);
  },
  selectOptions: (choices: Record<string, string>, options: HelperOptions) => {
    const selected = String((options.hash as { selected?: unknown }).selected);
    const html = Object.entries(choices)
      .map(([value, label]) => {
        const attr = value === selected ? " selected" : "";
        return `<option value="${Handlebars.escapeExpression(value)}"${attr}>${Handlebars.escapeExpression(label)}</option>`;
      })
      .join("");
    return new Handlebars.SafeString(html);
  },
  checked: (value: unknown) => (value ? "checked" : ""),
  disabled: (value: unknown) => (value ? "disabled" : ""),
  eq: (a: unknown, b: unknown) => a === b,
};

export const KNOWN_HELPERS = [...Object.keys(BRINK_HELPERS), ...FOUNDRY_HELPERS];

export function templateFiles(): string[] {
  return readdirSync(TEMPLATE_ROOT, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".hbs"))
    .map((file) => join(TEMPLATE_ROOT, file));
}

export const systemPath = (file: string): string =>
  `systems/brink/${relative(ROOT, file).split("\\").join("/")}`;

export function createRenderer() {
  const hbs = Handlebars.create();
  for (const [name, fn] of Object.entries({ ...BRINK_HELPERS, ...foundryStandIns }))
    hbs.registerHelper(name, fn);
  for (const file of templateFiles()) hbs.registerPartial(systemPath(file), readFileSync(file, "utf8"));
  return (path: string, context: object): string => {
    const file = join(ROOT, path.replace(/^systems\/brink\//, ""));
    const template = hbs.compile(readFileSync(file, "utf8"), {
      strict: false,
      knownHelpers: Object.fromEntries(KNOWN_HELPERS.map((h) => [h, true])),
    });
    return template(context, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
  };
}
