/**
 * Sheets as a user meets them. `renderSheet` returns a sheet's HTML for the template tests;
 * `openSheet` renders a live sheet in the fake (happy-dom), `submitSheetForm` types into its inputs
 * and lets each change submit the form as Foundry v13 does, and `clickAction` clicks a control.
 */
import type { ApplicationClass, DocumentSheetSurface } from "../../src/foundry/application-base";
import { controlsNamed, setControl } from "../fake-foundry/forms";
import { createRenderer } from "./render";

const render = createRenderer();

export async function renderSheet<D>(
  Sheet: ApplicationClass<DocumentSheetSurface<D>> & { PARTS: object },
  document: D,
  setup?: (sheet: DocumentSheetSurface<D>) => void,
): Promise<{ html: string; context: Record<string, unknown> }> {
  const sheet = new Sheet({ document });
  setup?.(sheet);
  const context = await sheet._prepareContext({});
  const parts: string[] = [];
  for (const [partId, part] of Object.entries(Sheet.PARTS as Record<string, { template: string }>)) {
    const partContext = await sheet._preparePartContext(partId, { ...context }, {});
    parts.push(render(part.template, partContext));
  }
  const classes = ((sheet.options.classes as string[] | undefined) ?? []).join(" ");
  const html = `<div class="application ${classes} theme-light"><section class="window-content">${parts.join("\n")}</section></div>`;
  return { html, context };
}

/** The fake's record of the work a click or change started (test/fake-foundry/applications.ts). */
type LiveSheet = { pending: Promise<unknown> };
const settled = (sheet: object): Promise<unknown> => (sheet as LiveSheet).pending;

/** Opens a sheet: rendered to real HTML, with its actions and form listening. */
export async function openSheet<D>(
  Sheet: ApplicationClass<DocumentSheetSurface<D>>,
  document: D,
  setup?: (sheet: DocumentSheetSurface<D>) => void,
): Promise<DocumentSheetSurface<D>> {
  const sheet = new Sheet({ document });
  setup?.(sheet);
  await sheet.render(true);
  return sheet;
}

/**
 * Changes each named input in turn; each change submits the whole form (submitOnChange), and the
 * sheet re-renders afterwards, as a document's update re-renders its open sheets.
 */
export async function submitSheetForm(
  sheet: DocumentSheetSurface<unknown>,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const control = setControl(controlsNamed(sheet.element, name, "The sheet"), value);
    control.dispatchEvent(
      new (control.ownerDocument.defaultView?.Event ?? Event)("change", { bubbles: true }),
    );
    await settled(sheet);
    await sheet.render();
  }
}

/** Clicks the first element matching `selector` and waits for its action to finish. */
export async function clickAction(sheet: DocumentSheetSurface<unknown>, selector: string): Promise<void> {
  const target = sheet.element.querySelector<HTMLElement>(selector);
  if (!target) throw new Error(`The sheet shows nothing matching ${selector}.`);
  target.click();
  await settled(sheet);
}
