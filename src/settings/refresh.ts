/**
 * What a changed rule shows at once: the combat tracker and every open actor sheet render again
 * (the tracker offers retreat and morale by the rules; sheets show strain and morale by them).
 */
export function refreshRuleViews(): void {
  void ui.combat?.render();
  for (const application of foundry.applications.instances.values()) {
    // Open applications are ApplicationV2 of any kind; only those showing an actor depend on the rules.
    const shown = (application as { document?: unknown }).document;
    if (shown instanceof Actor) void application.render();
  }
}
