import type { BrinkActor } from "../../documents/actor";
import { ATTRIBUTES, SKILLS, type Attribute, type Skill } from "../../rules/characters";
import { promptAttack, promptTest } from "../rolls/flows";
import { promptRest } from "../rest";
import { promptOpposedTest } from "../rolls/opposed-flow";
import { deathSave, promptHeal, promptStabilise } from "../rolls/life-flows";
import { lifeAction } from "../../workflows/life";
import { actorSheetContext, type EffectChange } from "./actor-context";
import { actorData } from "../../data";

import { actorSheetBase, type ApplicationOptions } from "../../foundry/application-base";
import { withValidatedSubmit } from "./submit";
import { PANEL_ACTIONS, sheetPanelView } from "../actions/panel";

export const SHEET_MODES = { PLAY: 1, EDIT: 2 } as const;

/**
 * The one base class for Brink's actor sheets: play mode for rolling, edit mode for changing;
 * shared actions; context computed by actorSheetContext.
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
      opposedTest: async function (this: BrinkActorSheet, event: PointerEvent) {
        await promptOpposedTest(this.brinkActor, {}, { event });
      },
      rest: async function (this: BrinkActorSheet) {
        await promptRest(this.actor);
      },
      heal: BrinkActorSheet.#onHeal,
      deathSave: BrinkActorSheet.#onDeathSave,
      stabilise: BrinkActorSheet.#onStabilise,
      resurrect: BrinkActorSheet.#onResurrect,
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

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const changes: EffectChange[] = [];
    for (const effect of this.actor.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const change of effect.changes)
        changes.push({ source: effect.name, key: change.key, value: String(change.value) });
    }
    const { details } = actorData(this.actor);
    const enrich = (html: string) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
        secrets: this.actor.isOwner,
        relativeTo: this.actor,
      });
    const enriched = { biography: await enrich(details.biography), notes: await enrich(details.notes) };
    return Object.assign(context, {
      enriched,
      actor: this.actor,
      system: this.actor.system,
      isPlay: !this.isEditMode,
      isEdit: this.isEditMode,
      isGM: game.user.isGM,
      editable: this.isEditable,
      actionsPanel: sheetPanelView(this.actor),
      ...actorSheetContext(this.actor, changes),
    });
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
    await item.update({ "system.equipped": !system.equipped } as Item.UpdateData);
  }

  static async #onPickUp(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = this.#itemFrom(target);
    if (item) await item.update({ "system.dropped": false } as Item.UpdateData);
  }

  /** Clicking the pip that is the current value empties it; any other pip sets the value to it. */
  static async #onSetPool(this: BrinkActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const { pool, value } = target.dataset;
    if (!pool || value === undefined) return;
    const current = Number(foundry.utils.getProperty(this.actor, `system.${pool}.value`));
    const next = Number(value) === current ? current - 1 : Number(value);
    await this.actor.update({ [`system.${pool}.value`]: next } as Actor.UpdateData);
  }
}
