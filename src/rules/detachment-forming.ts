/**
 * RULES §7.4 (S3): forming a detachment from several like NPCs, and the pools it starts with.
 *
 * [decision] Members are of one kind when their tokens were placed from the same world actor
 * (the token's actor id, linked or not), as morale groups NPCs. At least two are needed; none may be
 * a character, a detachment already, dead, or in a combat (a fight's turns and teams are not
 * rewritten under it). The detachment's endurance and health are the members' summed: values and
 * maxima, so wounded members make a wounded detachment.
 */

/** One token the GM would fold into the detachment, as the rules need to see it. */
export interface FormationCandidate {
  name: string;
  /** The world actor the token was placed from; null when it has none. */
  kindId: string | null;
  isNpc: boolean;
  isDetachment: boolean;
  dead: boolean;
  inCombat: boolean;
  endurance: Pool;
  health: Pool;
}

export interface Pool {
  value: number;
  max: number;
}

export const MIN_MEMBERS = 2;

/** Why these tokens cannot be formed; `name` is the first member at fault. */
export type FormationRefusal =
  | { reason: "tooFew" }
  | { reason: "noActor" | "notNpc" | "alreadyDetachment" | "dead" | "inCombat"; name: string }
  | { reason: "mixedKinds" };

const MEMBER_CHECKS: [
  Exclude<FormationRefusal["reason"], "tooFew" | "mixedKinds">,
  (c: FormationCandidate) => boolean,
][] = [
  ["noActor", (candidate) => candidate.kindId === null],
  ["notNpc", (candidate) => !candidate.isNpc],
  ["alreadyDetachment", (candidate) => candidate.isDetachment],
  ["dead", (candidate) => candidate.dead],
  ["inCombat", (candidate) => candidate.inCombat],
];

/** The first reason these candidates cannot be formed, or null when they can. */
export function formationRefusal(candidates: readonly FormationCandidate[]): FormationRefusal | null {
  if (candidates.length < MIN_MEMBERS) return { reason: "tooFew" };
  for (const [reason, fails] of MEMBER_CHECKS) {
    const culprit = candidates.find(fails);
    if (culprit) return { reason, name: culprit.name };
  }
  const kinds = new Set(candidates.map((candidate) => candidate.kindId));
  return kinds.size > 1 ? { reason: "mixedKinds" } : null;
}

const sum = (pools: readonly Pool[]): Pool => ({
  value: pools.reduce((total, pool) => total + pool.value, 0),
  max: pools.reduce((total, pool) => total + pool.max, 0),
});

/** The detachment's endurance and health: the members' summed. */
export function pooledTracks(candidates: readonly FormationCandidate[]): { endurance: Pool; health: Pool } {
  return {
    endurance: sum(candidates.map((candidate) => candidate.endurance)),
    health: sum(candidates.map((candidate) => candidate.health)),
  };
}

/** Where the detachment's token stands: the members' average top-left corner, in pixels. */
export function centreOf(places: readonly { x: number; y: number }[]): { x: number; y: number } {
  const count = Math.max(places.length, 1);
  return {
    x: Math.round(places.reduce((total, place) => total + place.x, 0) / count),
    y: Math.round(places.reduce((total, place) => total + place.y, 0) / count),
  };
}
