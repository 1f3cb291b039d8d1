import type { DiceSource, DieRating } from "./dice";

/**
 * RULES §3 initiative modes. `teams` alternates whole teams (S4); the two dexterity modes run a fixed
 * sequence of groups instead: everyone in a group acts (in any order) before the next group begins.
 */
export const INITIATIVE_MODES = ["teams", "dexterity", "dexterity-test"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

export function isInitiativeMode(value: unknown): value is InitiativeMode {
  return (INITIATIVE_MODES as readonly unknown[]).includes(value);
}

/** Groups of member ids in acting order. In `dexterity` mode every group holds one member. */
export type InitiativeSequence = string[][];

export interface DexterityEntry {
  id: string;
  /** The DEX rating; its die size is its value (RULES §1). */
  dex: DieRating;
}

export interface DexterityOrder {
  sequence: InitiativeSequence;
  /** The tie-break rolls each tied combatant made, in the order made, for the chat card. */
  tieRolls: Record<string, number[]>;
}

/** A dice source that keeps repeating the same face must not hang the tie-break. */
const MAX_TIE_REROLLS = 20;

/**
 * S1: highest DEX first, the same every round. Combatants sharing a value roll their DEX die once to
 * settle it (re-rolling among those still level); entries with no die keep the order given.
 */
export function dexterityOrder(entries: readonly DexterityEntry[], dice: DiceSource): DexterityOrder {
  const tieRolls: Record<string, number[]> = {};
  const ordered: DexterityEntry[] = [];
  for (const value of distinctDescending(entries.map((entry) => entry.dex))) {
    const tied = entries.filter((entry) => entry.dex === value);
    ordered.push(...breakTie(tied, dice, tieRolls, 0));
  }
  return { sequence: ordered.map((entry) => [entry.id]), tieRolls };
}

function distinctDescending(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => b - a);
}

function breakTie(
  tied: readonly DexterityEntry[],
  dice: DiceSource,
  tieRolls: Record<string, number[]>,
  attempt: number,
): DexterityEntry[] {
  const first = tied[0];
  if (first === undefined || tied.length === 1 || first.dex === 0 || attempt >= MAX_TIE_REROLLS) {
    return [...tied];
  }
  const rolled = tied.map((entry) => {
    const roll = dice.roll(entry.dex);
    (tieRolls[entry.id] ??= []).push(roll);
    return { entry, roll };
  });
  const result: DexterityEntry[] = [];
  for (const roll of distinctDescending(rolled.map((r) => r.roll))) {
    const stillTied = rolled.filter((r) => r.roll === roll).map((r) => r.entry);
    result.push(...breakTie(stillTied, dice, tieRolls, attempt + 1));
  }
  return result;
}

/** S3: the difficulty of the DEX test each player character makes when the fight starts. */
export const DEXTERITY_TEST_DIFFICULTY = 6;

export interface DexterityTestResult {
  id: string;
  succeeded: boolean;
}

/**
 * S3: player characters who passed their DEX test go before every opponent; those who failed go
 * after them. Within a group, members act in whatever order their side chooses. Empty groups are
 * dropped so the sequence never holds a group nobody can fill.
 */
export function dexterityTestOrder(
  playerResults: readonly DexterityTestResult[],
  opponentIds: readonly string[],
): InitiativeSequence {
  const passed = playerResults.filter((result) => result.succeeded).map((result) => result.id);
  const failed = playerResults.filter((result) => !result.succeeded).map((result) => result.id);
  return [passed, [...opponentIds], failed].filter((group) => group.length > 0);
}

/** Where a member sits in a sequence: the index of its group, or -1. */
export function groupIndexOf(sequence: InitiativeSequence, memberId: string): number {
  return sequence.findIndex((group) => group.includes(memberId));
}

/** The sequence without a member; a group left empty disappears. */
export function withoutMember(sequence: InitiativeSequence, memberId: string): InitiativeSequence {
  return sequence.map((group) => group.filter((id) => id !== memberId)).filter((group) => group.length > 0);
}

/**
 * S1 delay: the member leaves its place and acts on its own right after the group holding `afterId`.
 * Returns undefined when `afterId` does not sit strictly later than the member, since that would not
 * be a delay.
 */
export function delayInSequence(
  sequence: InitiativeSequence,
  memberId: string,
  afterId: string,
): InitiativeSequence | undefined {
  const from = groupIndexOf(sequence, memberId);
  const after = groupIndexOf(sequence, afterId);
  if (from < 0 || after <= from) return undefined;
  const remaining = withoutMember(sequence, memberId);
  const anchor = groupIndexOf(remaining, afterId);
  return [...remaining.slice(0, anchor + 1), [memberId], ...remaining.slice(anchor + 1)];
}
