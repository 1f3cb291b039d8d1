import { createdDocuments, expectRefusal, type ContractContext } from "./context";
import { handlebarsApplicationBase, type RenderContext } from "../../src/foundry/application-base";
import { templatePath } from "../../src/constants";

/** Builds a form from HTML in whatever DOM is at hand (the browser's in a live world). */
export type FormFactory = (html: string) => HTMLFormElement;

const browserForm: FormFactory = (html) => {
  const form = document.createElement("form");
  form.innerHTML = html;
  return form;
};

/** What Brink's sheets assume about v13's document-sheet forms. */
export function sheetContracts(context: ContractContext, createForm: FormFactory = browserForm): void {
  const { describe, it, assert } = context;
  const track = createdDocuments(context);
  const api = foundry.applications.api;
  // FormDataExtended's constructor is typed for HTMLFormElement; `object` is the flat record.
  const formData = (form: HTMLFormElement) =>
    (new foundry.applications.ux.FormDataExtended(form) as unknown as { object: Record<string, unknown> })
      .object;
  const withForm = (html: string): Record<string, unknown> => {
    const form = createForm(html);
    // Custom form elements (multi-checkbox) initialise once they are in the page.
    globalThis.document?.body?.append(form);
    try {
      return formData(form);
    } finally {
      form.remove();
    }
  };

  describe("Brink sheets: v13 document-sheet forms", () => {
    it("DocumentSheetV2 submits through _processFormData, _prepareSubmitData and _processSubmitData", () => {
      // The hooks are protected in fvtt-types; a contract checks that they exist at all.
      const prototype = api.DocumentSheetV2.prototype as unknown as Record<string, unknown>;
      for (const hook of ["_processFormData", "_prepareSubmitData", "_processSubmitData"])
        assert.equal(typeof prototype[hook], "function", hook);
    });

    it("HandlebarsApplication re-renders only the parts a later render names, preparing only their context", async () => {
      const prepared: string[] = [];
      // Any shipped template with a single root renders here; the actions part needs no context.
      const template = templatePath("actor/actions.hbs");
      class TwoParts extends handlebarsApplicationBase() {
        static override PARTS = { first: { template }, second: { template } };
        override async _preparePartContext(partId: string, context: RenderContext, options: unknown) {
          prepared.push(partId);
          return super._preparePartContext(partId, context, options);
        }
      }
      const app = new TwoParts({});
      const part = (id: string) => app.element.querySelector(`[data-application-part="${id}"]`);
      try {
        await app.render({ force: true });
        assert.deepEqual(prepared, ["first", "second"], "a first render prepares every part");
        const [first, second] = [part("first"), part("second")];
        prepared.length = 0;
        await app.render({ parts: ["second"] });
        assert.deepEqual(prepared, ["second"], "a later render prepares only the parts it names");
        assert.isTrue(part("first") === first, "a part the render does not name keeps its element");
        assert.isTrue(part("second") !== second && part("second") !== null, "the named part is drawn anew");
      } finally {
        await app.close();
      }
    });

    it("changeTab, and a click on a tab's nav item, open that tab: tabGroups and the active class follow", async () => {
      class Tabbed extends handlebarsApplicationBase() {
        static override PARTS = {
          tabs: { template: templatePath("actor/tabs.hbs") },
          consequences: { template: templatePath("actor/consequences-tab.hbs") },
        };
        static override TABS = {
          primary: { tabs: [{ id: "consequences" }, { id: "elsewhere" }], initial: "consequences" },
        };
        override async _preparePartContext(partId: string, context: RenderContext, options: unknown) {
          const tabs = this._prepareTabs("primary");
          return Object.assign(await super._preparePartContext(partId, context, options), {
            tabs,
            tab: tabs[partId],
          });
        }
      }
      const app = new Tabbed({});
      const active = () =>
        Array.from(app.element.querySelectorAll<HTMLElement>("[data-group='primary'][data-tab].active")).map(
          (element) => `${element.tagName.toLowerCase()}:${element.dataset.tab ?? ""}`,
        );
      try {
        await app.render({ force: true });
        assert.deepEqual(active(), ["button:consequences", "section:consequences"]);
        app.changeTab("elsewhere", "primary");
        assert.equal(app.tabGroups.primary, "elsewhere");
        assert.deepEqual(active(), ["button:elsewhere"]);
        app.element.querySelector<HTMLElement>("nav [data-tab='consequences']")?.click();
        assert.equal(app.tabGroups.primary, "consequences");
        assert.deepEqual(active(), ["button:consequences", "section:consequences"]);
      } finally {
        await app.close();
      }
    });

    it("DocumentSheetV2 offers the editImage action", () => {
      const actions = (api.DocumentSheetV2.DEFAULT_OPTIONS as { actions?: Record<string, unknown> }).actions;
      assert.isTrue(actions?.editImage !== undefined, "editImage is a default action");
    });

    it("DocumentSheetV2's editImage refuses an element that is not an IMG", async () => {
      // An action is called with the sheet as `this`; the element check comes before any use of it.
      const actions = (api.DocumentSheetV2.DEFAULT_OPTIONS as { actions?: Record<string, unknown> })
        .actions as Record<string, (this: unknown, event: Event, target: HTMLElement) => Promise<unknown>>;
      const button = createForm(`<button type="button" data-edit="img"></button>`).querySelector("button");
      if (!button) throw new Error("the button was not made");
      await expectRefusal(
        Promise.resolve().then(() => actions.editImage?.call(null, new Event("click"), button)),
        { message: /IMG/ },
      );
    });

    it("FormDataExtended keeps dotted names and types checkboxes, numbers and empty numbers", () => {
      const data = withForm(`
        <input type="checkbox" name="system.flag" checked>
        <input type="checkbox" name="system.off">
        <input type="number" name="system.count" value="3">
        <input type="number" name="system.empty" value="">
        <input type="text" name="system.words" value="hello">
        <input type="text" name="system.locked" value="x" disabled>`);
      assert.deepEqual(data, {
        "system.flag": true,
        "system.off": false,
        "system.count": 3,
        "system.empty": null,
        "system.words": "hello",
      });
    });

    it("FormDataExtended submits same-named valued checkboxes as an array with null for each unticked box", () => {
      const data = withForm(`
        <input type="checkbox" name="system.set" value="a" checked>
        <input type="checkbox" name="system.set" value="b">
        <input type="checkbox" name="system.set" value="c" checked>`);
      assert.deepEqual(data["system.set"], ["a", null, "c"]);
    });

    it("FormDataExtended submits a multi-checkbox as the list of its chosen options", () => {
      const data = withForm(`
        <multi-checkbox name="system.set">
          <option value="a" selected>A</option><option value="b">B</option><option value="c" selected>C</option>
        </multi-checkbox>`);
      assert.deepEqual(data["system.set"], ["a", "c"]);
    });

    it("FormDataExtended submits a select's chosen option, the blank one as an empty string", () => {
      const data = withForm(`
        <select name="system.attribute"><option value="" selected></option><option value="str">STR</option></select>
        <select name="system.kind"><option value="minor">Minor</option><option value="serious" selected>Serious</option></select>`);
      assert.deepEqual(data, { "system.attribute": "", "system.kind": "serious" });
    });

    it("FormDataExtended submits a prose-mirror's stored HTML under its name, not the enriched HTML it shows", () => {
      const data = withForm(`
        <prose-mirror name="system.details.biography" value="&lt;p&gt;Stored&lt;/p&gt;" toggled><p>Shown</p></prose-mirror>`);
      assert.equal(data["system.details.biography"], "<p>Stored</p>");
    });

    it("a document refuses a change its model rejects through validate({ changes, clean, fallback: false })", async () => {
      const actor = track(await Actor.implementation.create({ name: "Contract: forms", type: "character" }));
      // Document#validate's options are typed loosely in fvtt-types; the call is v13's.
      const validate = (changes: Record<string, unknown>) =>
        (actor as unknown as { validate(o: object): unknown }).validate({
          changes,
          clean: true,
          fallback: false,
        });
      const refusal = (changes: Record<string, unknown>): Record<string, unknown> | null => {
        try {
          validate(changes);
          return null;
        } catch (error) {
          return (error as { getAllFailures(): Record<string, unknown> }).getAllFailures();
        }
      };
      assert.isTrue(validate({ system: { speed: 5 } }) !== undefined, "a valid change passes");
      assert.isTrue("name" in (refusal({ name: "" }) ?? {}), "a blank name is refused by path");
      const choice = refusal({ system: { death: { pending: "banana" } } }) ?? {};
      assert.isTrue("system.death.pending" in choice, "a value that is no choice is refused by path");
      assert.equal(actor.name, "Contract: forms");
    });

    it("a cleared number input (null) is refused for a field that is not nullable, not reset to its initial value", async () => {
      const actor = track(
        await Actor.implementation.create({ name: "Contract: cleared", type: "character" }),
      );
      // Document#validate's options are typed loosely in fvtt-types; the call is v13's.
      const validate = (changes: Record<string, unknown>) =>
        (actor as unknown as { validate(o: object): unknown }).validate({
          changes,
          clean: true,
          fallback: false,
        });
      let failures: Record<string, unknown> = {};
      try {
        validate({ system: { speed: null } });
      } catch (error) {
        failures = (error as { getAllFailures(): Record<string, unknown> }).getAllFailures();
      }
      assert.isTrue("system.speed" in failures, "speed (a count with an initial of 6) refuses null by path");
    });
  });
}
