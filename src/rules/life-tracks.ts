import type { Attribute } from "./characters";

/*
 * The shapes the death rules keep on a character: the S2 dying countdown and its injuries, the S1
 * downed deadline and its injury results. They sit below death.ts, dying.ts and stabilise.ts, so
 * the shared life state can name them without those modules importing each other.
 */

export interface DyingTrack {
  /** Own turns finished while dying; death comes at the end of the 10th. */
  turnsTaken: number;
  successes: number;
  failures: number;
  /** One death save per turn. */
  savedThisTurn: boolean;
  /** Combat round of the last ally's attempt to stabilise: one ally per round. */
  lastStabiliseRound: number | null;
}

export interface DownedTrack {
  /** Round ends since falling; the round of the fall counts as the first. */
  roundsElapsed: number;
  fightOver: boolean;
  /** Out of combat: the six seconds of the last ally's failed attempt to stabilise (one per six seconds). */
  lastAttemptRound?: number | null;
}

/** RULES §7.3: a critically wounded character's hour, in six-second rounds, and the last ally's try. */
export interface CriticalTrack {
  roundsElapsed: number;
  lastAttemptRound: number | null;
}

export const SAVE_KINDS = ["toxins", "transformation", "devices", "breath", "spells", "every-kind"] as const;
export type SaveKind = (typeof SAVE_KINDS)[number];

export const ARM_SIDES = ["left", "right"] as const;
export type ArmSide = (typeof ARM_SIDES)[number];

export type S2InjuryDetail = SaveKind | Attribute | ArmSide | null;

export const S2_INJURY_KEYS = [
  "unsteady-aim",
  "weakened-blows",
  "ill-fitting-armour",
  "shaken-resolve",
  "broken-concentration",
  "impaired-skills",
  "drained-focus",
  "lost-vitality",
  "off-putting",
  "shows-weakness",
  "hobbled",
  "useless-arm",
] as const;
export type S2InjuryKey = (typeof S2_INJURY_KEYS)[number];

export interface S2Injury {
  key: S2InjuryKey;
  detail: S2InjuryDetail;
  permanent: boolean;
}

export type S1InjuryResult =
  | { kind: "dead" }
  | { kind: "lose-step"; attribute: Attribute }
  | { kind: "lose-body-part" }
  | { kind: "disadvantage-until-rest" }
  | { kind: "heal"; die: number };
