/**
 * Renders a sheet the way Foundry would: the sheet's own _prepareContext and _preparePartContext,
 * then each part's template, joined in PARTS order inside a window frame.
 */
import type { ApplicationClass, DocumentSheetSurface } from "../../src/foundry/application-base";
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
