/**
 * How long an Active Effect has left, worked out from the start core stores with it: a duration in
 * seconds runs on the world clock from its start time; one in rounds from the round it started in,
 * in the combat it started in. Without a recorded start (or in another combat, or none) the whole
 * given duration is left. Turns are shown as given: Brink's team turns replace core's turn order,
 * so core's turn counting does not apply.
 */

/** An Active Effect's stored `duration` (core's schema; each field null when unset). */
export interface EffectDurationSource {
  startTime: number | null;
  seconds: number | null;
  combat: string | null;
  rounds: number | null;
  turns: number | null;
  startRound: number | null;
}

/** Where the game is: the world clock, and the combat being fought (null: none). */
export interface GameNow {
  worldTime: number;
  combat: { id: string; round: number } | null;
}

export type EffectTimeLeft = { unit: "rounds" | "turns" | "seconds"; count: number } | null;

function roundsLeft(duration: EffectDurationSource, rounds: number, now: GameNow): number {
  const { startRound, combat } = duration;
  const sameFight = now.combat !== null && (combat === null || combat === now.combat.id);
  if (startRound === null || !sameFight || !now.combat) return rounds;
  return Math.max(0, startRound + rounds - now.combat.round);
}

/** What is left of the effect's duration; null when it lasts until removed. */
export function effectTimeLeft(duration: EffectDurationSource, now: GameNow): EffectTimeLeft {
  const { rounds, turns, seconds, startTime } = duration;
  if (rounds) return { unit: "rounds", count: roundsLeft(duration, rounds, now) };
  if (turns) return { unit: "turns", count: turns };
  if (seconds) {
    const left = startTime === null ? seconds : Math.max(0, startTime + seconds - now.worldTime);
    return { unit: "seconds", count: left };
  }
  return null;
}
