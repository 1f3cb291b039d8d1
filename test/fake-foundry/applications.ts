/**
 * ApplicationV2 as far as Brink's sheets rely on it: options merged along the class chain, the
 * context hooks, real rendering of each PART to HTML with Handlebars (happy-dom holds the element),
 * `[data-action]` clicks dispatched to `options.actions`, and v13's document-sheet submission:
 * a change submits the whole form (submitOnChange) through FormDataExtended → _processFormData →
 * _prepareSubmitData (validated against the document) → _processSubmitData → document.update.
 */
import { Window } from "happy-dom";
import { createRenderer } from "../support/render";
import { FakeDocument, session } from "./documents";
import { selectMarkedOptions } from "./forms";
import { FakeFormDataExtended } from "./ui";
import { FakeDragDrop, getDragEventData } from "./drag-drop";
import { hooks } from "./hooks";
import { expandObject, getProperty, mergeObject, performIntegerSort, type Plain } from "./utils";

const dom = new Window();
const renderTemplate = createRenderer();

type ActionHandler = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
type ActionConfig = ActionHandler | { handler: ActionHandler; buttons?: number[] };
type FormHandler = (
  this: ApplicationV2,
  event: Event,
  form: HTMLFormElement,
  formData: FakeFormDataExtended,
) => unknown;
interface FormConfig {
  handler?: FormHandler;
  submitOnChange?: boolean;
  closeOnSubmit?: boolean;
}

/** Every file picker a sheet opened; a test picks a file with `callback(path)`. */
export const openedFilePickers: {
  current: unknown;
  type: string;
  callback: (path: string) => Promise<unknown>;
}[] = [];

/**
 * `foundry.applications.instances`: every rendered application by id, until it closes (dnd5e's
 * `packSourceConfiguration` onChange re-renders open browsers through it).
 */
export const instances = new Map<string, ApplicationV2>();
let applicationCount = 0;

export class ApplicationV2 {
  static DEFAULT_OPTIONS: Plain = {};
  static PARTS: Record<string, Plain> = {};
  static TABS: Record<string, Plain> = {};
  options: Plain;
  tabGroups: Record<string, string> = {};
  rendered = false;
  element: HTMLElement | null = null;
  /** The work the last click or change started, so a test can wait for it as the user would. */
  pending: Promise<unknown> = Promise.resolve();

  constructor(options: Plain = {}) {
    const chain: Plain[] = [];
    for (let cls: typeof ApplicationV2 | null = this.constructor as typeof ApplicationV2; cls;) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) chain.unshift(cls.DEFAULT_OPTIONS);
      const parent: unknown = Object.getPrototypeOf(cls);
      cls =
        typeof parent === "function" && parent !== Function.prototype
          ? (parent as typeof ApplicationV2)
          : null;
    }
    // Options merge down the class chain; CSS classes accumulate rather than replace.
    const classes = [...new Set(chain.flatMap((o) => (o.classes as string[] | undefined) ?? []))];
    this.options = chain.reduce<Plain>((merged, next) => mergeObject(merged, next), {});
    this.options = { ...mergeObject(this.options, options), classes };
    applicationCount += 1;
    this.id = typeof this.options.id === "string" ? this.options.id : `app-${applicationCount}`;
  }

  readonly id: string;

  get form(): HTMLFormElement | null {
    if (this.element?.tagName === "FORM") return this.element as HTMLFormElement;
    return this.element?.querySelector("form") ?? null;
  }

  async _prepareContext(_options: Plain): Promise<Plain> {
    return {};
  }

  async _preparePartContext(_partId: string, context: Plain, _options: Plain): Promise<Plain> {
    return context;
  }

  /** Core's post-render hook (API `ApplicationV2#_onRender`); subclasses call super first. */
  async _onRender(_context: Plain, _options: Plain): Promise<void> {}

  _prepareTabs(group: string): Record<string, Plain> {
    const config = (this.constructor as typeof ApplicationV2).TABS[group] as
      | { tabs: { id: string; icon?: string; label?: string }[]; initial?: string; labelPrefix?: string }
      | undefined;
    if (!config) return {};
    const active = this.tabGroups[group] ?? config.initial ?? config.tabs[0]?.id ?? "";
    this.tabGroups[group] = active;
    return Object.fromEntries(
      config.tabs.map((tab) => [
        tab.id,
        {
          ...tab,
          group,
          active: tab.id === active,
          cssClass: tab.id === active ? "active" : "",
          label: tab.label ?? (config.labelPrefix ? `${config.labelPrefix}.${tab.id}` : tab.id),
        },
      ]),
    );
  }

  /** Only HandlebarsApplicationMixin renders HTML in the fake; a bare application just opens. */
  async render(_options: boolean | Plain = {}): Promise<this> {
    this.rendered = true;
    instances.set(this.id, this);
    return this;
  }

  /**
   * Opens a tab: records it in `tabGroups` and moves the `active` class to its nav item and its
   * panel (the elements marked with that group and tab). The `tab` action calls it on a click.
   */
  changeTab(tab: string, group: string, _options: Plain = {}): void {
    this.tabGroups[group] = tab;
    for (const element of Array.from(
      this.element?.querySelectorAll<HTMLElement>(`[data-group="${group}"][data-tab]`) ?? [],
    ))
      element.classList.toggle("active", element.dataset.tab === tab);
  }

  /** The render's options as v13 settles them: `isFirstRender` is filled in, subclasses adjust the rest. */
  _configureRenderOptions(options: Plain): void {
    options.isFirstRender = !this.rendered;
  }

  async close(): Promise<this> {
    instances.delete(this.id);
    this.element?.remove();
    this.element = null;
    this.rendered = false;
    return this;
  }

  /** Submits the form through `options.form.handler`, as pressing Enter or a change would. */
  async submit(event: Event = new dom.Event("submit") as unknown as Event): Promise<void> {
    const form = this.form;
    const config = this.options.form as FormConfig | undefined;
    if (!form || !config?.handler) return;
    const formData = new FakeFormDataExtended(form as unknown as HTMLElement);
    await config.handler.call(this, event, form, formData);
    if (config.closeOnSubmit) await this.close();
  }

  /** The window frame: the application's tag (a form for document sheets) around its content. */
  _renderFrame(): HTMLElement {
    const tag = (this.options.tag as string | undefined) ?? "div";
    const element = dom.document.createElement(tag) as unknown as HTMLElement;
    const classes = (this.options.classes as string[] | undefined) ?? [];
    element.className = ["application", ...classes].join(" ");
    element.innerHTML = `<section class="window-content"></section>`;
    element.addEventListener("click", (event) => this.#onClick(event));
    element.addEventListener("change", (event) => this.#onChange(event));
    element.addEventListener("submit", (event) => {
      event.preventDefault();
      this.pending = this.submit(event);
    });
    return element;
  }

  #onClick(event: Event): void {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
    const action = target?.dataset.action;
    if (!target || !action) return;
    if (action === "tab" && target.dataset.tab && target.dataset.group) {
      this.changeTab(target.dataset.tab, target.dataset.group, { event });
      return;
    }
    const config = (this.options.actions as Record<string, ActionConfig> | undefined)?.[action];
    if (!config) return;
    const handler = typeof config === "function" ? config : config.handler;
    this.pending = Promise.resolve(handler.call(this, event, target));
  }

  #onChange(event: Event): void {
    const target = event.target as HTMLElement | null;
    const config = this.options.form as FormConfig | undefined;
    if (!target?.hasAttribute("name") || !config?.submitOnChange) return;
    this.pending = this.submit(event);
  }
}

type Renderable = ApplicationV2 & {
  _onRender?(context: Plain, options: Plain): Promise<void>;
};

/**
 * Renders each PART's template with the part's context and places the parts in the window content
 * in PARTS order, then runs `_onRender`.
 */
export function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  // TypeScript requires a mixin base constructor of `any[]`; the fake's bases take one options object.
  const Mixable = Base as unknown as new (...args: any[]) => ApplicationV2; // eslint-disable-line @typescript-eslint/no-explicit-any
  class HandlebarsApplication extends Mixable {
    /**
     * A first render draws every part; a later one only the parts its `parts` option names (all of
     * them when it names none), as v13's HandlebarsApplication re-renders a subset of its parts.
     */
    override _configureRenderOptions(options: Plain): void {
      super._configureRenderOptions(options);
      const all = Object.keys((this.constructor as typeof ApplicationV2).PARTS);
      const asked = options.parts as string[] | undefined;
      options.parts = options.isFirstRender || !asked ? all : asked.filter((id) => all.includes(id));
    }

    async _renderParts(context: Plain, options: Plain): Promise<HTMLElement[]> {
      const parts = (this.constructor as typeof ApplicationV2).PARTS as Record<string, { template: string }>;
      const wanted = options.parts as string[];
      const rendered: HTMLElement[] = [];
      for (const [partId, part] of Object.entries(parts).filter(([id]) => wanted.includes(id))) {
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        const holder = dom.document.createElement("div");
        holder.innerHTML = renderTemplate(part.template, partContext);
        const element = holder.firstElementChild as unknown as HTMLElement | null;
        if (!element) throw new Error(`Template part "${partId}" must render a single root element.`);
        element.dataset.applicationPart = partId;
        selectMarkedOptions(element);
        rendered.push(element);
      }
      return rendered;
    }

    override async render(options: boolean | Plain = {}): Promise<this> {
      const renderOptions: Plain = typeof options === "boolean" ? { force: options } : { ...options };
      this._configureRenderOptions(renderOptions);
      const context = await this._prepareContext(renderOptions);
      const parts = await this._renderParts(context, renderOptions);
      this.element ??= this._renderFrame();
      const content = this.element.querySelector(".window-content");
      if (renderOptions.isFirstRender) content?.replaceChildren(...parts);
      // A later render replaces only the parts it drew; the others stay as they are in the DOM.
      else
        for (const part of parts)
          content
            ?.querySelector(`:scope > [data-application-part="${part.dataset.applicationPart}"]`)
            ?.replaceWith(part);
      this.rendered = true;
      instances.set(this.id, this);
      await (this as Renderable)._onRender?.(context, renderOptions);
      return this;
    }
  }
  // A class extending T is a T; TypeScript cannot see through the mixin.
  return HandlebarsApplication as unknown as T;
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Plain = {
    tag: "form",
    actions: { editImage: DocumentSheetV2.#onEditImage },
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  document: FakeDocument;

  constructor(options: Plain & { document: FakeDocument }) {
    super(options);
    this.document = options.document;
  }

  get isEditable(): boolean {
    return this.document.isOwner;
  }

  override async _prepareContext(options: Plain): Promise<Plain> {
    return {
      ...(await super._prepareContext(options)),
      document: this.document,
      source: this.document._source,
      editable: this.isEditable,
      user: session.user,
    };
  }

  /** The form's flat data, expanded into the nested shape of an update. */
  _processFormData(_event: Event | null, _form: HTMLFormElement, formData: FakeFormDataExtended): Plain {
    return expandObject(formData.object);
  }

  /** Processed form data, validated against the document: an invalid change throws here. */
  _prepareSubmitData(
    event: Event | null,
    form: HTMLFormElement,
    formData: FakeFormDataExtended,
    updateData?: Plain,
  ): Plain {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData, { inplace: true });
    // forms.ts installs `validate` on the fake's documents with v13's signature.
    (this.document as unknown as { validate(options: Plain): boolean }).validate({
      changes: submitData,
      clean: true,
      fallback: false,
    });
    return submitData;
  }

  async _processSubmitData(_event: Event | null, _form: HTMLFormElement, submitData: Plain): Promise<void> {
    await this.document.update(submitData);
  }

  static async #onSubmitDocumentForm(
    this: DocumentSheetV2,
    event: Event,
    form: HTMLFormElement,
    formData: FakeFormDataExtended,
  ): Promise<void> {
    const submitData = this._prepareSubmitData(event, form, formData);
    await this._processSubmitData(event, form, submitData);
  }

  /** Opens a file picker on the attribute named by `data-edit`; picking a file updates the document. */
  static async #onEditImage(this: DocumentSheetV2, _event: Event, target: HTMLElement): Promise<void> {
    // v13 refuses any other element: the picked path is written into the image's src.
    if (target.nodeName !== "IMG")
      throw new Error("The editImage action is available only for IMG elements.");
    const attribute = target.dataset.edit ?? "img";
    openedFilePickers.push({
      current: getProperty(this.document._source, attribute),
      type: "image",
      callback: (path: string) => this.document.update({ [attribute]: path }),
    });
  }
}

/**
 * v13's ActorSheetV2 drag and drop (#11648): after each render a DragDrop binds every `.draggable`
 * element and the whole sheet; both are allowed only on a sheet the user may edit. A drop is read
 * from the drag's JSON, offered to `dropActorSheetData` (false stops it), resolved by uuid and
 * handed to `_onDropItem`/`_onDropActiveEffect`/`_onDropActor`/`_onDropFolder`. Core's item drop
 * sorts the sheet's own item among the row's siblings, and creates a copy of any other.
 */
export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): FakeDocument {
    return this.document;
  }

  override async _onRender(context: Plain, options: Plain): Promise<void> {
    await super._onRender(context, options);
    if (!this.element) return;
    new FakeDragDrop({
      dragSelector: ".draggable",
      permissions: { dragstart: () => this._canDragStart(".draggable"), drop: () => this._canDragDrop(null) },
      callbacks: {
        dragstart: (event) => this._onDragStart(event),
        dragover: (event) => this._onDragOver(event),
        drop: (event) => (this.pending = this._onDrop(event)),
      },
    }).bind(this.element);
  }

  _canDragStart(_selector: string | null): boolean {
    return this.isEditable;
  }

  _canDragDrop(_selector: string | null): boolean {
    return this.isEditable;
  }

  /** An owned item's or effect's row starts a drag carrying its `toDragData()`. */
  async _onDragStart(event: DragEvent): Promise<void> {
    const row = event.currentTarget as HTMLElement;
    if ("link" in ((event.target as HTMLElement | null)?.dataset ?? {})) return;
    const { itemId, effectId } = row.dataset;
    const document = itemId
      ? this.actor.getEmbeddedCollection("Item").get(itemId)
      : effectId
        ? this.actor.getEmbeddedCollection("ActiveEffect").get(effectId)
        : undefined;
    if (document) event.dataTransfer?.setData("text/plain", JSON.stringify(document.toDragData()));
  }

  _onDragOver(_event: DragEvent): void {}

  async _onDrop(event: DragEvent): Promise<unknown> {
    const data = getDragEventData(event);
    if (hooks.call("dropActorSheetData", this.actor, this, data) === false) return null;
    const documentClass = FakeDocument.configuredClass(String(data.type ?? ""));
    const document = await documentClass?.fromDropData(data);
    return document ? this._onDropDocument(event, document) : null;
  }

  async _onDropDocument(event: DragEvent, document: FakeDocument): Promise<unknown> {
    switch (document.documentName) {
      case "Item":
        return this._onDropItem(event, document);
      case "ActiveEffect":
        return this._onDropActiveEffect(event, document);
      case "Actor":
        return this._onDropActor(event, document);
      case "Folder":
        return this._onDropFolder(event, document);
      default:
        return null;
    }
  }

  async _onDropItem(event: DragEvent, item: FakeDocument): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (item.parent?.uuid === this.actor.uuid) return this._onSortItem(event, item);
    const keepId = !this.actor.getEmbeddedCollection("Item").has(item.id);
    return (FakeDocument.configuredClass("Item") ?? FakeDocument).create(item.toObject(), {
      parent: this.actor,
      keepId,
    });
  }

  async _onDropActiveEffect(_event: DragEvent, effect: FakeDocument): Promise<unknown> {
    if (!this.actor.isOwner || effect.parent === this.actor) return null;
    const keepId = !this.actor.getEmbeddedCollection("ActiveEffect").has(effect.id);
    return (FakeDocument.configuredClass("ActiveEffect") ?? FakeDocument).create(effect.toObject(), {
      parent: this.actor,
      keepId,
    });
  }

  async _onDropActor(_event: DragEvent, _actor: FakeDocument): Promise<unknown> {
    return null;
  }

  /** The fake has no Folder documents; core creates the items of a dropped Item folder. */
  async _onDropFolder(_event: DragEvent, _folder: FakeDocument): Promise<unknown> {
    return null;
  }

  /** Sorts the item beside the row it was dropped on, among that row's siblings, in one write. */
  _onSortItem(event: DragEvent, item: FakeDocument): Promise<unknown> | undefined {
    const items = this.actor.getEmbeddedCollection("Item");
    const dropTarget = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-item-id]");
    const target = items.get(dropTarget?.dataset.itemId ?? "");
    if (!dropTarget || !target || target.id === item.id) return undefined;
    const siblings = [...(dropTarget.parentElement?.children ?? [])].flatMap((element) => {
      const sibling = items.get((element as HTMLElement).dataset.itemId ?? "");
      return sibling && sibling.id !== item.id ? [sibling] : [];
    });
    const updates = performIntegerSort(item, { target, siblings }).map(({ target: doc, update }) => ({
      ...update,
      _id: doc.id,
    }));
    return this.actor.updateEmbeddedDocuments("Item", updates);
  }
}
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): FakeDocument {
    return this.document;
  }
}

export class DialogV2 extends ApplicationV2 {
  static async wait(_config: Plain): Promise<unknown> {
    return null;
  }
  static async confirm(_config: Plain): Promise<boolean> {
    return true;
  }
  static async prompt(_config: Plain): Promise<unknown> {
    return null;
  }
}
