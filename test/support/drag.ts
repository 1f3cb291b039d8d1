/**
 * A drag as the browser makes one: dragstart on an element with an empty DataTransfer that only
 * dragstart may write to, then drop on an element of another window (or the same) with what was
 * written. Works in happy-dom and in a live world's browser alike.
 */
type Events = { DragEvent: typeof DragEvent; DataTransfer: typeof DataTransfer };

const eventsOf = (element: Element): Events => element.ownerDocument.defaultView as unknown as Events;

/** A drag event carrying `transfer` (happy-dom's constructor ignores `dataTransfer`, so it is set). */
function dragEvent(element: Element, type: string, transfer: DataTransfer): DragEvent {
  const { DragEvent } = eventsOf(element);
  const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer });
  if (event.dataTransfer !== transfer) Object.defineProperty(event, "dataTransfer", { value: transfer });
  return event;
}

/** After dragstart the data is read-only, as in the browser's protected mode. */
function readOnly(transfer: DataTransfer): DataTransfer {
  return new Proxy(transfer, {
    get(target, key) {
      if (key === "setData" || key === "clearData") return () => undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Starts a drag on `source`; resolves to what the drag carries as text/plain ("" when nothing). */
export function startDrag(source: Element): DataTransfer {
  const { DataTransfer } = eventsOf(source);
  const transfer = new DataTransfer();
  source.dispatchEvent(dragEvent(source, "dragstart", transfer));
  return readOnly(transfer);
}

/** Drops what a drag carries on `target`. */
export function dropOn(target: Element, transfer: DataTransfer): void {
  target.dispatchEvent(dragEvent(target, "dragover", transfer));
  target.dispatchEvent(dragEvent(target, "drop", transfer));
}

/** A drop of hand-made drag data (a sidebar or compendium entry) on `target`. */
export function dropData(target: Element, data: object): void {
  const { DataTransfer } = eventsOf(target);
  const transfer = new DataTransfer();
  transfer.setData("text/plain", JSON.stringify(data));
  dropOn(target, readOnly(transfer));
}
