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

export function tokenHudBase(): new (...args: never[]) => TokenHudSurface {
  // The one cast to Brink's surface type; see the note at the top of this file.
  return foundry.applications.hud.TokenHUD as unknown as new (...args: never[]) => TokenHudSurface;
}

export function registerTokenHud(hud: new (...args: never[]) => TokenHudSurface): void {
  // Brink's HUD extends core's TokenHUD at runtime; the surface type above hides that from the compiler.
  CONFIG.Token.hudClass = hud as unknown as typeof CONFIG.Token.hudClass;
}
