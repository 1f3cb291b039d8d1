/**
 * What the GM's Odds section keeps on a combat so a reload loses nothing: the policy picked for
 * that fight (flags.brink.oddsPolicy) and the party's chance after each state shown, the swing
 * (flags.brink.oddsSwing). Only a GM writes them; a combat without them (made before they existed)
 * reads as the session's policy and an empty swing. Two flags, so a policy pick and a swing point
 * written at once never overwrite each other.
 */
import type { BrinkCombat } from "../../documents/combat";
import { isOneOf } from "../../rules/choices";
import { fnv1a } from "../../rules/fingerprint";
import { FOE_POLICIES, PARTY_POLICIES, type SimulationPolicy } from "../../rules/simulation";

export const POLICY_FLAG = "oddsPolicy";
export const SWING_FLAG = "oddsSwing";
/** A long fight's swing keeps its latest points; the sparkline has no room for more. */
export const SWING_LIMIT = 100;

export interface OddsSwing {
  /** A short fingerprint of the last state recorded, so one state is recorded once. */
  readonly last: string;
  /** The party's chance to win, 0–1, one point per state. */
  readonly values: readonly number[];
}

/** Any combat document: the flags are core's, read the same on every combat. */
type FlaggedCombat = Pick<Combat.Implementation, "getFlag">;

const EMPTY_SWING: OddsSwing = { last: "", values: [] };

/** The stored policy, or null when the combat has none (or a malformed one). */
export function storedPolicy(combat: FlaggedCombat): SimulationPolicy | null {
  const stored: unknown = combat.getFlag("brink", POLICY_FLAG);
  if (typeof stored !== "object" || stored === null) return null;
  const foes: unknown = Reflect.get(stored, "foes");
  const party: unknown = Reflect.get(stored, "party");
  return isOneOf(FOE_POLICIES, foes) && isOneOf(PARTY_POLICIES, party) ? { foes, party } : null;
}

export function storedSwing(combat: FlaggedCombat): OddsSwing {
  const stored: unknown = combat.getFlag("brink", SWING_FLAG);
  if (typeof stored !== "object" || stored === null) return EMPTY_SWING;
  const last: unknown = Reflect.get(stored, "last");
  const values: unknown = Reflect.get(stored, "values");
  if (typeof last !== "string" || !Array.isArray(values)) return EMPTY_SWING;
  const chances = values.filter((v): v is number => typeof v === "number" && v >= 0 && v <= 1);
  return { last, values: chances };
}

/** The state's key fingerprinted: the key itself (the whole fight as JSON) is too big to store. */
export function stateFingerprint(key: string): string {
  return `${fnv1a(key).toString(36)}.${key.length.toString(36)}`;
}

export async function rememberPolicy(combat: BrinkCombat, policy: SimulationPolicy): Promise<void> {
  if (!game.user.isGM) return;
  await combat.setFlag("brink", POLICY_FLAG, { foes: policy.foes, party: policy.party });
}

/** States being written now, by combat: a render while the write is on its way records nothing twice. */
const writing = new Map<string, string>();

/** Adds the party's chance for this state to the swing (the active GM writes; one write per new state). */
export function rememberChance(combat: BrinkCombat, key: string, chance: number): void {
  if (game.users.activeGM?.isSelf !== true || !combat.id) return;
  const id = combat.id;
  const last = stateFingerprint(key);
  const swing = storedSwing(combat);
  if (swing.last === last || writing.get(id) === last) return;
  writing.set(id, last);
  const values = [...swing.values, chance].slice(-SWING_LIMIT);
  void combat.setFlag("brink", SWING_FLAG, { last, values }).finally(() => {
    if (writing.get(id) === last) writing.delete(id);
  });
}
