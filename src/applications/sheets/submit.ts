/**
 * What a sheet does with a submitted form that the data model rejects: nothing is written, and
 * the user is told, in their language, which field was refused and why.
 */
import type {
  ActorSheetSurface,
  ApplicationClass,
  DocumentSheetSurface,
  SubmittedForm,
} from "../../foundry/application-base";

function failuresOf(error: unknown): [string, string][] | null {
  const { DataModelValidationError } = foundry.data.validation;
  if (!(error instanceof DataModelValidationError)) return null;
  // v13's error lists each failing path with its message (nothing when no field failed).
  const failures = error.getAllFailures() ?? {};
  return Object.entries(failures).map(([path, failure]) => [path, failure?.message ?? ""]);
}

/** A field's label from the document's schemas ("Name" for the name), or its path. */
export type FieldLabeler = (path: string) => string;

export function labelFromSchema(systemSchema: {
  getField(path: string): { label?: string } | undefined;
}): FieldLabeler {
  return (path) => {
    if (path === "name") return game.i18n.localize("Name");
    const label = path.startsWith("system.") ? systemSchema.getField(path.slice(7))?.label : undefined;
    return label || path;
  };
}

/**
 * Runs the core preparation (which validates the change); if the model refuses it, warns the user
 * for each refused field and returns an empty update, so nothing is written.
 */
export function refuseInvalidChanges(
  prepare: () => Record<string, unknown>,
  labelOf: FieldLabeler,
): Record<string, unknown> {
  try {
    return prepare();
  } catch (error) {
    const failures = failuresOf(error);
    if (!failures) throw error;
    for (const [path, reason] of failures)
      ui.notifications.warn(game.i18n.format("BRINK.Sheet.invalidInput", { field: labelOf(path), reason }));
    return {};
  }
}

/** An update with nothing in it is not sent. */
export const hasChanges = (submitData: Record<string, unknown>): boolean =>
  Object.keys(submitData).length > 0;

type SchemaLike = Parameters<typeof labelFromSchema>[0];

/**
 * Both of Brink's sheet bases submit this way: a refused change warns and writes nothing, and an
 * empty update is not sent.
 */
// The class returned extends the one given, so an actor sheet's base keeps its drag and drop.
export function withValidatedSubmit(
  Base: ApplicationClass<ActorSheetSurface>,
  schemaOf: (document: Actor.Implementation) => SchemaLike,
): ApplicationClass<ActorSheetSurface>;
export function withValidatedSubmit<D>(
  Base: ApplicationClass<DocumentSheetSurface<D>>,
  schemaOf: (document: D) => SchemaLike,
): ApplicationClass<DocumentSheetSurface<D>>;
export function withValidatedSubmit<D>(
  Base: ApplicationClass<DocumentSheetSurface<D>>,
  schemaOf: (document: D) => SchemaLike,
): ApplicationClass<DocumentSheetSurface<D>> {
  return class ValidatedSubmitSheet extends Base {
    override _prepareSubmitData(
      event: Event | null,
      form: HTMLFormElement,
      formData: SubmittedForm,
      updateData?: Record<string, unknown>,
    ): Record<string, unknown> {
      return refuseInvalidChanges(
        () => super._prepareSubmitData(event, form, formData, updateData),
        labelFromSchema(schemaOf(this.document)),
      );
    }

    override async _processSubmitData(
      event: Event | null,
      form: HTMLFormElement,
      submitData: Record<string, unknown>,
    ): Promise<void> {
      if (hasChanges(submitData)) await super._processSubmitData(event, form, submitData);
    }
  };
}
