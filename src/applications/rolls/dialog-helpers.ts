import { templatePath } from "../../constants";

/** Renders one of Brink's templates by its path under templates/. */
export const renderBrinkTemplate = (path: string, data: Record<string, unknown>): Promise<string> =>
  foundry.applications.handlebars.renderTemplate(templatePath(path), data);

/** A dialog form's values, as Foundry reads forms (checkboxes as booleans, numbers as numbers). */
export function formObject(form: HTMLFormElement | null | undefined): Record<string, unknown> {
  if (!form) return {};
  return new foundry.applications.ux.FormDataExtended(form).object as Record<string, unknown>;
}
