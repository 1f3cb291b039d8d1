/**
 * The world's count of travel turns (RULES §7.5): how long the party has been out. Kept in a hidden
 * world setting, so it survives reloads and every GM sees the same count; written only by the
 * GM's client (travel turns, their reverts, the GM's reset).
 */
import { SYSTEM_ID } from "../../constants";

/** A count no table ever needs more of; it keeps a typo from storing a huge number. */
export const MAX_TRAVEL_TURNS = 999;

export function registerTravelCount(): void {
  game.settings.register(SYSTEM_ID, "travelTurns", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

export function travelTurns(): number {
  const value: unknown = game.settings.get(SYSTEM_ID, "travelTurns");
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0;
}

export async function setTravelTurns(count: number): Promise<void> {
  await game.settings.set(SYSTEM_ID, "travelTurns", Math.min(MAX_TRAVEL_TURNS, Math.max(0, count)));
}
