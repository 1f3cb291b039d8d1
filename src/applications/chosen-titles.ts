/**
 * A closed select shows only its chosen option, cut at its edge when the option is long (a
 * character's full name in a 400 px dialog). Each dialog select therefore carries the chosen
 * option's text as its title, set when the dialog's HTML is rendered and kept up to date as the
 * user picks another. A title, not a data-tooltip, so a name is shown as text and never as markup.
 */

const SELECT = /<select\b([^>]*)>([\s\S]*?)<\/select>/g;
const OPTION = /<option\b([^>]*)>([\s\S]*?)<\/option>/g;
const SELECTED = /(^|\s)selected(\s|=|$)/;
/** Marks the selects whose title follows their choice. */
export const CHOSEN_TITLE = "data-chosen-title";

/** The chosen option's text as the HTML holds it (already escaped), or "" when there is none. */
function chosenOptionHtml(options: string): string {
  const all = [...options.matchAll(OPTION)];
  const chosen = all.find(([, attributes]) => SELECTED.test(attributes ?? "")) ?? all[0];
  const text = (chosen?.[2] ?? "").replace(/<[^>]*>/g, "");
  return text.replace(/\s+/g, " ").trim().replace(/"/g, "&quot;");
}

/** The same HTML with each select (that has no title of its own) titled by its chosen option. */
export function withChosenTitles(html: string): string {
  return html.replace(SELECT, (whole, attributes: string, options: string) => {
    if (/\stitle=/.test(attributes)) return whole;
    const chosen = chosenOptionHtml(options);
    if (chosen === "") return whole;
    return `<select${attributes} title="${chosen}" ${CHOSEN_TITLE}>${options}</select>`;
  });
}

/** Retitles a marked select after the user picks another option. */
export function followChosenTitle(event: Event): void {
  const select = event.target;
  // Names its marker literally, so the browser tests can run this function in a page on its own.
  if (!(select instanceof HTMLSelectElement) || !select.hasAttribute("data-chosen-title")) return;
  select.title = (select.selectedOptions[0]?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Every dialog's selects follow their choice, so no dialog has to remember to wire its own. */
export function registerChosenTitles(): void {
  Hooks.on("renderDialogV2", (_dialog, element) => element.addEventListener("change", followChosenTitle));
}
