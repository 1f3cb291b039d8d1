/**
 * RULES §7.5 (S1): torches burn for one travel turn, lanterns for three. A light source burns while
 * it is held lit (equipped) [decision]. Each travel turn takes an hour from the unit that burns; when
 * it is spent, a torch is used up (one fewer in the stack) and a lantern runs dry until refilled, and
 * either goes out (no longer held lit).
 */

export interface LightState {
  /** Hours one unit burns: 1 for a torch, 3 for a lantern. */
  readonly hours: number;
  /** Hours left on the unit burning now; null for a fresh one. */
  readonly left: number | null;
  readonly quantity: number;
  /** Held lit. */
  readonly lit: boolean;
  /** A spent unit is used up (a torch) rather than left empty (a lantern). */
  readonly consumed: boolean;
}

/** burning: still alight; burnt-out: went out this hour; dark: held lit with nothing left to burn. */
export type LightEvent = "burning" | "burnt-out" | "dark";

export interface LightBurn {
  readonly event: LightEvent;
  readonly after: LightState;
  /** Hours left on the burning unit afterwards (0 once it is out). */
  readonly hoursLeft: number;
}

export const isLightSource = (hours: number | null): hours is number => hours !== null && hours > 0;

/** Whether the source has anything left to burn. */
export function hasFuel(state: LightState): boolean {
  if (state.quantity < 1) return false;
  return state.left === null || state.left > 0;
}

/** One hour of a lit source; null when it is not lit (nothing burns). */
export function burnHour(state: LightState): LightBurn | null {
  if (!state.lit) return null;
  if (!hasFuel(state)) return { event: "dark", after: state, hoursLeft: 0 };
  const left = (state.left ?? state.hours) - 1;
  if (left > 0) return { event: "burning", after: { ...state, left }, hoursLeft: left };
  const after: LightState = state.consumed
    ? { ...state, left: null, quantity: state.quantity - 1, lit: false }
    : { ...state, left: 0, lit: false };
  return { event: "burnt-out", after, hoursLeft: 0 };
}

/** Why a light source cannot be refilled: it is no refillable lantern, or it is already full. */
export type RefillBlock = "not-refillable" | "full";

/**
 * A lantern (a light source whose spent unit runs dry rather than being used up) takes a flask of
 * oil to burn again for its full hours [S1: a flask keeps a lantern lit for three hours]; one that
 * has never burnt (left null) is full.
 */
export function refillBlock(light: {
  hours: number | null;
  left: number | null;
  consumed: boolean;
}): RefillBlock | null {
  if (!isLightSource(light.hours) || light.consumed) return "not-refillable";
  return light.left === null || light.left >= light.hours ? "full" : null;
}
