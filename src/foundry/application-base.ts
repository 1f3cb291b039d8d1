/**
 * The surface of Foundry's ApplicationV2 sheets that Brink uses, typed here once. fvtt-types'
 * generic sheet classes exceed the compiler's depth limit when subclassed with HandlebarsApplicationMixin,
 * so the mixed-in bases are cast to this surface at this single boundary. The fake implements the
 * same surface (test/fake-foundry/applications.ts), and the type test in test/foundry checks it.
 */
export type RenderContext = Record<string, unknown>;

/**
 * The render options Brink reads: the parts to draw (v13 draws a subset on a later render) and,
 * for a document sheet re-rendered by a change, what changed ("updateActor" and the changed data).
 */
export interface RenderOptions {
  force?: boolean;
  isFirstRender?: boolean;
  parts?: string[];
  renderContext?: string;
  renderData?: object;
}

export interface ApplicationSurface {
  /** The window's unique id (the root element's id in Foundry). */
  readonly id: string;
  readonly options: Record<string, unknown>;
  readonly element: HTMLElement;
  readonly rendered: boolean;
  tabGroups: Record<string, string>;
  render(options?: boolean | { force?: boolean; parts?: string[] }): Promise<unknown>;
  close(): Promise<unknown>;
  _configureRenderOptions(options: RenderOptions): void;
  /** Opens a tab of a group (core's `tab` action calls it when a tab's nav item is clicked). */
  changeTab(tab: string, group: string, options?: object): void;
  _prepareContext(options: unknown): Promise<RenderContext>;
  _preparePartContext(partId: string, context: RenderContext, options: unknown): Promise<RenderContext>;
  _prepareTabs(group: string): Record<string, Record<string, unknown>>;
  _onRender(context: RenderContext, options: unknown): Promise<void>;
}

/** What FormDataExtended gives a sheet: the form's values under flat, dotted names. */
export interface SubmittedForm {
  readonly object: Record<string, unknown>;
}

export interface DocumentSheetSurface<D> extends ApplicationSurface {
  readonly document: D;
  readonly isEditable: boolean;
  /** v13's submission path: form data → expanded update → validated update → document.update. */
  _processFormData(
    event: Event | null,
    form: HTMLFormElement,
    formData: SubmittedForm,
  ): Record<string, unknown>;
  _prepareSubmitData(
    event: Event | null,
    form: HTMLFormElement,
    formData: SubmittedForm,
    updateData?: Record<string, unknown>,
  ): Record<string, unknown>;
  _processSubmitData(
    event: Event | null,
    form: HTMLFormElement,
    submitData: Record<string, unknown>,
  ): Promise<void>;
}

/**
 * v13 ActorSheetV2's drag and drop (foundryvtt#11648): a `.draggable` row starts a drag, a drop is
 * resolved to its document and handed to one of these; core sorts the sheet's own item in
 * `_onSortItem` and copies any other.
 */
export interface ActorSheetSurface extends DocumentSheetSurface<Actor.Implementation> {
  _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown>;
  _onSortItem(event: DragEvent, item: Item.Implementation): Promise<unknown> | undefined;
  _onDropActiveEffect(event: DragEvent, effect: ActiveEffect.Implementation): Promise<unknown>;
  _onDropActor(event: DragEvent, actor: Actor.Implementation): Promise<unknown>;
  _onDropFolder(event: DragEvent, folder: unknown): Promise<unknown>;
}

/** DEFAULT_OPTIONS are merged along the class chain by Foundry, so subclasses list only what they add. */
export type ApplicationOptions = Record<string, unknown>;

export interface ApplicationClass<T> {
  new (options: Record<string, unknown>): T;
  DEFAULT_OPTIONS: ApplicationOptions;
  PARTS: object;
  TABS: object;
}

export function actorSheetBase(): ApplicationClass<ActorSheetSurface> {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  // The one cast to Brink's surface type; see the note at the top of this file.
  return HandlebarsApplicationMixin(
    foundry.applications.sheets.ActorSheetV2,
  ) as unknown as ApplicationClass<ActorSheetSurface>;
}

export function itemSheetBase(): ApplicationClass<DocumentSheetSurface<Item.Implementation>> {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  // The one cast to Brink's surface type; see the note at the top of this file.
  return HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2) as unknown as ApplicationClass<
    DocumentSheetSurface<Item.Implementation>
  >;
}

/** A plain ApplicationV2 rendered from Handlebars parts: Brink's settings menus. */
export function handlebarsApplicationBase(): ApplicationClass<ApplicationSurface> {
  const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;
  // The one cast to Brink's surface type; see the note at the top of this file.
  return HandlebarsApplicationMixin(ApplicationV2) as unknown as ApplicationClass<ApplicationSurface>;
}
