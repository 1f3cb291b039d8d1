/**
 * The dice source every rule takes as a parameter. In play it is backed by Foundry's Roll results;
 * in tests and the simulator by a seeded generator or a fixed list of faces.
 */
export interface DiceSource {
  /** One die of the given number of faces: an integer from 1 to `faces`. */
  roll(faces: number): number;
}

export const DIE_SIZES = [4, 6, 8, 10, 12] as const;
export type DieSize = (typeof DIE_SIZES)[number];
/** A rating that may also be "no die": an untrained skill, or an attribute stepped below d4. */
export type DieRating = DieSize | 0;

export function isDieRating(value: unknown): value is DieRating {
  return value === 0 || (DIE_SIZES as readonly unknown[]).includes(value);
}

/** mulberry32: small, fast and good enough for reproducible simulations. */
export function seededDice(seed: number): DiceSource {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { roll: (faces) => 1 + Math.floor(next() * faces) };
}

/**
 * Faces handed out in order, for worked examples. Throws when a rule asks for more dice than the
 * test supplied or a face does not fit the die, so a scenario cannot pass by accident.
 */
export function fixedDice(faces: readonly number[]): DiceSource & { remaining(): number } {
  let index = 0;
  return {
    roll(size) {
      const face = faces[index];
      if (face === undefined) throw new Error(`fixedDice: no face left for a d${size} (used ${index})`);
      if (face < 1 || face > size) throw new Error(`fixedDice: face ${face} does not fit a d${size}`);
      index += 1;
      return face;
    },
    remaining: () => faces.length - index,
  };
}
