/**
 * Just enough of ApplicationV2 for sheets to build their context outside Foundry: the options
 * merge along the class chain, the document, and the context hooks. Rendering to HTML is done by
 * the template tests with the real Handlebars package.
 */
import type { FakeDocument } from "./documents";
import { session } from "./documents";
import { mergeObject, type Plain } from "./utils";

export class ApplicationV2 {
  static DEFAULT_OPTIONS: Plain = {};
  static PARTS: Record<string, Plain> = {};
  static TABS: Record<string, Plain> = {};
  options: Plain;
  tabGroups: Record<string, string> = {};
  rendered = false;

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
  }

  async _prepareContext(_options: Plain): Promise<Plain> {
    return {};
  }

  async _preparePartContext(_partId: string, context: Plain, _options: Plain): Promise<Plain> {
    return context;
  }

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

  async render(_options: Plain = {}): Promise<this> {
    this.rendered = true;
    return this;
  }

  async close(): Promise<this> {
    this.rendered = false;
    return this;
  }
}

export class DocumentSheetV2 extends ApplicationV2 {
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
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): FakeDocument {
    return this.document;
  }
}
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): FakeDocument {
    return this.document;
  }
}

/** Handlebars rendering itself happens in the template tests; the mixin adds nothing here. */
export function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  return Base;
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
