import { templatePath } from "../constants";
import { countOf, isCountedNoun } from "./plural";
import { signed } from "./numbers";

/**
 * Brink's own Handlebars helpers. Templates use only these and the Foundry helpers listed in
 * FOUNDRY_HELPERS; the template tests compile every template with `knownHelpersOnly` against both.
 */
export const BRINK_HELPERS = {
  /** "+2", "0", "−1": signed numbers as a sheet shows modifiers. */
  brinkSigned: (value: unknown): string => signed(Number(value) || 0),
  /** "d8", or "—" for no die. */
  brinkDie: (value: unknown): string => (Number(value) > 0 ? `d${Number(value)}` : "—"),
  /** Percentage of a pool for bar widths, 0–100. */
  brinkPercent: (value: unknown, max: unknown): number => {
    const top = Number(max) || 0;
    return top <= 0 ? 0 : Math.round((Math.min(Math.max(Number(value) || 0, 0), top) / top) * 100);
  },
  /** "1 item", "3 items": a counted noun (helpers/plural) through the language's plural rules. */
  brinkCount: (noun: unknown, count: unknown): string => {
    if (!isCountedNoun(noun)) throw new Error(`Brink | brinkCount: no counted noun "${String(noun)}"`);
    return countOf(noun, Number(count) || 0);
  },
};

/** Foundry's built-in helpers the templates rely on (the template tests provide stand-ins). */
export const FOUNDRY_HELPERS = ["localize", "selectOptions", "checked", "disabled", "eq"] as const;

/** Every template used as a partial ({{> "systems/brink/…"}}); Foundry must load them before rendering. */
export const TEMPLATE_PARTIALS = [
  "parts/pool.hbs",
  "parts/die.hbs",
  "parts/item-row.hbs",
  "parts/stat.hbs",
  "parts/actions-panel.hbs",
  "chat/parts/dice.hbs",
  "chat/parts/direct-dice.hbs",
  "chat/parts/roll-lines.hbs",
  "chat/parts/luck.hbs",
  "chat/parts/total.hbs",
  "chat/parts/test-roll.hbs",
  "chat/parts/steps.hbs",
  "actor/header-actions.hbs",
  "actor/recovery.hbs",
  "actor/combat-section.hbs",
  "actor/inventory-row.hbs",
].map(templatePath);

export function registerHandlebarsHelpers(): void {
  for (const [name, fn] of Object.entries(BRINK_HELPERS)) Handlebars.registerHelper(name, fn);
}

export async function preloadTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(TEMPLATE_PARTIALS);
}
