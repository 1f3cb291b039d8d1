/**
 * What a changed rule shows at once: the combat tracker and every open actor sheet render again
 * (the tracker offers retreat and morale by the rules; sheets show strain and morale by them), and
 * the scene controls are prepared anew, since core keeps the tools it prepared (a rule such as
 * detachments adds a tool) until a render asks it to reset.
 */
export function refreshRuleViews(): void {
  void ui.combat?.render();
  void ui.controls?.render({ reset: true });
  for (const application of foundry.applications.instances.values()) {
    // Open applications are ApplicationV2 of any kind; only those showing an actor depend on the rules.
    const shown = (application as { document?: unknown }).document;
    if (shown instanceof Actor) void application.render();
  }
}
