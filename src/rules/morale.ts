import { abilityModifier } from "./characters";
import type { DiceSource, DieRating } from "./dice";

/** RULES §7.2: every morale check is against 11. */
export const MORALE_DIFFICULTY = 11;

/** A player character rolls with its WIS modifier; an NPC with its morale bonus. */
export type MoraleSubject =
  | { readonly id: string; readonly kind: "pc"; readonly wisdom: DieRating }
  | {
      readonly id: string;
      readonly kind: "npc";
      readonly moraleBonus: number;
      /** Same-type NPCs share a group key (e.g. their source actor) for a group check. */
      readonly group: string;
    };

/** Who shares one roll: the whole team, each group of same-type NPCs, or everyone alone. PCs always roll alone. */
export type MoraleScope = "team" | "group" | "individual";

export interface MoraleOptions {
  readonly scope: MoraleScope;
  readonly advantage?: boolean;
  /** Followers of a retreating character check at disadvantage. */
  readonly disadvantage?: boolean;
}

export type RollMode = "normal" | "advantage" | "disadvantage";

export interface MoraleRoll {
  readonly die: 20;
  readonly mode: RollMode;
  /** Every d20 rolled; with advantage or disadvantage two, of which `kept` counts. */
  readonly faces: readonly number[];
  readonly kept: number;
  readonly modifier: number;
  readonly total: number;
  readonly difficulty: number;
  readonly success: boolean;
}

export interface MoraleGroupRoll {
  readonly subjectIds: readonly string[];
  readonly roll: MoraleRoll;
}

export interface MoraleOutcome {
  readonly id: string;
  readonly success: boolean;
  /** Status to add: failure means the creature surrenders or flees. */
  readonly status: "routed" | null;
}

export interface MoraleCheck {
  readonly rolls: readonly MoraleGroupRoll[];
  readonly outcomes: readonly MoraleOutcome[];
  readonly routedIds: readonly string[];
}

export function moraleBonus(subject: MoraleSubject): number {
  return subject.kind === "pc" ? abilityModifier(subject.wisdom) : subject.moraleBonus;
}

/** Advantage and disadvantage cancel each other. */
export function rollModeOf(advantage: boolean, disadvantage: boolean): RollMode {
  if (advantage === disadvantage) return "normal";
  return advantage ? "advantage" : "disadvantage";
}

/** 1d20 + bonus vs 11; advantage keeps the higher of two d20, disadvantage the lower. */
export function rollMorale(bonus: number, mode: RollMode, dice: DiceSource): MoraleRoll {
  const faces = mode === "normal" ? [dice.roll(20)] : [dice.roll(20), dice.roll(20)];
  const kept = mode === "disadvantage" ? Math.min(...faces) : Math.max(...faces);
  const total = kept + bonus;
  return {
    die: 20,
    mode,
    faces,
    kept,
    modifier: bonus,
    total,
    difficulty: MORALE_DIFFICULTY,
    success: total >= MORALE_DIFFICULTY,
  };
}

/**
 * One morale check called by the GM. A shared roll uses the best bonus among those sharing it
 * (the steadiest holds the line for the rest).
 */
export function checkMorale(
  subjects: readonly MoraleSubject[],
  options: MoraleOptions,
  dice: DiceSource,
): MoraleCheck {
  const mode = rollModeOf(options.advantage ?? false, options.disadvantage ?? false);
  const rolls = groupSubjects(subjects, options.scope).map((members) => ({
    subjectIds: members.map((member) => member.id),
    roll: rollMorale(Math.max(...members.map(moraleBonus)), mode, dice),
  }));
  const outcomes = rolls.flatMap(({ subjectIds, roll }) =>
    subjectIds.map((id): MoraleOutcome => ({
      id,
      success: roll.success,
      status: roll.success ? null : "routed",
    })),
  );
  return {
    rolls,
    outcomes,
    routedIds: outcomes.filter((outcome) => !outcome.success).map((outcome) => outcome.id),
  };
}

/** Who rolls together, in the order first met. */
export function groupSubjects(subjects: readonly MoraleSubject[], scope: MoraleScope): MoraleSubject[][] {
  const groups = new Map<string, MoraleSubject[]>();
  for (const subject of subjects) {
    const key = sharedRollKey(subject, scope);
    const members = groups.get(key);
    if (members) members.push(subject);
    else groups.set(key, [subject]);
  }
  return [...groups.values()];
}

function sharedRollKey(subject: MoraleSubject, scope: MoraleScope): string {
  if (subject.kind === "pc" || scope === "individual") return `individual:${subject.id}`;
  return scope === "team" ? "team" : `group:${subject.group}`;
}
