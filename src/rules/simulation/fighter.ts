/**
 * One combatant during a simulated fight: its life state and turn economy (the rules' own shapes),
 * the weapon it fights with, and what its own state does to its rolls, worked out once per fight.
 */
import type { Attacker, AttackTarget, AttackWeapon } from "../attacks";
import { fightBlocker, type Attribute } from "../characters";
import type { ActorState, LifeStatus } from "../death";
import type { DefenceItem } from "../defences";
import { ENHANCED_DIE, IMPAIRED_DIE, UNARMED_DIE } from "../direct-damage";
import { advantageCounts, modifierTotal, rollModifiers, type Edge, type ModifierState } from "../modifiers";
import { CONDITIONS_PREVENTING_TURNS, canActWith } from "../team-turns";
import { PROFICIENCY_BONUS, type Modifier } from "../tests";
import { ACTIONS_PER_TURN, createEconomy, type TurnEconomy } from "../turn-economy";
import type { FighterInput, Side } from "./input";

export interface PreparedAttack {
  readonly weapon: AttackWeapon;
  readonly attribute: Attribute;
  /** The attacker's own modifiers on this attack (exhaustion, injuries, light), as the card lists them. */
  readonly modifiers: readonly Modifier[];
  readonly advantages: number;
  readonly disadvantages: number;
}

/** A defence test's modifiers (dodge, fortify): labelled bonuses and advantage sources. */
export interface DefenceAdjustment {
  readonly bonuses: readonly Modifier[];
  readonly edges: readonly Edge[];
}

export interface Fighter {
  readonly index: number;
  readonly input: FighterInput;
  readonly side: Side;
  life: ActorState;
  economy: TurnEconomy;
  blockItem: DefenceItem | null;
  parryItem: DefenceItem | null;
  readonly attack: PreparedAttack | null;
  /** Under direct damage, its own edge on a blow (enhanced d12, impaired d4), bare hands included. */
  readonly directEdge: number;
  /** The fighter as an attack's only target, and as an attacker by attacks already made this round. */
  readonly asTargets: readonly AttackTarget[];
  readonly asAttacker: readonly Attacker[];
  readonly dodge: DefenceAdjustment;
  readonly fortify: DefenceAdjustment;
  /** Endurance and health this fighter took off enemies. */
  damageDealt: number;
  /** Enemies this fighter's blows took out. */
  tookOut: number;
  /** {@link isStanding} and {@link canAct} as of the last {@link refresh}: read far more often than they change. */
  standing: boolean;
  acting: boolean;
  /** The life status the two flags were worked out from (a status change is always a new object). */
  statusSeen: LifeStatus;
}

const LIFE_CONDITIONS = ["unconscious", "dying", "stable", "dead", "routed"] as const;

/** The conditions the fighter holds now: its life status and the others it came in with. */
export function conditionsOf(fighter: Pick<Fighter, "input" | "life">): string[] {
  const held = fighter.input.conditions.filter((c) => !(LIFE_CONDITIONS as readonly string[]).includes(c));
  for (const condition of LIFE_CONDITIONS) if (fighter.life.status[condition]) held.push(condition);
  return held;
}

/** Whether the fighter may take turns at all (team turns decide). */
export const canAct = (fighter: Pick<Fighter, "input" | "life">): boolean =>
  canActWith(conditionsOf(fighter));

function standsWith(fighter: Pick<Fighter, "input" | "life">, conditions: readonly string[]): boolean {
  const { status } = fighter.life;
  if (status.dead || status.unconscious || status.dying || status.routed || status.stable) return false;
  return fightBlocker(conditions, fighter.input.exhaustion, CONDITIONS_PREVENTING_TURNS) === null;
}

/** Still in the fight as a threat: acting, not dying, and able to fight (exhaustion 5+ cannot). */
export const isStanding = (fighter: Pick<Fighter, "input" | "life">): boolean =>
  standsWith(fighter, conditionsOf(fighter));

const mean = (size: number): number => (size === 0 ? 0 : (size + 1) / 2);

function modifierStateOf(input: FighterInput): ModifierState {
  return { ...input.modifiers, conditions: new Set(input.modifiers.conditions) };
}

function adjustment(state: ModifierState, kind: "dodge" | "fortify"): DefenceAdjustment {
  const lines = rollModifiers(state, kind);
  return {
    bonuses: lines.filter((l) => l.value !== 0).map((l) => ({ label: l.source, value: l.value })),
    edges: lines.filter((l) => l.advantage !== 0).map((l) => ({ label: l.source, advantage: l.advantage })),
  };
}

/** The die a weapon rolls under direct damage, as the direct-attack workflow would: unarmed without one. */
const directDieOf = (weapon: AttackWeapon): number => weapon.damageDie ?? UNARMED_DIE;

/**
 * Policy: the weapon and attribute with the best expected blow. Under the core rule that is the
 * attack's dice + proficiency + modifiers + the weapon's damage; under direct damage, the die.
 */
function prepareAttack(input: FighterInput, state: ModifierState, direct: boolean): PreparedAttack | null {
  let best: { attack: PreparedAttack; score: number } | null = null;
  for (const weapon of input.weapons) {
    if (weapon.broken) continue;
    for (const attribute of weapon.attributes) {
      const lines = rollModifiers(state, "attack", attribute, "combat", weapon.delivery);
      const counts = advantageCounts(lines);
      const edge = counts.advantages - counts.disadvantages;
      const proficient = weapon.proficiencies.some((p) => input.attacker.proficiencies.includes(p));
      const dice = mean(input.attacker.attributes[attribute]) + mean(input.attacker.combat);
      const directDie = edge < 0 ? IMPAIRED_DIE : edge > 0 ? ENHANCED_DIE : directDieOf(weapon);
      const score = direct
        ? mean(directDie)
        : dice + (proficient ? PROFICIENCY_BONUS : 0) + modifierTotal(lines) + weapon.damage + edge * 2;
      if (best !== null && best.score >= score) continue;
      const modifiers = lines.filter((l) => l.value !== 0).map((l) => ({ label: l.source, value: l.value }));
      best = { attack: { weapon, attribute, modifiers, ...counts }, score };
    }
  }
  return best?.attack ?? null;
}

/** The edge a fighter's blows carry: its weapon attack's, or with bare hands the attack's own (Combat, light). */
function directEdgeOf(attack: PreparedAttack | null, state: ModifierState): number {
  if (attack !== null) return attack.advantages - attack.disadvantages;
  const counts = advantageCounts(rollModifiers(state, "attack", undefined, "combat", "melee"));
  return counts.advantages - counts.disadvantages;
}

function startingEconomy(input: FighterInput): TurnEconomy {
  const economy = createEconomy();
  return {
    ...economy,
    attacksThisRound: input.attacksThisRound ?? economy.attacksThisRound,
    reactionsLeft: input.reactionsLeft ?? economy.reactionsLeft,
  };
}

export function createFighter(input: FighterInput, index: number, direct: boolean): Fighter {
  const state = modifierStateOf(input);
  const attack = prepareAttack(input, state, direct);
  return {
    index,
    input,
    side: input.side,
    life: input.life,
    economy: startingEconomy(input),
    blockItem: input.blockItem,
    parryItem: input.parryItem,
    attack,
    directEdge: directEdgeOf(attack, state),
    asTargets: [
      { id: input.id, evasion: input.evasion, deflection: input.life.deflection, size: input.size },
    ],
    asAttacker: Array.from({ length: ACTIONS_PER_TURN * 2 }, (_, made) => ({
      ...input.attacker,
      attacksThisRound: made,
    })),
    dodge: adjustment(state, "dodge"),
    fortify: adjustment(state, "fortify"),
    damageDealt: 0,
    tookOut: 0,
    standing: isStanding({ input, life: input.life }),
    acting: canAct({ input, life: input.life }),
    statusSeen: input.life.status,
  };
}

/** After the fighter's life state changed: whether it still stands and can act. */
export function refresh(fighter: Fighter): void {
  if (fighter.life.status === fighter.statusSeen) return;
  fighter.statusSeen = fighter.life.status;
  const conditions = conditionsOf(fighter);
  fighter.standing = standsWith(fighter, conditions);
  fighter.acting = canActWith(conditions);
}

/**
 * The same fighter at the start of another simulated fight. A template is never changed (its life
 * state, economy and items are immutable values the rules replace), so a shallow copy is enough.
 */
export const freshFighter = (template: Fighter): Fighter => ({ ...template });
