/**
 * What Brink's dialogs share: rendering their content, reading their form back, and the
 * localised warning shown (with nothing written) when something cannot be done.
 */
import { templatePath } from "../constants";
import { withChosenTitles } from "./chosen-titles";

export const warn = (key: string, data: Record<string, string> = {}): void => {
  ui.notifications?.warn(game.i18n.format(key, data));
};

/** A dialog's HTML; each select is titled by its chosen option, so a long name can be read whole. */
export const renderDialog = async (path: string, data: Record<string, unknown>): Promise<string> =>
  withChosenTitles(await foundry.applications.handlebars.renderTemplate(templatePath(path), data));

export function formObject(form: HTMLFormElement | null | undefined): Record<string, unknown> {
  if (!form) return {};
  return new foundry.applications.ux.FormDataExtended(form).object as Record<string, unknown>;
}

/** A ticked checkbox, as FormDataExtended or a raw form reports it. */
export const isTicked = (value: unknown): boolean => value === true || value === "on" || value === "true";

export const wholeNumber = (value: unknown, fallback: number): number => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.round(number) : fallback;
};

/**
 * Calls `update` with the form's values each time the user types or picks something, so what a
 * dialog shows (the exact odds) follows the form as it is filled in, not only when a field is left.
 */
export function followForm(
  form: HTMLFormElement | null | undefined,
  update: (values: Record<string, unknown>) => void,
): void {
  if (!form) return;
  const refresh = () => update(formObject(form));
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
}

/**
 * A dialog with one confirming button whose callback reads the form; null when closed.
 */
export async function askWithForm<T>(options: {
  title: string;
  content: string;
  label: string;
  icon: string;
  read: (form: Record<string, unknown>) => T;
}): Promise<T | null> {
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: options.title },
    content: options.content,
    buttons: [
      {
        action: "confirm",
        label: options.label,
        icon: options.icon,
        default: true,
        callback: (_event, button) => ({ value: options.read(formObject(button.form)) }),
      },
    ],
    rejectClose: false,
  });
  // The callback above wraps its value, so a closed dialog (null) and a read value never mix.
  return answer && typeof answer === "object" && "value" in answer ? (answer.value as T) : null;
}
