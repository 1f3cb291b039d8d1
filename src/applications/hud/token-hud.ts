/**
 * Core's token HUD marks a status active only when one of the actor's own effects carries it.
 * Brink keeps its conditions in `system.conditions` (one write with the rest of a damage step), so
 * the palette also reads the actor's prepared statuses; a click then toggles the right way.
 */
import { tokenHudBase, type StatusChoice } from "../../foundry/hud-base";
import { LIGHT_LEVELS } from "../../rules/light";
import { optionalRules } from "../../settings";

export function markActiveStatuses(
  choices: Record<string, StatusChoice>,
  statuses: ReadonlySet<string>,
): void {
  for (const [id, choice] of Object.entries(choices)) {
    if (choice.isActive || !statuses.has(id)) continue;
    choice.isActive = true;
    choice.cssClass = choice.isOverlay ? "active overlay" : "active";
  }
}

/** With light levels off (S1, RULES §7.5) their conditions are not offered. */
export function withoutLightLevels(choices: Record<string, StatusChoice>): void {
  for (const level of LIGHT_LEVELS) delete choices[level];
}

export class BrinkTokenHUD extends tokenHudBase() {
  override _getStatusEffectChoices(): Record<string, StatusChoice> {
    const choices = super._getStatusEffectChoices();
    if (!optionalRules().lightLevels) withoutLightLevels(choices);
    markActiveStatuses(choices, this.actor?.statuses ?? new Set());
    return choices;
  }
}
