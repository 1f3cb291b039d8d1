import type { Refusal } from "../requests";
import { statusEffect } from "../foundry/generation";
import { postTestCard, type RollMode } from "../chat/post";
import { luckPurpose, resolveWithFoundryDice } from "../dice";
import { actorData, BrinkActorData } from "../data";
import { isStatusId, STATUS_IDS, type StatusId } from "../status-effects";
import { type Attribute, type ZeroAttributeOutcome } from "../rules/characters";
import { resolveTest } from "../rules/tests";
import { rollAdjustment, testSpecFor, type RollingActorData, type TestChoice } from "./actor-rolls";
import { writes } from "../foundry/typed-writes";

export interface AttackChoice {
  attribute: Attribute;
  sneak: boolean;
  flanking: boolean;
  advantage: number;
  modifier: number;
  /** RULES §4: against one unconscious target; success kills, failure becomes a sneak attack. */
  killingStrike?: boolean;
}

/** A roll refused before anything was written: the same shape as a request's refusal. */
export type RollRefusal = Refusal;

/** Conditions that follow from the pools; shown on the token without being stored. */
const DERIVED_STATUSES = ["harmed", "bloodied"] as const;

/**
 * RULES §1: the status an attribute at 0 gives. INT or CHA at 0 leave the character unable to act,
 * which Brink shows as incapacitated. Dead is also written by the active GM (workflows/incapacity.ts).
 */
export const INCAPACITY_STATUS: Record<ZeroAttributeOutcome, StatusId> = {
  dead: "dead",
  paralysed: "paralysed",
  delirious: "delirious",
  "unable-to-act": "incapacitated",
};

/** Brink's Actor: rolls go through the rules engine and end as one chat message. */
export class BrinkActor extends Actor {
  /**
   * Harmed and bloodied are facts about the pools, and paralysed, delirious or incapacitated facts
   * about an attribute at 0, so they join the statuses as data is prepared: restoring the die clears them.
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const system = this.system;
    if (!(system instanceof BrinkActorData)) return;
    for (const status of DERIVED_STATUSES) if (system[status]) this.statuses.add(status);
    for (const outcome of system.incapacities) this.statuses.add(INCAPACITY_STATUS[outcome]);
    for (const condition of system.conditions) this.statuses.add(condition);
  }

  /**
   * Brink's conditions are system data (one actor update, revertible with the rest of a damage
   * application), so the token HUD's toggle writes them there instead of creating an effect.
   */
  override async toggleStatusEffect(
    statusId: string,
    options: { active?: boolean; overlay?: boolean } = {},
  ): Promise<ActiveEffect.Implementation | boolean | undefined> {
    if (!isStatusId(statusId) || (DERIVED_STATUSES as readonly string[]).includes(statusId)) {
      return super.toggleStatusEffect(statusId, options);
    }
    const conditions = new Set<StatusId>(actorData(this).conditions);
    const active = options.active ?? !conditions.has(statusId);
    if (active) conditions.add(statusId);
    else conditions.delete(statusId);
    // A condition toggled by hand is untimed: any timer it had (workflows/durations) goes with the toggle.
    const timers = actorData(this).timers.filter((timer) => timer.status !== statusId);
    await this.update(writes.Actor.update({ system: { conditions: [...conditions], timers } }));
    return active;
  }

  /**
   * The token draws an icon per temporary effect. Derived conditions get an unsaved effect each,
   * so harmed and bloodied show on the token at no cost of a document write.
   */
  override get temporaryEffects() {
    const effects = super.temporaryEffects;
    const shown = new Set(effects.flatMap((e) => [...e.statuses]));
    const derived = STATUS_IDS.filter((id) => this.statuses.has(id) && !shown.has(id)).flatMap((id) => {
      const config = statusEffect(id);
      if (!config) return [];
      // The dead get the token's large overlay icon, as Foundry draws for the defeated.
      const overlay = id === CONFIG.specialStatusEffects.DEFEATED ? { core: { overlay: true } } : {};
      const data = { name: game.i18n.localize(config.name), img: config.img, statuses: [id], flags: overlay };
      return [new ActiveEffect.implementation(data, { parent: this })];
    });
    return [...effects, ...derived];
  }

  /** The prepared system data, as the rolling code reads it (every Brink actor type shares it). */
  get rolling(): RollingActorData {
    return actorData(this);
  }

  /**
   * RULES §2: a test from the roll dialog's choice. Posts one card, shown per the roll mode (core's
   * setting unless the dialog picked another); refuses for non-owners.
   */
  async rollTest(
    choice: TestChoice,
    label: string,
    rollMode?: RollMode,
  ): Promise<ChatMessage.Implementation | RollRefusal | undefined> {
    if (!this.isOwner) return { ok: false, reason: "BRINK.Roll.notOwner" };
    const spec = testSpecFor(this.rolling, choice);
    const { result, rolls } = await resolveWithFoundryDice(
      (dice) => resolveTest(spec, choice.difficulty, dice),
      luckPurpose,
    );
    const { edges } = rollAdjustment(this.rolling, "test", choice.attribute, choice.skill);
    const audience = rollMode ? { rollMode, userId: game.user.id ?? "" } : undefined;
    return postTestCard(this, label, choice, result, rolls, edges, audience);
  }
}
