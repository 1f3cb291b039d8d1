/**
 * RULES §3/§4 on the GM's client: a killing strike begun with fewer than three actions left is an
 * extended action, and lands only when its last action is paid. The attack workflow kept its checked
 * choices on the combatant; this rule reads them again then, checks the target and weapon afresh
 * (the target may have woken, the weapon may be gone), and rolls the strike's card.
 */
import { ROLL_MODES } from "../chat/post";
import { BrinkActor } from "../documents/actor";
import { defineActionRule, type ActionContext } from "../documents/combatant";
import { itemData, WeaponData } from "../data";
import { ATTRIBUTES } from "../rules/characters";
import { KILLING_STRIKE } from "../rules/turn-economy";
import { isRefusal, refuse, type Refusal } from "../requests";
import { rollAttackCard } from "./attack-card";
import { attackTargets } from "./attack-targets";
import { weaponBlocker, wieldedBy } from "./attack";

const isUnconscious = (actor: BrinkActor) => actor.statuses.has("unconscious") && !actor.statuses.has("dead");

async function landStrike({ combatant, actor, user }: ActionContext): Promise<Refusal | void> {
  const stored = combatant.system._source.strike;
  if (stored) await combatant.update({ system: { strike: null } });
  if (!stored || !(actor instanceof BrinkActor)) return refuse("BRINK.Attack.Refusal.strike-lost");
  const weapon = actor.items.get(stored.weaponId);
  const blocker = weaponBlocker(weapon);
  const weaponData = weapon ? itemData(weapon, WeaponData)?.attackWeapon() : undefined;
  if (blocker || !weapon || !weaponData)
    return refuse(blocker ?? "BRINK.Attack.Refusal.not-a-weapon", { weapon: weapon?.name ?? "" });
  const targets = attackTargets([stored.targetUuid], user);
  if (typeof targets === "string") return refuse(targets, { weapon: weapon.name });
  const attribute = ATTRIBUTES.find((a) => a === stored.attribute);
  const rollMode = ROLL_MODES.find((mode) => mode === stored.rollMode);
  if (!attribute || !rollMode) return refuse("BRINK.Attack.Refusal.strike-lost");
  if (!targets.every((target) => isUnconscious(target.actor)))
    return refuse("BRINK.Attack.Refusal.target-not-unconscious");
  // It already counted for the penalty in the round it was begun; a later round's attacks are its own.
  const sameRound = combatant.combat?.clock.round === stored.round;
  const card = await rollAttackCard({
    attacker: actor,
    weapon,
    weaponData: wieldedBy(actor, weaponData),
    targets,
    choice: { attribute, sneak: false, flanking: false, advantage: 0, modifier: 0, killingStrike: true },
    attacksThisRound: Math.max(0, combatant.attacksThisRound - (sameRound ? 1 : 0)),
    manual: null,
    audience: { rollMode, userId: user.id ?? "" },
  });
  return isRefusal(card) ? refuse(card.reason, { weapon: weapon.name }) : undefined;
}

export function registerKillingStrike(): void {
  defineActionRule(KILLING_STRIKE.key, { effect: landStrike });
}
