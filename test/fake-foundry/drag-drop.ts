/**
 * `foundry.applications.ux.DragDrop` and `TextEditor.getDragEventData` as far as Brink's sheets
 * rely on them. `bind(html)` asks the permissions once, then makes each element matching the drag
 * selector draggable with one dragstart handler, and the drop targets (the selector's elements, or
 * `html` itself without one) take dragover and drop. A later `bind` replaces the handlers, as core's
 * `ondragstart`/`ondrop` assignments do.
 */
type Kind = "dragstart" | "dragover" | "drop";
type Handler = (event: DragEvent) => unknown;

export interface DragDropConfiguration {
  dragSelector?: string | null;
  dropSelector?: string | null;
  permissions?: Partial<Record<"dragstart" | "drop", (selector: string | null) => boolean>>;
  callbacks?: Partial<Record<Kind, Handler>>;
}

const bound = new WeakMap<Element, Partial<Record<Kind, EventListener>>>();

function listen(element: Element, kind: Kind, handler: Handler): void {
  const handlers = bound.get(element) ?? {};
  const previous = handlers[kind];
  if (previous) element.removeEventListener(kind, previous);
  const listener: EventListener = (event) => void handler(event as DragEvent);
  element.addEventListener(kind, listener);
  bound.set(element, { ...handlers, [kind]: listener });
}

export class FakeDragDrop {
  static get implementation(): typeof FakeDragDrop {
    return this;
  }

  readonly dragSelector: string | null;
  readonly dropSelector: string | null;
  readonly #permissions: DragDropConfiguration["permissions"];
  readonly #callbacks: DragDropConfiguration["callbacks"];

  constructor({
    dragSelector = null,
    dropSelector = null,
    permissions,
    callbacks,
  }: DragDropConfiguration = {}) {
    this.dragSelector = dragSelector;
    this.dropSelector = dropSelector;
    this.#permissions = permissions ?? {};
    this.#callbacks = callbacks ?? {};
  }

  /** Without a permission function an action is allowed, as in core. */
  can(action: "dragstart" | "drop", selector: string | null): boolean {
    const test = this.#permissions?.[action];
    return test ? test(selector) : true;
  }

  bind(html: HTMLElement): this {
    if (this.dragSelector && this.can("dragstart", this.dragSelector))
      for (const element of html.querySelectorAll(this.dragSelector)) {
        element.setAttribute("draggable", "true");
        listen(element, "dragstart", (event) => this.#onDragStart(event));
      }
    if (this.can("drop", this.dropSelector)) {
      const targets = this.dropSelector ? [...html.querySelectorAll(this.dropSelector)] : [html];
      for (const element of targets) {
        listen(element, "dragover", (event) => this.#callbacks?.dragover?.(event));
        listen(element, "drop", (event) => {
          event.preventDefault();
          return this.#callbacks?.drop?.(event);
        });
      }
    }
    return this;
  }

  /**
   * The browser reads the drag's data when dragstart returns, so a handler that awaits before
   * `setData` sends nothing. Core stops the event once a handler has set data, so an outer sheet
   * does not replace it.
   */
  #onDragStart(event: DragEvent): void {
    void this.#callbacks?.dragstart?.(event);
    if (event.dataTransfer?.items.length) event.stopPropagation();
  }
}

/** The JSON a drag carries as `text/plain`; anything else (or nothing) is `{}`. */
export function getDragEventData(event: DragEvent): Record<string, unknown> {
  if (!event.dataTransfer) return {};
  try {
    const data: unknown = JSON.parse(event.dataTransfer.getData("text/plain"));
    return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
