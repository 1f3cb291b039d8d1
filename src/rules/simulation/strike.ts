/**
 * One attack action in a simulated fight, through the rules the workflows use: the action paid from
 * the turn economy, the attack (or the direct-damage die), the target's reaction by the policy, and
 * the damage chain under the world's death rule.
 */
import { adjustDefences, resolveAttack, type AttackRequest } from "../attacks";
import { deflectionFor } from "../damage";
import { appliedDeflection, applyDamage, type DamageOptions, type Hit } from "../damage-chain";
import { copyActorState, type ActorState } from "../death";
import { block, dodge, isBroken, parry } from "../defences";
import { detachmentEdges, netEdge } from "../detachments";
import { directDice, rollDirect } from "../direct-damage";
import type { DiceSource } from "../dice";
import { spendAction, spendReaction, type ReactionKey } from "../turn-economy";
import { strainAtMax } from "../dying";
import type { Fighter } from "./fighter";
import type { SimulationRules } from "./input";

/** The life state with its reaction flag read from the turn economy, which owns it in a fight. */
function lifeWithReaction(fighter: Fighter): ActorState {
  const available = fighter.economy.reactionsLeft > 0;
  if (fighter.life.reactionAvailable === available) return fighter.life;
  const life = copyActorState(fighter.life);
  life.reactionAvailable = available;
  return life;
}

const resourcesOf = (life: ActorState) => ({ stamina: life.stamina.value, focus: life.focus.value });

const isDetachment = (fighter: Fighter, rules: SimulationRules): boolean =>
  rules.detachments && fighter.input.detachment;

/** The attack's advantage from detachments on either side (RULES §7.4). */
function detachmentEdge(attacker: Fighter, target: Fighter, rules: SimulationRules, blast: boolean): number {
  if (!rules.detachments) return 0;
  return netEdge(
    detachmentEdges({
      attackerIsDetachment: isDetachment(attacker, rules),
      weaponBlast: blast,
      targetsAreDetachments: [isDetachment(target, rules)],
    }),
  );
}

/** Pays one Attack from the attacker's economy; false when the rules refuse it. */
export function payAttack(attacker: Fighter): boolean {
  const paid = spendAction(attacker.economy, "attack", resourcesOf(attacker.life));
  if (!paid.ok) return false;
  attacker.economy = paid.economy;
  return true;
}

/** The attacker having made `made` attacks this round (prepared for a turn's worth, built beyond). */
const attackerAfter = (attacker: Fighter, made: number) =>
  attacker.asAttacker[made] ?? { ...attacker.input.attacker, attacksThisRound: made };

interface Blow {
  readonly hit: Hit;
  /** The attack total a dodge must reach; null for direct damage (nothing to dodge). */
  readonly attackTotal: number | null;
}

/** The core rule: the attack test, then the hit as the damage card records it. */
function attackBlow(
  attacker: Fighter,
  target: Fighter,
  rules: SimulationRules,
  dice: DiceSource,
): Blow | null {
  const prepared = attacker.attack;
  if (prepared === null) return null;
  const edge = detachmentEdge(attacker, target, rules, prepared.weapon.blast);
  const request: AttackRequest = {
    attacker: attackerAfter(attacker, attacker.economy.attacksThisRound - 1),
    weapon: prepared.weapon,
    attribute: prepared.attribute,
    targets: target.asTargets,
    advantages: prepared.advantages + Math.max(0, edge),
    disadvantages: prepared.disadvantages + Math.max(0, -edge),
    modifiers: prepared.modifiers,
  };
  const result = resolveAttack(request, dice);
  const outcome = result.ok ? result.targets[0] : undefined;
  if (!result.ok || outcome === undefined || !outcome.hit) return null;
  const type = result.damageType;
  const hit: Hit = {
    amount: outcome.rawDamage,
    type,
    lethal: true,
    deflectionModifier: outcome.deflection - deflectionFor(type, target.life.deflection),
    ...(result.critical ? { critical: true } : {}),
  };
  return { hit, attackTotal: result.total };
}

/** RULES §7.3: no test; the weapon's die (d4 impaired, d12 enhanced) against size-adjusted armour. */
function directBlow(attacker: Fighter, target: Fighter, rules: SimulationRules, dice: DiceSource): Blow {
  const weapon = attacker.attack?.weapon ?? null;
  const edge = detachmentEdge(attacker, target, rules, weapon?.blast ?? false);
  const own = attacker.directEdge;
  const position = own > 0 ? "enhanced" : own < 0 ? "impaired" : "normal";
  const strike = { attackerId: attacker.input.id, die: weapon?.damageDie ?? null, detachment: edge };
  const roll = rollDirect(directDice([strike], position), dice);
  const type = weapon?.damageType ?? "bludgeoning";
  const defences = adjustDefences(attacker.input.size, {
    id: target.input.id,
    evasion: target.input.evasion,
    deflection: target.life.deflection,
    size: target.input.size,
  });
  const deflection = deflectionFor(type, defences.deflection);
  const hit: Hit = {
    amount: roll.value,
    type,
    lethal: true,
    direct: true,
    deflectionModifier: deflection - deflectionFor(type, target.life.deflection),
  };
  return { hit, attackTotal: null };
}

function payReaction(target: Fighter, key: ReactionKey, before: ActorState): void {
  const paid = spendReaction(target.economy, key, resourcesOf(before));
  if (paid.ok) target.economy = paid.economy;
}

/**
 * Policy: only a hit that would cut into health is worth the reaction (otherwise it is kept for
 * fortifying): Block with a blocking item, else Parry a physical hit, else Dodge an attack.
 */
function react(target: Fighter, blow: Blow, dice: DiceSource): Hit | null {
  const { hit } = blow;
  if (target.economy.reactionsLeft <= 0) return hit;
  const wouldTake = hit.amount - appliedDeflection(hit, target.life.deflection);
  if (wouldTake <= target.life.endurance.value) return hit;
  const life = lifeWithReaction(target);
  if (target.blockItem !== null && !isBroken(target.blockItem)) {
    const blocked = block(life, target.blockItem, hit);
    if (blocked.ok) {
      payReaction(target, "block", life);
      target.life = blocked.defender.state;
      target.blockItem = blocked.item.item;
      return blocked.hit;
    }
  }
  if (target.parryItem !== null) {
    const parried = parry(life, target.parryItem, hit);
    if (parried.ok) {
      payReaction(target, "parry", life);
      target.life = parried.defender.state;
      target.parryItem = parried.item.item;
      return parried.hit;
    }
  }
  if (blow.attackTotal === null) return hit;
  const dodged = dodge(life, hit, blow.attackTotal, dice, target.dodge.bonuses, target.dodge.edges);
  if (!dodged.ok) return hit;
  payReaction(target, "dodge", life);
  target.life = dodged.defender.state;
  return dodged.hit;
}

/** Policy: always fortify; under the dying rule take strain while it is not at its max. */
function damageOptions(target: Fighter, rules: SimulationRules): DamageOptions {
  return {
    rule: rules.deathRule,
    inCombat: true,
    choices: { fortify: true, strainOrInjury: strainAtMax(target.life) ? "injury" : "strain" },
    defenceBonuses: target.fortify.bonuses,
    defenceEdges: target.fortify.edges,
    detachment: isDetachment(target, rules),
  };
}

/** One blow from an attack already paid for: the attack, the reaction, the damage chain. True when the target's life changed. */
export function strike(
  attacker: Fighter,
  target: Fighter,
  rules: SimulationRules,
  dice: DiceSource,
): boolean {
  const blow =
    rules.damageRule === "direct"
      ? directBlow(attacker, target, rules, dice)
      : attackBlow(attacker, target, rules, dice);
  if (blow === null) return false;
  const hit = react(target, blow, dice);
  if (hit === null) return true;
  const before = lifeWithReaction(target);
  const result = applyDamage(before, hit, dice, damageOptions(target, rules));
  if (before.reactionAvailable && !result.state.reactionAvailable) payReaction(target, "fortify", before);
  target.life = result.state;
  attacker.damageDealt +=
    before.endurance.value - result.state.endurance.value + (before.health.value - result.state.health.value);
  return true;
}
