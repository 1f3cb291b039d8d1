/**
 * Reading a rendered form as v13's FormDataExtended does, and validating a document change as
 * `Document#validate({ changes, clean: true, fallback: false })` does. Evidence: Foundry issue
 * #7819 (checkbox values and arrays), the v13 API pages for FormDataExtended,
 * HTMLMultiCheckboxElement and DataModelValidationError; checked live by sheets.contract.ts.
 */
import { DataModelValidationError } from "./fields";
import { FakeDocument, dataModels } from "./documents";
import { mergeObject, type Plain } from "./utils";

/** The DOM surface the reader needs; happy-dom's elements (and a browser's) satisfy it. */
export interface FormLike {
  querySelectorAll(selector: string): Iterable<Element>;
}

/** Custom form elements whose value is the list of their selected options. */
const MULTI_ELEMENTS = new Set(["MULTI-CHECKBOX", "MULTI-SELECT"]);
const CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA", "STRING-TAGS", ...MULTI_ELEMENTS]);

/** `data-dtype` casts a submitted string; an empty Number is null. */
function castType(value: unknown, dtype: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v: unknown) => castType(v, dtype));
  if (value === null || typeof value !== "string") return value;
  switch (dtype) {
    case "Number":
      return value === "" ? null : Number(value);
    case "Boolean":
      return value === "true";
    case "JSON":
      return JSON.parse(value) as unknown;
    default:
      return value;
  }
}

function selectedOptions(element: Element): string[] {
  return [...element.querySelectorAll("option")]
    .filter((option) => option.hasAttribute("selected"))
    .map((option) => option.getAttribute("value") ?? option.textContent ?? "");
}

/** One control's value, typed as v13 types it. */
function controlValue(element: Element): unknown {
  const dtype = (element as HTMLElement).dataset?.dtype;
  if (MULTI_ELEMENTS.has(element.tagName)) return selectedOptions(element);
  if (element.tagName === "STRING-TAGS")
    return (element.getAttribute("value") ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
  if (element.tagName === "SELECT") {
    const select = element as HTMLSelectElement;
    if (select.multiple) return castType(selectedOptions(select), dtype);
    return castType(select.value, dtype);
  }
  const input = element as HTMLInputElement;
  if (input.type === "checkbox") {
    // A checkbox with a value submits that value or null; without one, a boolean (Foundry #7819).
    if (!input.hasAttribute("value")) return input.checked;
    return input.checked ? castType(input.value, dtype) : null;
  }
  if (input.type === "number" || input.type === "range")
    return input.value === "" ? null : Number(input.value);
  return castType(input.value, dtype);
}

function isExcluded(element: Element, options: { disabled?: boolean; readonly?: boolean }): boolean {
  if (!CONTROLS.has(element.tagName)) return true;
  const type = element.getAttribute("type");
  if (element.tagName === "INPUT" && (type === "submit" || type === "button" || type === "image"))
    return true;
  if (element.hasAttribute("disabled") && !options.disabled) return true;
  return element.hasAttribute("readonly") && !options.readonly;
}

/**
 * The flat object FormDataExtended builds: dotted names as keys, typed values, and an array for
 * several controls sharing a name (radio buttons give the checked one's value, or null).
 */
export function readForm(form: FormLike, options: { disabled?: boolean; readonly?: boolean } = {}): Plain {
  const groups = new Map<string, Element[]>();
  for (const element of form.querySelectorAll("[name]")) {
    if (isExcluded(element, options)) continue;
    const name = element.getAttribute("name") ?? "";
    groups.set(name, [...(groups.get(name) ?? []), element]);
  }
  const object: Plain = {};
  for (const [name, elements] of groups) {
    const [first] = elements;
    if (first?.getAttribute("type") === "radio") {
      const chosen = elements.find((e) => (e as HTMLInputElement).checked) as HTMLInputElement | undefined;
      object[name] = chosen ? castType(chosen.value, chosen.dataset.dtype) : null;
    } else object[name] = elements.length === 1 ? controlValue(first as Element) : elements.map(controlValue);
  }
  return object;
}

/**
 * A browser selects each select's option marked `selected` when it parses HTML; happy-dom can
 * select a neighbour instead, so the fake applies the markup's choice itself after parsing.
 */
export function selectMarkedOptions(root: ParentNode): void {
  for (const select of root.querySelectorAll("select")) {
    if (select.multiple) continue;
    const marked = [...select.options].findLastIndex((option) => option.hasAttribute("selected"));
    select.selectedIndex = Math.max(marked, 0);
  }
}

/** v13's DataModelValidationError reports failures through getAllFailures(); the fake's through `failures`. */
export class DocumentValidationError extends DataModelValidationError {
  getAllFailures(): Record<string, { message: string }> {
    return Object.fromEntries(Object.entries(this.failures).map(([path, message]) => [path, { message }]));
  }
}

/** Documents whose schema has a required, non-blank name. */
const NAMED_DOCUMENTS = new Set(["Actor", "Item"]);

/**
 * `document.validate({ changes, clean: true, fallback: false })`: the document's source with the
 * changes applied must pass its schema (a document's name may not be blank), or it throws.
 */
export function validateDocumentChanges(document: FakeDocument, changes: Plain): true {
  const next = mergeObject(document._source, changes);
  const failures: Record<string, string> = {};
  const named = NAMED_DOCUMENTS.has(document.documentName);
  if (named && (typeof next.name !== "string" || next.name.trim() === ""))
    failures.name = "may not be a blank string";
  const model = dataModels[document.documentName]?.[String(next.type ?? "base")];
  if (model && next.system !== undefined)
    for (const [path, reason] of Object.entries(model.validateSource(next.system)))
      failures[`system.${path}`] = reason;
  if (Object.keys(failures).length) throw new DocumentValidationError(failures);
  return true;
}

/**
 * documents.ts (owned elsewhere) has no `validate`; until it does, documents get this one, with
 * v13's signature. Installed once, and never over a real implementation.
 */
export function installDocumentValidate(): void {
  const prototype = FakeDocument.prototype as FakeDocument & { validate?: unknown };
  if (typeof prototype.validate === "function") return;
  Object.defineProperty(prototype, "validate", {
    configurable: true,
    writable: true,
    value(
      this: FakeDocument,
      { changes = {} }: { changes?: Plain; clean?: boolean; fallback?: boolean } = {},
    ) {
      return validateDocumentChanges(this, changes);
    },
  });
}
