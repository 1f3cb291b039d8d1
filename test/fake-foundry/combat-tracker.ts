/**
 * Core's sidebar CombatTracker (v13), as far as a subclass that re-templates it relies on it: the
 * parts it renders (core's header with its encounter and initiative controls), the element its
 * listeners are bound to, the actions it registers (click a row to select and pan to the token,
 * double-click to open the actor sheet, hover to highlight the token, and the GM's ping, hide and
 * defeated toggles), and the render hooks. It renders into a happy-dom element so tests can click
 * what a user clicks. What the canvas would do is recorded in `canvasLog`.
 */
import { Window } from "happy-dom";
import { createRenderer } from "../support/render";
import { ApplicationV2 } from "./applications";
import type { FakeDocument } from "./documents";
import type { session } from "./documents";
import { deepClone, type Plain } from "./utils";

/** What the tracker asked of the canvas and the sheets, in order. */
export interface CanvasRecord {
  action: "control" | "pan" | "ping" | "hoverIn" | "hoverOut" | "openSheet";
  id: string;
}
export const canvasLog: CanvasRecord[] = [];

/** The surface of a combat and combatant the tracker uses (the fake's, or Brink's subclass of it). */
interface TrackedCombatant extends FakeDocument {
  readonly actor: FakeDocument | null;
  readonly token: { id: string; object: TokenObject | null } | null;
  readonly hidden: boolean;
  readonly defeated: boolean;
  readonly initiative: number | null;
  readonly visible: boolean;
}
interface TrackedCombat extends FakeDocument {
  readonly combatants: { get(id: string): TrackedCombatant | undefined };
  readonly turns: TrackedCombatant[];
  readonly turn: number | null;
  readonly round: number;
  readonly started: boolean;
  rollInitiative(ids: string[]): Promise<unknown>;
  rollAll(): Promise<unknown>;
  rollNPC(): Promise<unknown>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  previousRound(): Promise<unknown>;
  endCombat(): Promise<unknown>;
}
export interface TokenObject {
  readonly center: { x: number; y: number };
  readonly visible: boolean;
  readonly document: unknown;
  readonly controlled: boolean;
  control(options?: Plain): boolean;
  release(): boolean;
  _onHoverIn(event: unknown, options?: Plain): void;
  _onHoverOut(event: unknown): void;
}

type ActionHandler = (this: FakeCombatTracker, event: Event, target: HTMLElement) => unknown;

const window = new Window();
export const trackerDocument = window.document as unknown as Document;

const game = () =>
  (
    globalThis as unknown as {
      game: { combats: { viewed: TrackedCombat | null }; user: typeof session.user };
    }
  ).game;
const canvas = () =>
  (globalThis as unknown as { canvas: { ping(point: unknown): void; animatePan(point: unknown): void } })
    .canvas;
const specialStatus = () =>
  (globalThis as unknown as { CONFIG: { specialStatusEffects: Record<string, string> } }).CONFIG
    .specialStatusEffects;

const render = createRenderer();

/** Core's own part templates, reduced to the elements and actions subclasses meet in them. */
const CORE_PARTS: Record<string, (context: Plain) => string> = {
  "templates/sidebar/tabs/combat/header.hbs": (context) => {
    const gm = (context.user as { isGM: boolean }).isGM;
    const combat = context.combat as TrackedCombat | null;
    const left = gm
      ? `<div class="control-buttons left">
          <button type="button" class="inline-control combat-control icon fa-solid fa-users" data-action="rollAll" aria-label="Roll all"></button>
          <button type="button" class="inline-control combat-control icon fa-solid fa-users-cog" data-action="rollNPC" aria-label="Roll NPCs"></button>
        </div>`
      : "";
    return `<header class="combat-tracker-header">
      <nav class="encounters">
        ${gm ? '<button type="button" class="inline-control icon fa-solid fa-plus" data-action="createCombat" aria-label="Create encounter"></button>' : ""}
        <button type="button" class="inline-control icon fa-solid fa-caret-left" data-action="cycleCombat" aria-label="Previous encounter"></button>
        <button type="button" class="inline-control icon fa-solid fa-caret-right" data-action="cycleCombat" aria-label="Next encounter"></button>
      </nav>
      <div class="encounter-controls combat">${left}
        <strong class="encounter-title">${combat ? `Round ${combat.round}` : "No encounter"}</strong>
      </div>
    </header>`;
  },
  "templates/sidebar/tabs/combat/tracker.hbs": (context) => {
    const turns = (context.turns as Plain[] | undefined) ?? [];
    const rows = turns.map(
      (
        turn,
      ) => `<li class="combatant ${String(turn.css)}" data-combatant-id="${String(turn.id)}" data-action="activateCombatant">
        <strong class="name">${String(turn.name)}</strong></li>`,
    );
    return `<ol class="combat-tracker plain">${rows.join("")}</ol>`;
  },
  "templates/sidebar/tabs/combat/footer.hbs": () => `<nav class="combat-controls"></nav>`,
};

export class FakeCombatTracker extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Plain = {
    id: "combat",
    classes: ["tab", "sidebar-tab", "combat-sidebar"],
    actions: {
      activateCombatant: FakeCombatTracker.#onActivateCombatant,
      pingCombatant: FakeCombatTracker.#onCombatant((tracker, c) => tracker._onPingCombatant(c)),
      panToCombatant: FakeCombatTracker.#onCombatant((tracker, c) => tracker._onPanToCombatant(c)),
      toggleHidden: FakeCombatTracker.#onCombatant((_tracker, c) => c.update({ hidden: !c.hidden })),
      toggleDefeated: FakeCombatTracker.#onCombatant((tracker, c) => tracker._onToggleDefeatedStatus(c)),
      rollInitiative: FakeCombatTracker.#onCombatant((tracker, c) => tracker.viewed?.rollInitiative([c.id])),
      rollAll: FakeCombatTracker.#onCombat((combat) => combat.rollAll()),
      rollNPC: FakeCombatTracker.#onCombat((combat) => combat.rollNPC()),
      startCombat: FakeCombatTracker.#onCombat((combat) => combat.startCombat()),
      nextTurn: FakeCombatTracker.#onCombat((combat) => combat.nextTurn()),
      previousTurn: FakeCombatTracker.#onCombat((combat) => combat.previousTurn()),
      nextRound: FakeCombatTracker.#onCombat((combat) => combat.nextRound()),
      previousRound: FakeCombatTracker.#onCombat((combat) => combat.previousRound()),
      endCombat: FakeCombatTracker.#onCombat((combat) => combat.endCombat()),
    },
  };
  static override PARTS: Record<string, Plain> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  /** The rendered tab; empty until the first render. */
  override element: HTMLElement = trackerDocument.createElement("section");
  /** Every promise an action returned, so a test can wait for what a click started. */
  readonly started: Promise<unknown>[] = [];

  get viewed(): TrackedCombat | null {
    return game().combats.viewed;
  }

  _configureRenderParts(_options: Plain): Record<string, Plain> {
    return deepClone((this.constructor as typeof FakeCombatTracker).PARTS);
  }

  override async _prepareContext(options: Plain): Promise<Plain> {
    const combat = this.viewed;
    const turns = combat
      ? await Promise.all(combat.turns.map((c, index) => this._prepareTurnContext(combat, c, index)))
      : [];
    return { ...(await super._prepareContext(options)), user: game().user, combat, turns };
  }

  /** One row of core's list. */
  async _prepareTurnContext(
    combat: TrackedCombat,
    combatant: TrackedCombatant,
    index: number,
  ): Promise<Plain> {
    const active = index === combat.turn;
    return {
      id: combatant.id,
      name: combatant.name,
      css: [active ? "active" : "", combatant.hidden ? "hide" : "", combatant.defeated ? "defeated" : ""]
        .filter(Boolean)
        .join(" "),
      hidden: combatant.hidden,
      isDefeated: combatant.defeated,
      initiative: combatant.initiative,
    };
  }

  async _onFirstRender(_context: Plain, _options: Plain): Promise<void> {}
  override async _onRender(_context: Plain, _options: Plain): Promise<void> {}

  override async render(options: Plain = {}): Promise<this> {
    const first = !this.rendered;
    const context = await this._prepareContext(options);
    const html: string[] = [];
    for (const [partId, part] of Object.entries(this._configureRenderParts(options))) {
      const template = String(part.template);
      const partContext = await this._preparePartContext(partId, { ...context }, options);
      const core = CORE_PARTS[template];
      const markup = core ? core(partContext) : render(template, partContext);
      html.push(markup.replace(/^\s*<([a-z]+)/i, `<$1 data-application-part="${partId}"`));
    }
    const classes = (this.options.classes as string[] | undefined) ?? [];
    if (first) {
      this.element = trackerDocument.createElement("section");
      this.element.id = String(this.options.id ?? "combat");
      this.element.className = classes.join(" ");
      this.#attachFrameListeners();
    }
    this.element.innerHTML = html.join("\n");
    this.rendered = true;
    if (first) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    return this;
  }

  /** Settles once everything the clicks so far started has finished. */
  async settled(): Promise<void> {
    while (this.started.length) await this.started.shift();
  }

  // Listeners on the tab's element: action clicks, and double-click and hover on a row of the list.

  #attachFrameListeners(): void {
    this.element.addEventListener("click", (event) => this.#onClickAction(event));
    this.element.addEventListener("dblclick", (event) => {
      const row = this.#row(event);
      if (row) this.started.push(this._onCombatantMouseDown(event, row));
    });
    this.element.addEventListener("pointerover", (event) => this._onCombatantHoverIn(event));
    this.element.addEventListener("pointerout", (event) => this._onCombatantHoverOut(event));
  }

  #onClickAction(event: Event): void {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
    if (!target || !this.element.contains(target)) return;
    const actions = (this.options.actions ?? {}) as Record<string, ActionHandler>;
    const handler = actions[target.dataset.action ?? ""];
    if (handler) this.started.push(Promise.resolve(handler.call(this, event, target)));
  }

  /** A combatant row of core's list: only rows inside the `.combat-tracker` element count. */
  #row(event: Event): HTMLElement | null {
    const row = (event.target as HTMLElement | null)?.closest<HTMLElement>(".combatant[data-combatant-id]");
    return row?.closest(".combat-tracker") ? row : null;
  }

  #combatantOf(target: HTMLElement): TrackedCombatant | null {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
    return this.viewed?.combatants.get(id) ?? null;
  }

  /** A click selects the token (for its owners) and pans to it; a double-click opens the actor's sheet. */
  async _onCombatantMouseDown(event: Event, target: HTMLElement): Promise<void> {
    const combatant = this.#combatantOf(target);
    if (!combatant) return;
    const user = game().user;
    if (event.type === "dblclick") {
      if (combatant.actor?.testUserPermission(user, "OBSERVER")) {
        canvasLog.push({ action: "openSheet", id: combatant.actor.id });
      }
      return;
    }
    const token = combatant.token?.object;
    if (!token?.visible) return;
    if (combatant.actor?.testUserPermission(user, "OWNER")) token.control({ releaseOthers: true });
    canvas().animatePan(token.center);
  }

  _onCombatantHoverIn(event: Event): void {
    const row = this.#row(event);
    const token = row ? this.#combatantOf(row)?.token?.object : null;
    if (token?.visible) token._onHoverIn(event, { hoverOutOthers: true });
  }

  _onCombatantHoverOut(event: Event): void {
    const row = this.#row(event);
    const token = row ? this.#combatantOf(row)?.token?.object : null;
    if (token) token._onHoverOut(event);
  }

  _onPingCombatant(combatant: TrackedCombatant): void {
    const token = combatant.token?.object;
    if (token?.visible) canvas().ping(token.center);
  }

  _onPanToCombatant(combatant: TrackedCombatant): void {
    const token = combatant.token?.object;
    if (token?.visible) canvas().animatePan(token.center);
  }

  /** Marks the combatant defeated (or not) and toggles the defeated status on its actor. */
  async _onToggleDefeatedStatus(combatant: TrackedCombatant): Promise<void> {
    const defeated = !combatant.defeated;
    await combatant.update({ defeated });
    const actor = combatant.actor as
      (FakeDocument & { toggleStatusEffect?(id: string, o: Plain): Promise<unknown> }) | null;
    const status = specialStatus().DEFEATED;
    if (actor?.toggleStatusEffect && status) {
      await actor.toggleStatusEffect(status, { overlay: true, active: defeated });
    }
  }

  static #onActivateCombatant(this: FakeCombatTracker, event: Event, target: HTMLElement) {
    return this._onCombatantMouseDown(event, target);
  }

  static #onCombatant(
    work: (tracker: FakeCombatTracker, combatant: TrackedCombatant) => unknown,
  ): ActionHandler {
    return function (this: FakeCombatTracker, _event: Event, target: HTMLElement) {
      const combatant = this.#combatantOf(target);
      return combatant ? work(this, combatant) : undefined;
    };
  }

  static #onCombat(work: (combat: TrackedCombat) => unknown): ActionHandler {
    return function (this: FakeCombatTracker) {
      const combat = this.viewed;
      return combat ? work(combat) : undefined;
    };
  }
}

/** Dispatches a user's event on an element of a rendered tracker. */
export function userEvent(target: Element, type: "click" | "dblclick" | "pointerover" | "pointerout"): void {
  const init = { bubbles: true, cancelable: true, detail: type === "dblclick" ? 2 : 1 };
  const event = type.startsWith("pointer")
    ? new window.PointerEvent(type, init)
    : new window.MouseEvent(type, init);
  target.dispatchEvent(event as unknown as Event);
}
