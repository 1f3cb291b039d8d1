import type { BrinkActor } from "../../documents/actor";
import { ATTRIBUTES, SKILLS, type Attribute, type Skill } from "../../rules/characters";
import { promptAttack, promptTest, promptUnarmed } from "../rolls/flows";
import { promptRest } from "../rest";
import { promptOpposedTest } from "../rolls/opposed-flow";
import { deathSave, promptDamageByHand, promptHeal, promptStabilise } from "../rolls/life-flows";
import { lifeAction } from "../../workflows/life";
import {
  TYPED_POOLS,
  consequencesContext,
  headerContext,
  ratingsContext,
  statsContext,
  type EffectChange,
} from "./actor-context";
import { resolveTypedPools } from "./pool-input";
import { POOL_PARTS, changesOnlyPools } from "./render-parts";
import { actorData } from "../../data";

import {
  actorSheetBase,
  type ApplicationOptions,
  type RenderContext,
  type RenderOptions,
  type SubmittedForm,
} from "../../foundry/application-base";
import { withValidatedSubmit } from "./submit";
import { PANEL_ACTIONS, sheetPanelView } from "../actions/panel";
import { bindTabKeys } from "./tab-keys";
import { bindButtonKeys } from "./button-keys";
import { effectChangesOf } from "../../foundry/generation";
import { bindToolbarKeys } from "../actions/toolbar-keys";
import { showQuickStart } from "./quick-start";
import { writes } from "../../foundry/typed-writes";

export const SHEET_MODES = { PLAY: 1, EDIT: 2 } as const;

/**
 * The one base class for Brink's actor sheets: play mode for rolling, edit mode for changing;
 * shared actions; context prepared per part from actor-context.
 */
export class BrinkActorSheet extends withValidatedSubmit(actorSheetBase(), (actor) => actor.system.schema) {
  static override DEFAULT_OPTIONS: ApplicationOptions = {
    classes: ["brink", "sheet", "actor"],
    position: { width: 760, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: BrinkActorSheet.#onToggleMode,
      editItem: BrinkActorSheet.#onEditItem,
      deleteItem: BrinkActorSheet.#onDeleteItem,
      toggleEquipped: BrinkActorSheet.#onToggleEquipped,
      pickUp: BrinkActorSheet.#onPickUp,
      setPool: BrinkActorSheet.#onSetPool,
      rollAttribute: BrinkActorSheet.#onRollAttribute,
      rollSkill: BrinkActorSheet.#onRollSkill,
      rollWeapon: BrinkActorSheet.#onRollWeapon,
      rollUnarmed: async function (this: BrinkActorSheet, event: PointerEvent) {
        await promptUnarmed(this.brinkActor, { event });
      },
      opposedTest: async function (this: BrinkActorSheet, event: PointerEvent) {
        await promptOpposedTest(this.brinkActor, {}, { event });
      },
      rest: async function (this: BrinkActorSheet) {
        await promptRest(this.actor);
      },
      quickStart: showQuickStart,
      heal: BrinkActorSheet.#onHeal,
      applyDamage: async function (this: BrinkActorSheet) {
        await promptDamageByHand(this.brinkActor);
      },
      deathSave: BrinkActorSheet.#onDeathSave,
      stabilise: BrinkActorSheet.#onStabilise,
      resurrect: BrinkActorSheet.#onResurrect,
      deathLuck: BrinkActorSheet.#onDeathLuck,
      ...PANEL_ACTIONS,
    },
  };

  mode: number = SHEET_MODES.PLAY;

  get isEditMode(): boolean {
    return this.mode === SHEET_MODES.EDIT;
  }

  get actor(): Actor.Implementation {
    return this.document;
  }

  /**
   * A change to the pools alone (a pip clicked, endurance typed, damage applied) redraws only the
   * parts that show them; any other change redraws the whole sheet.
   */
  override _configureRenderOptions(options: RenderOptions): void {
    super._configureRenderOptions(options);
    if (options.isFirstRender || options.renderContext !== "updateActor") return;
    if (changesOnlyPools(options.renderData))
      options.parts = options.parts?.filter((id) => POOL_PARTS.has(id));
  }

  #keysBoundTo: HTMLElement | null = null;

  override async _onRender(context: RenderContext, options: unknown): Promise<void> {
    await super._onRender(context, options);
    if (this.#keysBoundTo === this.element) return;
    this.#keysBoundTo = this.element;
    bindTabKeys(this.element, (tab, group) => this.changeTab(tab, group));
    bindButtonKeys(this.element);
    bindToolbarKeys(this.element);
  }

  /** What every part shares; each part adds its own in _preparePartContext. */
  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    return Object.assign(context, {
      actor: this.actor,
      system: this.actor.system,
      source: this.actor._source,
      isPlay: !this.isEditMode,
      isEdit: this.isEditMode,
      isGM: game.user.isGM,
      editable: this.isEditable,
      isNpc: this.actor.type === "npc",
    });
  }

  /**
   * Each part prepares only what its template shows, so a render of some parts (a pool changed:
   * the header) computes nothing for the others.
   */
  override async _preparePartContext(partId: string, context: RenderContext, options: unknown) {
    const partContext = await super._preparePartContext(partId, context, options);
    return Object.assign(partContext, await this._partData(partId));
  }

  /** The data one part shows, by part id; parts a subclass adds are its own to fill. */
  protected async _partData(partId: string): Promise<RenderContext> {
    switch (partId) {
      case "header":
        return headerContext(this.actor);
      case "actions":
        return { actionsPanel: sheetPanelView(this.actor) };
      case "character": {
        const changes = this.#effectChanges();
        return { ...ratingsContext(this.actor, changes), ...statsContext(this.actor, changes) };
      }
      case "consequences":
        return consequencesContext(this.actor);
      case "biography":
        return {
          enriched: { biography: await this.#enrich("biography"), notes: await this.#enrich("notes") },
        };
      case "npc": {
        const changes = this.#effectChanges();
        // The NPC's items and notes are the Inventory and Notes tabs' own parts.
        return { ...ratingsContext(this.actor, changes), ...statsContext(this.actor, changes) };
      }
      default:
        return {};
    }
  }

  /** Every change the actor's active effects make, named by their source, for the tooltips. */
  #effectChanges(): EffectChange[] {
    const changes: EffectChange[] = [];
    for (const effect of this.actor.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const change of effectChangesOf(effect._source))
        changes.push({ source: effect.name, key: change.key, value: change.value });
    }
    return changes;
  }

  #enrich(field: "biography" | "notes"): Promise<string> {
    return foundry.applications.ux.TextEditor.implementation.enrichHTML(
      actorData(this.actor).details[field],
      {
        secrets: this.actor.isOwner,
        relativeTo: this.actor,
      },
    );
  }

  /**
   * Endurance and health typed in play mode ("−3", "+2", "7") become the value they mean before the
   * update is validated; text that means nothing is refused with a warning and not written.
   */
  override _processFormData(event: Event | null, form: HTMLFormElement, formData: SubmittedForm) {
    const data = super._processFormData(event, form, formData);
    const { _source } = actorData(this.actor);
    const refused = resolveTypedPools(data, TYPED_POOLS, (pool) =>
      Number(foundry.utils.getProperty(_source, `${pool}.value`)),
    );
    for (const pool of refused)
      ui.notifications.warn(
        game.i18n.format("BRINK.Sheet.Pool.refused", {
          pool: game.i18n.localize(`BRINK.Actor.base.FIELDS.${pool}.label`),
        }),
      );
    return data;
  }

  /** The sheet's actor is always a Brink actor (registered for Brink's actor types only). */
  get brinkActor(): BrinkActor {
    return this.actor;
  }

  // Roll clicks pass their event on: a held Skip dialog key skips (or shows) the dialog for this roll.
  static async #onRollAttribute(this: BrinkActorSheet, event: Event, target: HTMLElement): Promise<void> {
    const key = target.dataset.key;
    if ((ATTRIBUTES as readonly string[]).includes(key ?? ""))
      await promptTest(this.brinkActor, { attribute: key as Attribute }, { event });
  }

  static async #onRollSkill(this: BrinkActorSheet, event: Event, target: HTMLElement): Promise<void> {
    const key = target.dataset.key;
    if ((SKILLS as readonly string[]).includes(key ?? ""))
      await promptTest(this.brinkActor, { skill: key as Skill }, { event });
  }

  static async #onRollWeapon(this: BrinkActorSheet, event: Event, target: HTMLElement): Promise<void> {
    const item = this.#itemFrom(target);
    if (item) await promptAttack(this.brinkActor, item, { event });
  }

  static async #onHeal(this: BrinkActorSheet): Promise<void> {
    await promptHeal(this.brinkActor);
  }

  static async #onDeathSave(this: BrinkActorSheet): Promise<void> {
    await deathSave(this.brinkActor);
  }

  static async #onStabilise(this: BrinkActorSheet, event: Event): Promise<void> {
    await promptStabilise(this.brinkActor, { event });
  }

  static async #onResurrect(this: BrinkActorSheet): Promise<void> {
    await lifeAction(this.brinkActor, { kind: "resurrect" });
  }

  static async #onDeathLuck(this: BrinkActorSheet): Promise<void> {
    await lifeAction(this.brinkActor, { kind: "death-luck" });
  }

  static async #onToggleMode(this: BrinkActorSheet): Promise<void> {
    this.mode = this.isEditMode ? SHEET_MODES.PLAY : SHEET_MODES.EDIT;
    await this.render();
  }

  #itemFrom(target: HTMLElement): Item.Implementation | undefined {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    return id ? this.actor.items.get(id) : undefined;
  }

  static async #onEditItem(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await this.#itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await this.#itemFrom(target)?.deleteDialog();
  }

  static async #onToggleEquipped(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = this.#itemFrom(target);
    const system = item?.system as { equipped?: boolean; dropped?: boolean } | undefined;
    if (!item || system?.equipped === undefined || system.dropped) return;
    await item.update(writes.Item.update({ "system.equipped": !system.equipped }));
  }

  static async #onPickUp(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = this.#itemFrom(target);
    if (item) await item.update(writes.Item.update({ "system.dropped": false }));
  }

  /** Clicking the pip that is the current value empties it; any other pip sets the value to it. */
  static async #onSetPool(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const { pool, value } = target.dataset;
    if (!pool || value === undefined) return;
    const current = Number(foundry.utils.getProperty(this.actor, `system.${pool}.value`));
    const next = Number(value) === current ? current - 1 : Number(value);
    await this.actor.update(writes.Actor.update({ [`system.${pool}.value`]: next }));
  }
}
