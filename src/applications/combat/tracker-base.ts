/**
 * The surface of Foundry's sidebar CombatTracker that Brink's tracker uses, typed here once, in the
 * same way as the sheet bases in foundry/application-base.ts: the class is cast to this surface at
 * this single boundary. The fake (test/fake-foundry/combat.ts) implements the same surface.
 */
import type { ApplicationClass, ApplicationSurface, RenderContext } from "../../foundry/application-base";

export interface CombatTrackerSurface extends ApplicationSurface {
  /** The combat the tracker shows. */
  readonly viewed: Combat.Implementation | null;
  _onFirstRender(context: RenderContext, options: unknown): Promise<void>;
}

export function combatTrackerBase(): ApplicationClass<CombatTrackerSurface> {
  // The one cast to Brink's surface type; see the note at the top of this file.
  return foundry.applications.sidebar.tabs.CombatTracker as unknown as ApplicationClass<CombatTrackerSurface>;
}
