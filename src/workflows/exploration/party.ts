/**
 * The party out exploring: the characters whose friendly tokens stand on the scene, each once.
 */
const FRIENDLY = 1;

export function partyOnScene(scene: Scene.Implementation): Actor.Implementation[] {
  const members = new Map<string, Actor.Implementation>();
  for (const token of scene.tokens) {
    const actor = token.actor;
    if (token.disposition !== FRIENDLY || !actor || actor.type !== "character") continue;
    if (!members.has(actor.uuid)) members.set(actor.uuid, actor);
  }
  return [...members.values()];
}
