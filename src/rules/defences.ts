import type { Pool } from "./characters";
import { DAMAGE_TYPES } from "./damage";
import type { DiceSource } from "./dice";
import type { Edge } from "./modifiers";
import type { Modifier, TestSpec } from "./tests";
import {
  copyActorState,
  refuse,
  settle,
  type ActorState,
  type RuleResult,
  type Refused,
  type TestRoll,
} from "./death";
import { rollPlainTest, type Hit } from "./damage-chain";
import { successChance, type Chance } from "./odds";

/*
 * RULES §4 reactions against a hit: Block, Parry, Dodge. Each costs the reaction and 1 stamina.
 * They return the defender's result, the item's new durability (with its prior value to revert)
 * and the hit that still reaches the character, to be passed to `applyDamage`.
 */

export const METAL_DURABILITY = 10;
export const OTHER_DURABILITY = 4;

export interface DefenceItem {
  blockValue: number;
  /** 0 when the item lists none: a parry then adds 1. */
  parryValue: number;
  metal: boolean;
  /** null when the item lists none: 10 for metal, 4 otherwise. */
  durability: Pool | null;
}

export type DefenceRefusal =
  "incapacitated" | "no-reaction" | "no-stamina" | "item-broken" | "no-block-value" | "not-physical";

export function durabilityOf(item: DefenceItem): Pool {
  if (item.durability !== null) return item.durability;
  const full = item.metal ? METAL_DURABILITY : OTHER_DURABILITY;
  return { value: full, max: full };
}

export const isBroken = (item: DefenceItem): boolean => durabilityOf(item).value <= 0;

export interface ItemChange {
  item: DefenceItem;
  update: { durability: Pool };
  revert: { durability: Pool | null };
}

export type DefenceStep =
  | {
      kind: "block";
      /** The blow the item met (absent on cards written before blocks recorded it). */
      amount?: number;
      blockValue: number;
      itemDamage: number;
      durability: number;
      broken: boolean;
      excess: number;
    }
  | { kind: "parry"; bonus: number; durability: number; broken: boolean }
  | {
      kind: "dodge";
      roll: TestRoll;
      attackTotal: number;
      success: boolean;
      bonuses?: Modifier[];
      edges?: Edge[];
    };

interface DefenceBase {
  ok: true;
  /** The defender's reaction and stamina spent. */
  defender: RuleResult;
  step: DefenceStep;
  /** The hit that still reaches the character, or null when it does not. */
  hit: Hit | null;
}

export interface BlockResult extends DefenceBase {
  item: ItemChange;
}
export interface ParryResult extends DefenceBase {
  item: ItemChange;
  hit: Hit;
}
export interface DodgeResult extends DefenceBase {
  success: boolean;
}

function canReact(state: ActorState): Refused<DefenceRefusal> | null {
  const { dead, dying, unconscious } = state.status;
  if (dead || dying || unconscious) return refuse("incapacitated");
  if (!state.reactionAvailable) return refuse("no-reaction");
  if (state.stamina.value < 1) return refuse("no-stamina");
  return null;
}

function spendReaction(state: ActorState): RuleResult {
  const after = copyActorState(state);
  after.reactionAvailable = false;
  after.stamina = { ...state.stamina, value: state.stamina.value - 1 };
  return settle(state, after, []);
}

function wearItem(item: DefenceItem, damage: number): ItemChange {
  const current = durabilityOf(item);
  const durability = { ...current, value: Math.max(0, current.value - damage) };
  return { item: { ...item, durability }, update: { durability }, revert: { durability: item.durability } };
}

/**
 * The item takes the hit: its block value replaces deflection, at least 1 goes to its durability,
 * and whatever exceeds the durability left reaches the character, already reduced.
 */
export function block(state: ActorState, item: DefenceItem, hit: Hit): BlockResult | Refused<DefenceRefusal> {
  const refusal = canReact(state);
  if (refusal) return refusal;
  if (item.blockValue <= 0) return refuse("no-block-value");
  if (isBroken(item)) return refuse("item-broken");
  const itemDamage = Math.max(1, hit.amount - item.blockValue);
  const remaining = durabilityOf(item).value;
  const excess = Math.max(0, itemDamage - remaining);
  const change = wearItem(item, itemDamage);
  const durability = change.update.durability.value;
  return {
    ok: true,
    defender: spendReaction(state),
    item: change,
    step: {
      kind: "block",
      amount: hit.amount,
      blockValue: item.blockValue,
      itemDamage,
      durability,
      broken: durability === 0,
      excess,
    },
    hit: excess > 0 ? { ...hit, amount: excess, ignoreDeflection: true } : null,
  };
}

/** What a parry with this item adds to deflection: its parry value, or 1 when it lists none. */
export const parryBonus = (item: DefenceItem): number => (item.parryValue > 0 ? item.parryValue : 1);

/** The item's parry value (or 1) joins physical deflection for this hit; the item loses 1 durability. */
export function parry(state: ActorState, item: DefenceItem, hit: Hit): ParryResult | Refused<DefenceRefusal> {
  const refusal = canReact(state);
  if (refusal) return refusal;
  if (isBroken(item)) return refuse("item-broken");
  if (DAMAGE_TYPES[hit.type] !== "physical") return refuse("not-physical");
  const bonus = parryBonus(item);
  const change = wearItem(item, 1);
  const durability = change.update.durability.value;
  return {
    ok: true,
    defender: spendReaction(state),
    item: change,
    step: { kind: "parry", bonus, durability, broken: durability === 0 },
    hit: { ...hit, deflectionModifier: (hit.deflectionModifier ?? 0) + bonus },
  };
}

/** The dodge test as the odds read it: the same dice, bonuses, advantage and luck `dodge` rolls. */
function dodgeSpec(state: ActorState, bonuses: readonly Modifier[], edges: readonly Edge[]): TestSpec {
  const advantage = edges.reduce((sum, edge) => sum + edge.advantage, 0);
  return {
    attribute: state.attributes.dex,
    skill: state.athletics,
    proficient: false,
    modifiers: bonuses,
    advantages: Math.max(0, advantage),
    disadvantages: Math.max(0, -advantage),
    luckBonus: state.luckBonus,
  };
}

/** The exact chance a dodge reaches `attackTotal` (its luck die's +4 counted), before it is rolled. */
export const dodgeChance = (
  state: ActorState,
  attackTotal: number,
  bonuses: readonly Modifier[] = [],
  edges: readonly Edge[] = [],
): Chance => successChance(dodgeSpec(state, bonuses, edges), attackTotal);

/** DEX + Athletics (+ labelled bonuses: exhaustion, injuries, Guard +1; with their advantage sources) against the attack total; reaching it turns the hit into a miss. */
export function dodge(
  state: ActorState,
  hit: Hit,
  attackTotal: number,
  dice: DiceSource,
  bonuses: readonly Modifier[] = [],
  edges: readonly Edge[] = [],
): DodgeResult | Refused<DefenceRefusal> {
  const refusal = canReact(state);
  if (refusal) return refusal;
  const modifier = bonuses.reduce((sum, bonus) => sum + bonus.value, 0);
  const advantage = edges.reduce((sum, edge) => sum + edge.advantage, 0);
  const ratings = [state.attributes.dex, state.athletics];
  const roll = rollPlainTest(dice, ratings, modifier, state.luckBonus, advantage);
  const success = roll.total >= attackTotal;
  const named = {
    ...(bonuses.length ? { bonuses: [...bonuses] } : {}),
    ...(edges.length ? { edges: [...edges] } : {}),
  };
  return {
    ok: true,
    defender: spendReaction(state),
    step: { kind: "dodge", roll, attackTotal, success, ...named },
    hit: success ? null : hit,
    success,
  };
}
