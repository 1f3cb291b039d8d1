/**
 * RULES §7.5 (S1): a travel turn is about an hour of adventuring. The GM rolls a d20 on the travel
 * turn table for each one: with advantage when the party moves carefully, with disadvantage when it
 * hurries. High is good for the party.
 */
import type { DiceSource } from "../dice";

export const TRAVEL_APPROACHES = ["steady", "cautious", "hasty"] as const;
export type TravelApproach = (typeof TRAVEL_APPROACHES)[number];

export const TRAVEL_DIE = 20;

export interface TravelRoll {
  readonly approach: TravelApproach;
  /** Every d20 rolled, in order. */
  readonly faces: readonly number[];
  /** The face that is read on the table: the higher under caution, the lower under haste. */
  readonly face: number;
}

export function rollTravelTurn(approach: TravelApproach, dice: DiceSource): TravelRoll {
  const count = approach === "steady" ? 1 : 2;
  const faces = Array.from({ length: count }, () => dice.roll(TRAVEL_DIE));
  const face = approach === "hasty" ? Math.min(...faces) : Math.max(...faces);
  return { approach, faces, face };
}

/** The index of the range a face falls in (ranges are inclusive [low, high]), or -1. */
export function rangeIndexFor(face: number, ranges: readonly (readonly [number, number])[]): number {
  return ranges.findIndex(([low, high]) => face >= low && face <= high);
}
