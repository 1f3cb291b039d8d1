/**
 * The defender's side of a reaction as the rules will see it when it is taken (RULES §4): the
 * item Block and Parry use, the bonuses and advantage a Dodge is rolled with, and, for the attack
 * card, what each reaction would do and the dodge's exact odds. The damage workflow rolls with the
 * same pieces, so the odds on the card are the odds of the click.
 */
import { actorData, WeaponData, type OfferedCard, type ItemOffer, type ReactionOffers } from "../data";
import { rollAdjustment } from "../documents/actor-rolls";
import { BrinkActor } from "../documents/actor";
import type { WeaponDelivery } from "../rules/attacks";
import { dodgeChance, durabilityOf, parryBonus } from "../rules/defences";
import { defenceItem } from "./defence-items";

/**
 * What the target's state puts on its dodge or fortify, read when the test is rolled (exhaustion,
 * injuries and setbacks on the attribute and Athletics, Guard's +1): each named on the card.
 */
export function defenceAdjustment(
  actor: Actor.Implementation,
  kind: "dodge" | "fortify",
  delivery?: WeaponDelivery,
) {
  const { modifiers, edges } = rollAdjustment(actorData(actor), kind, undefined, null, delivery);
  return { defenceBonuses: modifiers, defenceEdges: edges };
}

/** How the dodged blow came (dim light hinders a dodge against a ranged attack); unknown once the weapon is gone. */
export function dodgedDelivery(weaponUuid: string): WeaponDelivery | undefined {
  const weapon = fromUuidSync(weaponUuid);
  // fromUuidSync gives any document; only a Brink weapon has a delivery.
  const data = weapon instanceof Item ? (weapon.system as unknown) : null;
  return data instanceof WeaponData ? data.attackWeapon().delivery : undefined;
}

/** The actor a card's target uuid names (a token's actor, or an actor), or null when it is gone. */
function actorAt(uuid: string): Actor.Implementation | null {
  const found: unknown = fromUuidSync(uuid);
  const actor: unknown = found instanceof BrinkActor ? found : (found as { actor?: unknown } | null)?.actor;
  return actor instanceof BrinkActor ? actor : null;
}

function itemOffer(actor: Actor.Implementation, kind: "block" | "parry"): ItemOffer | null {
  const wielded = defenceItem(actor, kind);
  if (!wielded) return null;
  const item = wielded.data.defenceItem();
  return {
    value: kind === "block" ? item.blockValue : parryBonus(item),
    name: wielded.item.name,
    durability: durabilityOf(item),
  };
}

/** What each reaction would do for this target of this attack, read from the defender as it is now. */
export function reactionOffers(card: OfferedCard, attack: number, targetId: string): ReactionOffers | null {
  const actor = actorAt(targetId);
  const record = card.attacks[attack];
  if (!actor || !record) return null;
  const { defenceBonuses, defenceEdges } = defenceAdjustment(actor, "dodge", dodgedDelivery(card.weaponUuid));
  const state = actorData(actor).actorState();
  return {
    block: itemOffer(actor, "block"),
    parry: itemOffer(actor, "parry"),
    dodge: record.direct ? null : dodgeChance(state, record.result.total, defenceBonuses, defenceEdges).value,
  };
}
