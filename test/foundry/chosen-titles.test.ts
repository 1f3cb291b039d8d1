/**
 * A dialog's select cuts a long chosen name at its edge; its title holds the whole name, so the
 * reader can still read it (test/e2e/readability.test.ts measures the cut in a browser).
 */
import { describe, expect, it } from "vitest";
import { withChosenTitles } from "../../src/applications/chosen-titles";
import { renderDialog } from "../../src/applications/dialog-form";

const titleOf = (html: string, id: string): string | null => {
  const select = new RegExp(`<select[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
  return /\stitle="([^"]*)"/.exec(select)?.[1] ?? null;
};

describe("a dialog select titled by its chosen option", () => {
  it("names the chosen ally in full in the stabilise dialog", async () => {
    const html = await renderDialog("dialogs/stabilise.hbs", {
      allies: [
        { id: "a", name: "Boudica" },
        { id: "b", name: "Clementine Ashdown-Featherstonehaugh", selected: true },
      ],
    });
    expect(titleOf(html, "brink-stabilise-ally")).toBe("Clementine Ashdown-Featherstonehaugh");
  });

  it("names the first option when none is marked chosen, as the browser shows it", () => {
    const html = withChosenTitles(
      '<select id="s"><option value="1">First</option><option value="2">Second</option></select>',
    );
    expect(titleOf(html, "s")).toBe("First");
  });

  it("keeps a name with quotes whole inside the title", () => {
    const html = withChosenTitles(
      '<select id="s"><option value="1" selected>Ann "the Axe"</option></select>',
    );
    expect(titleOf(html, "s")).toBe("Ann &quot;the Axe&quot;");
  });

  it("leaves a select that already has a title of its own", () => {
    const html = withChosenTitles(
      '<select id="s" title="Pick one"><option value="1">First</option></select>',
    );
    expect(titleOf(html, "s")).toBe("Pick one");
  });
});
