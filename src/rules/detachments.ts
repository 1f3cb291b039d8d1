import { strengthAfter, stepsBetween } from "./critical-damage";
import { markDead, withStatus, type ActorState, type Step } from "./death";

/*
 * RULES §7.4, detachments (S3): a group of like creatures fought as one combatant. An individual's
 * attack on a detachment is impaired unless it is blast; a detachment's own attack on individuals is
 * enhanced, and every attack a detachment makes counts as blast. Critical damage routs it; it is
 * destroyed at STR 0.
 */

/** Why an attack is impaired or enhanced by a detachment, as the dialog and the card name it. */
export type DetachmentEdgeReason = "target-detachment" | "attacker-detachment";

export interface DetachmentEdge {
  /** +1: enhanced (advantage, every direct die a d12); −1: impaired (disadvantage, every die a d4). */
  readonly advantage: 1 | -1;
  readonly reason: DetachmentEdgeReason;
}

export interface DetachmentAttack {
  readonly attackerIsDetachment: boolean;
  /** The weapon's own blast quality (a detachment's attack counts as blast whatever its weapon). */
  readonly weaponBlast: boolean;
  /** Whether each target is a detachment (a blast rolls once for all of them). */
  readonly targetsAreDetachments: readonly boolean[];
}

/** A detachment's attack counts as blast: it may strike several targets with one attack. */
export const attacksAsBlast = (attack: Pick<DetachmentAttack, "attackerIsDetachment" | "weaponBlast">) =>
  attack.weaponBlast || attack.attackerIsDetachment;

/**
 * What detachments do to one attack. S3 speaks of individuals on either side, so [decision] a
 * detachment attacking a detachment is neither impaired nor enhanced (its attack is blast, which an
 * impairment excepts, and its target is no individual). Several targets rolled at once count an
 * edge only when every target earns it, as cover and prone do.
 */
export function detachmentEdges(attack: DetachmentAttack): DetachmentEdge[] {
  const targets = attack.targetsAreDetachments;
  if (!targets.length) return [];
  if (attack.attackerIsDetachment)
    return targets.every((isDetachment) => !isDetachment)
      ? [{ advantage: 1, reason: "attacker-detachment" }]
      : [];
  if (attack.weaponBlast) return [];
  return targets.every(Boolean) ? [{ advantage: -1, reason: "target-detachment" }] : [];
}

/** The net advantage of a list of edges. */
export const netEdge = (edges: readonly DetachmentEdge[]): number =>
  edges.reduce((sum, edge) => sum + edge.advantage, 0);

/** What a blow did to a detachment's health, as the damage chain measured it. */
export interface DetachmentBlow {
  /** Direct damage (RULES §7.3): what passes zero health comes off STR. */
  readonly direct: boolean;
  readonly lethal: boolean;
  /** The attack's luck die reached the weapon's critical threshold (core rule). */
  readonly critical: boolean;
  /** Health is at zero after the blow. */
  readonly atZero: boolean;
  /** Damage beyond zero health. */
  readonly remainder: number;
}

function rout(state: ActorState, reason: "critical-damage" | "critical-hit" | "nonlethal", log: Step[]) {
  if (state.status.routed) return state;
  log.push({ kind: "routed", reason });
  return withStatus(state, { routed: true });
}

function destroy(state: ActorState, reason: "zero-health" | "zero-strength", log: Step[]) {
  log.push({ kind: "destroyed", reason });
  // A detachment has no injuries to make permanent: markDead's own steps would repeat this one.
  return markDead(state, "destroyed", []);
}

/**
 * What a blow that got through does to a detachment, in place of falling unconscious, fortifying,
 * the death rules and the STR test. Direct damage: what passes zero health comes off STR; STR 0
 * destroys it, any other loss routs it. Core rule [decision]: health at zero destroys it (a
 * nonlethal blow routs it instead), and a critical hit routs it.
 */
export function detachmentAftermath(state: ActorState, blow: DetachmentBlow, log: Step[]): ActorState {
  if (blow.direct) {
    if (blow.remainder <= 0) return state;
    const from = state.attributes.str;
    const to = strengthAfter(from, blow.remainder);
    log.push({ kind: "critical-damage", remainder: blow.remainder, from, to, steps: stepsBetween(from, to) });
    return to === 0 ? destroy(state, "zero-strength", log) : rout(state, "critical-damage", log);
  }
  if (blow.atZero) return blow.lethal ? destroy(state, "zero-health", log) : rout(state, "nonlethal", log);
  return blow.critical ? rout(state, "critical-hit", log) : state;
}
