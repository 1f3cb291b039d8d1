/**
 * RULES §7.4 at the table: which actors fight as detachments, and what that does to an attack.
 * With the world's Detachments rule off, no actor is one, whatever its data says.
 */
import { actorData } from "../../data";
import { attacksAsBlast, detachmentEdges, type DetachmentEdge } from "../../rules/detachments";
import type { Edge } from "../../rules/modifiers";
import { optionalRules } from "../../settings";

/** The lang key naming each reason, as the attack dialog and the card show it. */
export const DETACHMENT_EDGE_LABEL = {
  "target-detachment": "BRINK.Detachment.Edge.target-detachment",
  "attacker-detachment": "BRINK.Detachment.Edge.attacker-detachment",
} as const satisfies Record<DetachmentEdge["reason"], `BRINK.${string}`>;

/** An NPC marked as a detachment, while the world plays with detachments. */
export function isDetachment(actor: Actor.Implementation): boolean {
  if (actor.type !== "npc" || !optionalRules().detachments) return false;
  return actorData(actor).detachment.enabled;
}

/** What detachments do to one attack by `attacker` with a weapon (blast or not) on `targets`. */
export function detachmentEdgesFor(
  attacker: Actor.Implementation,
  weaponBlast: boolean,
  targets: readonly Actor.Implementation[],
): DetachmentEdge[] {
  return detachmentEdges({
    attackerIsDetachment: isDetachment(attacker),
    weaponBlast,
    targetsAreDetachments: targets.map(isDetachment),
  });
}

/** The attack counts as blast: its weapon is, or a detachment makes it. */
export const attacksWithBlast = (attacker: Actor.Implementation, weaponBlast: boolean): boolean =>
  attacksAsBlast({ attackerIsDetachment: isDetachment(attacker), weaponBlast });

/** The edges named as a card and a dialog name any advantage's source. */
export const namedEdges = (edges: readonly DetachmentEdge[]): Edge[] =>
  edges.map((edge) => ({
    label: game.i18n.localize(DETACHMENT_EDGE_LABEL[edge.reason]),
    advantage: edge.advantage,
  }));
