/**
 * Reading a rendered form as v13's FormDataExtended does. Evidence: Foundry issue #7819 (checkbox
 * values and arrays), the v13 API pages for FormDataExtended and HTMLMultiCheckboxElement; checked
 * live by sheets.contract.ts.
 */
import type { Plain } from "./utils";

/** The DOM surface the reader needs; happy-dom's elements (and a browser's) satisfy it. */
export interface FormLike {
  querySelectorAll(selector: string): Iterable<Element>;
}

/** Custom form elements whose value is the list of their selected options. */
const MULTI_ELEMENTS = new Set(["MULTI-CHECKBOX", "MULTI-SELECT"]);
/**
 * `<prose-mirror>` is a form-associated element: it submits its `value` (the stored HTML) under its
 * name, whatever enriched HTML it shows inside (API HTMLProseMirrorElement; dnd5e 5.x biography).
 */
const PROSE_MIRROR = "PROSE-MIRROR";
const CONTROLS = new Set(["INPUT", "SELECT", "TEXTAREA", "STRING-TAGS", PROSE_MIRROR, ...MULTI_ELEMENTS]);

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
  if (element.tagName === PROSE_MIRROR) {
    // What the user saved in the editor (the element's value), else the value it was rendered with.
    const typed: unknown = (element as unknown as { value?: unknown }).value;
    return typeof typed === "string" ? typed : (element.getAttribute("value") ?? "");
  }
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

/** The enabled controls named `name` in `root`; a name the form does not offer is an error. */
export function controlsNamed(root: ParentNode, name: string, where: string): HTMLElement[] {
  const controls = [...root.querySelectorAll<HTMLElement>(`[name="${name}"]`)];
  if (!controls.length) throw new Error(`${where} has no input named "${name}".`);
  if (controls.every((c) => c.hasAttribute("disabled")))
    throw new Error(`The input named "${name}" is disabled.`);
  return controls;
}

const ticked = (value: unknown): boolean => value === true || value === "on" || value === "true";

/** Sets a control the way a user would: ticks boxes, picks an existing option, types text. */
export function setControl(controls: HTMLElement[], value: unknown): HTMLElement {
  const [first] = controls as [HTMLElement];
  const wanted = (Array.isArray(value) ? value : [value]).map(String);
  if (first.tagName === "MULTI-CHECKBOX" || first.tagName === "MULTI-SELECT") {
    for (const option of first.querySelectorAll("option"))
      option.toggleAttribute("selected", wanted.includes(option.value));
  } else if (first.tagName === "SELECT") {
    const select = first as HTMLSelectElement;
    if (![...select.options].some((o) => o.value === String(value)))
      throw new Error(`"${select.name}" offers no option "${String(value)}".`);
    select.value = String(value);
  } else if ((first as HTMLInputElement).type === "checkbox") {
    for (const box of controls as HTMLInputElement[])
      box.checked = box.hasAttribute("value") ? wanted.includes(box.value) : ticked(value);
  } else if ((first as HTMLInputElement).type === "radio") {
    const radio = (controls as HTMLInputElement[]).find((r) => r.value === String(value));
    if (!radio) throw new Error(`"${(first as HTMLInputElement).name}" offers no choice "${String(value)}".`);
    radio.checked = true;
  } else {
    (first as HTMLInputElement).value = value === null || value === undefined ? "" : String(value);
  }
  return first;
}

/** Fills a rendered form as a user would: every named value must be a control the form shows. */
export function fillForm(root: ParentNode, values: Plain, where: string): void {
  for (const [name, value] of Object.entries(values)) setControl(controlsNamed(root, name, where), value);
}
