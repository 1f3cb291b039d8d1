import { createdDocuments, type ContractContext } from "./context";

/** Where a contract builds elements: the browser's document in a live world, happy-dom in vitest. */
export type DocumentFactory = () => Document;

const browserDocument: DocumentFactory = () => document;

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** What Brink's item management on the actor sheets assumes about v13. */
export function itemContracts(context: ContractContext, page: DocumentFactory = browserDocument): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);

  describe("Brink items: menus, sheets and effects", () => {
    it("ContextMenu opens on its eventName over a matching element, lists the visible entries, and runs one with that element (v14: label/visible/onClick(event, target); v13: name/condition/callback(target))", async () => {
      const doc = page();
      const container = doc.createElement("div");
      container.innerHTML = `<ol><li class="row" data-item-id="a"><button type="button" class="more">⋯</button></li></ol>`;
      doc.body.append(container);
      const chosen: HTMLElement[] = [];
      const events: string[] = [];
      try {
        const v14 = Number(game.release.generation) >= 14;
        const entry = (label: string, shown: boolean) =>
          v14
            ? {
                label,
                icon: "",
                visible: () => shown,
                onClick: (event: Event, target: HTMLElement) => {
                  events.push(event.type);
                  chosen.push(target);
                },
              }
            : {
                name: label,
                icon: "",
                condition: () => shown,
                callback: (target: HTMLElement) => chosen.push(target),
              };
        const entries = [entry("Shown", true), entry("Hidden", false)] as never[];
        const { ContextMenu } = foundry.applications.ux;
        new ContextMenu(container, ".more", entries, { jQuery: false, fixed: true, eventName: "click" });
        const button = container.querySelector<HTMLElement>(".more");
        button?.click();
        await tick();
        const menu = doc.getElementById("context-menu");
        const items = [...(menu?.querySelectorAll<HTMLElement>(".context-item") ?? [])];
        assert.deepEqual(
          items.map((item) => item.textContent?.trim()),
          ["Shown"],
        );
        items[0]?.click();
        await tick();
        assert.equal(chosen[0], button, "the entry runs with the element the menu opened on");
        if (v14) assert.deepEqual(events, ["click"], "v14's onClick receives the click event first");
      } finally {
        container.remove();
        doc.getElementById("context-menu")?.remove();
      }
    });

    it("an embedded item's sheet is one instance of a DocumentSheetV2 for that item", async () => {
      const actor = track(
        await Actor.implementation.create({
          name: "Contract: item sheet",
          type: "character",
          items: [{ name: "Rope", type: "gear" }],
        }),
      );
      const item = actor.items.getName("Rope");
      const sheet = item?.sheet;
      assert.isTrue(sheet instanceof foundry.applications.api.DocumentSheetV2, "a DocumentSheetV2");
      assert.equal(item?.sheet, sheet, "the same instance each time");
      assert.equal((sheet as { document?: unknown } | null | undefined)?.document, item);
    });

    it("a script macro runs its command with execute(), and assignHotbarMacro puts it in the user's slot", async () => {
      const flag = "__brinkMacroContract";
      const macro = track(
        await Macro.implementation.create({
          name: "Contract: macro",
          type: "script",
          command: `globalThis.${flag} = (globalThis.${flag} ?? 0) + 1;`,
        }),
      );
      const slot = 50;
      const previous = game.user.hotbar[slot] ?? null;
      try {
        await macro.execute();
        assert.equal((globalThis as Record<string, unknown>)[flag], 1);
        await game.user.assignHotbarMacro(macro, slot);
        assert.equal(game.user.hotbar[slot], macro.id);
        assert.equal(macro.author?.id, game.user.id, "the creator is the author");
      } finally {
        delete (globalThis as Record<string, unknown>)[flag];
        await game.user.assignHotbarMacro(previous ? (game.macros.get(previous) ?? null) : null, slot);
      }
    });

    it("an Active Effect made without a duration stores empty duration fields", async () => {
      const actor = track(
        await Actor.implementation.create({
          name: "Contract: effect duration",
          type: "character",
          effects: [{ name: "Blessed" }],
        }),
      );
      const effect = actor.effects.getName("Blessed");
      const { rounds, turns, seconds } = effect?._source.duration ?? {};
      assert.deepEqual([rounds ?? null, turns ?? null, seconds ?? null], [null, null, null]);
    });
  });
}
