/**
 * Damage by hand (issue 25): the GM types an amount and a type on a sheet, and the blow goes on an
 * attack card and through the same damage chain as an attack's Apply: deflection for its type, the
 * fortify and strain choices on the card, the GM's revert, and one application only.
 *
 * [decision] Only the GM may ask. The amount is not rolled, so a player's number would be a number
 * a player could have edited; players damage others by attacking.
 */
import { postByHandCard } from "../chat/post";
import { BrinkActor } from "../documents/actor";
import { adjustDefences, type AttackResult } from "../rules/attacks";
import { DAMAGE_TYPES, damageAfterDeflection, deflectionFor, type DamageType } from "../rules/damage";
import { defineRequest, refuse, type RequestContext, type RequestResult } from "../requests";
import type { Fields } from "../requests/fields";
import { guardedDefender } from "./attack-card";
import { applyCardEntry } from "./damage";

/** [decision] Far above any blow the rules deal, far below what could overflow a pool. */
export const MAX_DAMAGE_BY_HAND = 999;
const TYPES = Object.keys(DAMAGE_TYPES) as DamageType[];

export interface DamageByHandAsk {
  actorUuid: string;
  amount: number;
  type: DamageType;
}

const readAsk = (fields: Fields): DamageByHandAsk => ({
  actorUuid: fields.uuid("actorUuid"),
  amount: fields.whole("amount", 1, MAX_DAMAGE_BY_HAND),
  type: fields.oneOf("type", TYPES),
});

/** The blow in the shape of an attack that hits (no test, no luck die), so the card reads it as any. */
function byHandResult(actor: BrinkActor, amount: number, type: DamageType): AttackResult {
  const defences = adjustDefences(actor.rolling.size, guardedDefender(actor.uuid, actor));
  const deflection = deflectionFor(type, defences.deflection);
  return {
    ok: true,
    attribute: "str",
    proficient: false,
    dice: { advantage: 0, pools: [], keptPool: 0, diceTotal: amount },
    steps: [],
    luck: { face: 0, bonus: 0, total: 0 },
    total: amount,
    critical: false,
    mishap: false,
    damageType: type,
    targets: [
      {
        intendedId: actor.uuid,
        targetId: actor.uuid,
        strayed: false,
        defences,
        hit: true,
        rawDamage: amount,
        deflection,
        damage: damageAfterDeflection(amount, deflection),
      },
    ],
  };
}

async function handleByHand(ask: DamageByHandAsk, context: RequestContext): Promise<RequestResult> {
  const actor = await fromUuid(ask.actorUuid);
  if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  const target = { uuid: actor.uuid, name: actor.name, img: actor.img ?? "" };
  const card = await postByHandCard(actor, {
    result: byHandResult(actor, ask.amount, ask.type),
    targets: [target],
    byHand: { by: context.user.name },
  });
  if (!card?.id) return refuse("BRINK.Damage.Refusal.noCard");
  return applyCardEntry({ messageId: card.id, attack: 0, target: actor.uuid }, context);
}

/** The GM's Apply damage… on a sheet: the card, then the blow applied from it. */
export const requestDamageByHand = defineRequest({
  name: "damage.byHand",
  who: "gm",
  parse: readAsk,
  handle: handleByHand,
});
