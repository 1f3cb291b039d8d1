/**
 * The token HUD's status palette as core draws and toggles it: one choice per HUD-enabled entry of
 * CONFIG.statusEffects, marked active only when one of the actor's own effects carries the status
 * (the effect with the status's fixed `_id`, when it has one). A click asks the actor to toggle the
 * status to the opposite of what the palette shows. Systems that keep statuses elsewhere override
 * `_getStatusEffectChoices` in a subclass set as CONFIG.Token.hudClass.
 */
import type { FakeActiveEffect, FakeActor } from "./documents";
import { generation } from "./generation";

export interface StatusChoice {
  _id?: string;
  id: string;
  title: string;
  src: string;
  isActive: boolean;
  isOverlay: boolean;
  cssClass: string;
}

interface StatusConfig {
  id: string;
  _id?: string;
  name: string;
  img: string;
  hud?: boolean | { actorTypes?: string[] };
}

interface HudToken {
  actor: unknown;
}

/** v13 lists the entries in an array; v14 keys them by id (API v14 `CONFIG.statusEffects`). */
export const statusConfigs = (): StatusConfig[] => {
  const configured = (globalThis as unknown as { CONFIG: { statusEffects: unknown } }).CONFIG.statusEffects;
  return generation === 14
    ? Object.values(configured as Record<string, StatusConfig>)
    : (configured as StatusConfig[]);
};

function shownOnHud(status: StatusConfig, actorType: string): boolean {
  if (status.hud === false) return false;
  if (typeof status.hud === "object") return status.hud.actorTypes?.includes(actorType) ?? true;
  return true;
}

export class FakeTokenHUD {
  object: HudToken | null = null;

  bind(token: HudToken): this {
    this.object = token;
    return this;
  }

  get actor(): FakeActor | null {
    return (this.object?.actor as FakeActor | undefined) ?? null;
  }

  _getStatusEffectChoices(): Record<string, StatusChoice> {
    const actor = this.actor;
    const choices: Record<string, StatusChoice> = {};
    for (const status of statusConfigs()) {
      if (!shownOnHud(status, actor?.type ?? "")) continue;
      choices[status.id] = {
        _id: status._id,
        id: status.id,
        title: status.name,
        src: status.img,
        isActive: false,
        isOverlay: false,
        cssClass: "",
      };
    }
    for (const effect of actor?.effects ?? []) markActive(choices, effect as FakeActiveEffect);
    return choices;
  }

  /** A left click (or a right click, for the overlay) on a status in the palette. */
  async clickStatus(statusId: string, { overlay = false } = {}): Promise<void> {
    const choice = this._getStatusEffectChoices()[statusId];
    if (!choice) throw new Error(`${statusId} is not on the token HUD`);
    await this.actor?.toggleStatusEffect(statusId, { active: !choice.isActive, overlay });
  }
}

function markActive(choices: Record<string, StatusChoice>, effect: FakeActiveEffect): void {
  for (const statusId of effect.statuses) {
    const choice = choices[statusId];
    if (!choice) continue;
    if (choice._id ? choice._id !== effect.id : effect.statuses.size !== 1) continue;
    const overlay = Boolean(effect.getFlag("core", "overlay"));
    Object.assign(choice, {
      isActive: true,
      isOverlay: overlay,
      cssClass: overlay ? "active overlay" : "active",
    });
    return;
  }
}
