/**
 * Tokens in the fake: a Token document in a scene (its place, its actor, linked or with a delta),
 * and the token on the canvas as the tracker and the keybindings use it (each client controls its
 * own). Split from combat.ts, which re-exports it.
 */
import type { TokenObject } from "./combat-tracker";
import { canvasLog } from "./combat-tracker";
import { FakeDocument, session, type Collection } from "./documents";
import { deepClone, expandObject, mergeObject, type Plain } from "./utils";

interface FakeGlobals {
  game: Record<string, unknown> & { actors: Collection<FakeDocument> };
}
const globals = () => globalThis as unknown as FakeGlobals;

export const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

export class FakeToken extends FakeDocument {
  static override documentName = "Token";

  get actorId(): string | null {
    return (this._source.actorId as string | undefined) ?? null;
  }
  get disposition(): number {
    return Number(this._source.disposition ?? TOKEN_DISPOSITIONS.HOSTILE);
  }
  get actorLink(): boolean {
    return this._source.actorLink === true;
  }
  /**
   * The token's ActorDelta: what its synthetic actor changes from the world actor. Its `system` is
   * a plain override object, stored as written; its items are Item documents, so they read cleaned
   * and migrated like any item (API: ActorDeltaData `system: object`, `items: Collection<BaseItem>`).
   */
  get delta(): { toObject(): Plain } | null {
    if (!this.#unlinked()) return null;
    const delta = deepClone(this._source.delta as Plain);
    const Item = FakeDocument.configuredClass("Item") ?? FakeDocument.registry.Item;
    const items = (delta.items as Plain[] | undefined) ?? [];
    return {
      toObject: () => ({ ...delta, items: items.map((item) => (Item ? new Item(item).toObject() : item)) }),
    };
  }
  /**
   * A linked token's actor is the world actor. An unlinked token with delta data has a synthetic
   * actor: the world actor's source with the delta laid over it (items replaced by id), whose updates
   * write into the delta and never into the world actor. A token made without delta data stands for
   * its world actor, as the combat tests have always used tokens.
   */
  get actor(): FakeDocument | null {
    const base = this.actorId ? (globals().game.actors.get(this.actorId) ?? null) : null;
    return base && this.#unlinked() ? this.#synthetic(base) : base;
  }

  #unlinked(): boolean {
    return !this.actorLink && typeof this._source.delta === "object" && this._source.delta !== null;
  }

  /** Items in an update merge into the delta's items by id, as embedded updates do; new ones are added. */
  #deltaChange(changes: Plain): Plain {
    const updates = changes.items as Plain[] | undefined;
    if (!updates) return changes;
    const existing = ((this._source.delta as Plain).items as Plain[] | undefined) ?? [];
    const merged = existing.map((item) => {
      const update = updates.find((u) => u._id === item._id);
      return update ? mergeObject(item, update) : item;
    });
    const added = updates.filter((u) => !existing.some((item) => item._id === u._id));
    return { ...changes, items: [...merged, ...added] };
  }

  #synthetic(base: FakeDocument): FakeDocument {
    const delta = this._source.delta as Plain;
    const source = base.toObject();
    const overrides = (delta.items as Plain[] | undefined) ?? [];
    const items = (source.items as Plain[]).map((item) => overrides.find((o) => o._id === item._id) ?? item);
    const added = overrides.filter((o) => !items.includes(o));
    const merged = mergeObject(source, { system: (delta.system as Plain | undefined) ?? {} });
    const cls = base.constructor as typeof FakeDocument;
    const actor = new cls({ ...merged, items: [...items, ...added] }, { parent: this });
    Object.defineProperty(actor, "isToken", { value: true });
    Object.defineProperty(actor, "update", {
      value: async (changes: Plain, options: Plain = {}) => {
        await this.update({ delta: this.#deltaChange(expandObject(changes)) }, options);
        return this.actor;
      },
    });
    return actor;
  }
  override get name(): string {
    return String(this._source.name || this.actor?.name || "");
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  /** Where the token stands: x and y in pixels, width and height in grid squares (TokenDocument). */
  get x(): number {
    return Number(this._source.x ?? 0);
  }
  get y(): number {
    return Number(this._source.y ?? 0);
  }
  get width(): number {
    return Number(this._source.width ?? 1);
  }
  get height(): number {
    return Number(this._source.height ?? 1);
  }
  get texture(): { src: string | null } {
    return { src: ((this._source.texture as Plain | undefined)?.src as string | undefined) ?? null };
  }
  /** The token on the canvas: what the tracker selects, pans to, pings and highlights. */
  get object(): TokenObject {
    const id = this.id;
    const size = 100;
    const x = Number(this._source.x ?? 0);
    const y = Number(this._source.y ?? 0);
    const visible = !this.hidden || session.user.isGM;
    return {
      center: { x: x + size / 2, y: y + size / 2 },
      visible,
      document: this,
      // Each client controls its own tokens; control() releases the others unless told not to
      // (v13's `releaseOthers` defaults to true), so a GM can hold several tokens at once.
      get controlled() {
        return controlledTokens.get(session.user.id)?.has(id) === true;
      },
      control: (options: Plain = {}) => {
        canvasLog.push({ action: "control", id });
        const held = options.releaseOthers === false ? (controlledTokens.get(session.user.id) ?? []) : [];
        if (id) controlledTokens.set(session.user.id, new Set([...held, id]));
        return true;
      },
      release: () => {
        controlledTokens.get(session.user.id)?.delete(id);
        return true;
      },
      _onHoverIn: () => canvasLog.push({ action: "hoverIn", id }),
      _onHoverOut: () => canvasLog.push({ action: "hoverOut", id }),
    };
  }
}

/** The tokens each user controls on their canvas (their ids), by user id. */
export const controlledTokens = new Map<string, Set<string>>();
