/**
 * Issue 28: what the encounter simulator takes. Plain JSON, so the Foundry layer can build it from
 * real actors and post it to a Web Worker, and the command line can build it from YAML stat blocks.
 */
import type { Attacker, AttackWeapon } from "../attacks";
import type { ActorState, DeathRule } from "../death";
import type { DefenceItem } from "../defences";
import type { InitiativeMode } from "../initiative";
import type { ModifierState } from "../modifiers";
import type { TurnState } from "../team-turns";

export const SIDES = ["party", "foes"] as const;
export type Side = (typeof SIDES)[number];

/** The modifier state of rules/modifiers, with its set of conditions as a list (JSON has no sets). */
export type PlainModifierState = Omit<ModifierState, "conditions"> & {
  readonly conditions: readonly string[];
};

/** One combatant, as it stands now. */
export interface FighterInput {
  readonly id: string;
  readonly name: string;
  readonly side: Side;
  /** A player character checks morale with its WIS; an NPC with its morale bonus. */
  readonly kind: "pc" | "npc";
  /** NPCs of one kind share a morale roll (their source actor). */
  readonly group: string;
  readonly leader: boolean;
  /** Pools, attributes, deflection (armour included), luck, life status and the death rules' tracks. */
  readonly life: ActorState;
  readonly attacker: Omit<Attacker, "attacksThisRound">;
  readonly evasion: number;
  readonly size: number;
  /** Weapons wielded and not broken; none: the fighter has nothing to attack with. */
  readonly weapons: readonly AttackWeapon[];
  /** The best wielded item to block with, and to parry with (RULES §4); null: none. */
  readonly blockItem: DefenceItem | null;
  readonly parryItem: DefenceItem | null;
  /** Exhaustion, injuries, setbacks, light: what the fighter's own state does to its rolls. */
  readonly modifiers: PlainModifierState;
  /** Conditions held now beyond the life status (prone, paralysed …). */
  readonly conditions: readonly string[];
  readonly exhaustion: number;
  readonly moraleBonus: number;
  /** RULES §7.4: fights as one detachment (only when the detachments rule is on). */
  readonly detachment: boolean;
  /** In a fight under way: attacks already made this round (the multiple-attack penalty) and reactions left. */
  readonly attacksThisRound?: number;
  readonly reactionsLeft?: number;
}

/** The world's optional rules the fight runs under. */
export interface SimulationRules {
  readonly deathRule: DeathRule;
  readonly damageRule: "attack" | "direct";
  readonly initiativeMode: InitiativeMode;
  readonly morale: boolean;
  readonly detachments: boolean;
  readonly emergencyRetreat: boolean;
}

export const DEFAULT_RULES: SimulationRules = {
  deathRule: "luck",
  damageRule: "attack",
  initiativeMode: "teams",
  morale: false,
  detachments: false,
  emergencyRetreat: true,
};

/**
 * What the simulated combatants do where the rules leave a choice. Fixed parts (stated in the docs
 * and the planner): everyone reaches everyone; each attacks the standing enemy with the least
 * endurance + health left, with every action; a hit that would cut into health meets a Block, else a
 * Parry (physical), else a Dodge; otherwise the reaction is kept for fortifying; fallen enemies are
 * left alone; no movement, cover, healing, killing strikes or Command.
 */
export interface SimulationPolicy {
  /** Foes fight on until taken out, or check morale (RULES §7.2) and may flee. */
  readonly foes: "fight-to-the-end" | "break-at-morale";
  /** The party never retreats, or calls an Emergency Retreat once half of it is taken out. */
  readonly party: "fight-to-the-end" | "retreat-at-half";
}

export const FOE_POLICIES = ["fight-to-the-end", "break-at-morale"] as const;
export const PARTY_POLICIES = ["fight-to-the-end", "retreat-at-half"] as const;

export const DEFAULT_POLICY: SimulationPolicy = { foes: "fight-to-the-end", party: "fight-to-the-end" };

export interface Encounter {
  readonly fighters: readonly FighterInput[];
  readonly rules: SimulationRules;
  readonly policy: SimulationPolicy;
  /** The side that started the fight goes first (RULES §3). */
  readonly startingSide: Side;
  /**
   * A fight under way: the tracker's own schedule (members who are not fighters are dropped). Absent:
   * the fight begins with the starting side's move.
   */
  readonly turns?: TurnState;
}
