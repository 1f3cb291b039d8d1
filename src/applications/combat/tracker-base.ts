/**
 * Foundry's sidebar CombatTracker, which Brink's tracker extends. fvtt-types types it fully, so
 * Brink's tracker is core's class to the compiler as it is at runtime; the test fake implements the
 * members Brink uses.
 */
export function combatTrackerBase() {
  return foundry.applications.sidebar.tabs.CombatTracker;
}
