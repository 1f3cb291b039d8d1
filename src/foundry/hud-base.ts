/**
 * The surface of v13's TokenHUD that Brink extends, typed once at this boundary: the status palette
 * (`_getStatusEffectChoices`) and the HUD's actor are public in v13 and overridden by systems such
 * as Daggerheart, but the pinned types do not declare them.
 */
export interface StatusChoice {
  id: string;
  isActive: boolean;
  isOverlay: boolean;
  cssClass: string;
}

export interface TokenHudSurface {
  readonly actor: Actor.Implementation | null;
  _getStatusEffectChoices(): Record<string, StatusChoice>;
}

type CoreTokenHud = typeof foundry.applications.hud.TokenHUD;

/** Core's TokenHUD class (its statics and constructor) whose instances also have the surface above. */
export type TokenHudClass = Pick<CoreTokenHud, keyof CoreTokenHud> &
  (new (...args: ConstructorParameters<CoreTokenHud>) => InstanceType<CoreTokenHud> & TokenHudSurface);

export function tokenHudBase(): TokenHudClass {
  // The one cast: core's TokenHUD, plus the two v13 members the pinned types do not declare.
  return foundry.applications.hud.TokenHUD as TokenHudClass;
}

export function registerTokenHud(hud: TokenHudClass): void {
  CONFIG.Token.hudClass = hud;
}
