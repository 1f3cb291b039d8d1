/**
 * RULES §7.3 on the GM's client: a direct-damage attack's dice against each target, and its card.
 * No test is rolled. Every striking weapon (the attacker's, a second weapon, the attackers the GM
 * grouped with it) rolls its damage die, or the d4 or d12 its position calls for, and the highest
 * die is kept; the target's deflection comes off it. A blast weapon rolls again for each target.
 */
import { postAttackCard, type AttackRecord, type CardAudience, type DirectRecord } from "../chat/post";
import type { TargetInfo } from "../data/chat";
import { resolveWithFoundryDice, type BrinkRoll } from "../dice";
import type { BrinkActor, RollRefusal } from "../documents/actor";
import { adjustDefences, type AttackResult, type Defender } from "../rules/attacks";
import { deflectionFor, type DamageType } from "../rules/damage";
import type { DieSize } from "../rules/dice";
import {
  directDamage,
  directDice,
  rollDirect,
  type DirectStrike,
  type Position,
} from "../rules/direct-damage";
import { netEdge } from "../rules/detachments";
import { detachmentEdgesFor } from "./detachments/in-combat";
import { guardedDefender, manualTarget, manualTargetInfo, type AttackTargetToken } from "./attack-card";

/** [decision] Bare hands deal bludgeoning damage. */
const UNARMED_TYPE: DamageType = "bludgeoning";

/** One weapon striking under direct damage: who wields it, and its die (null: bare hands). */
export interface DirectStriker {
  actor: BrinkActor;
  weaponName: string;
  die: DieSize | null;
  damageType: DamageType;
  /** The weapon's own blast quality (an individual's blast is not impaired against a detachment). */
  blast: boolean;
}

export interface DirectOrder {
  attacker: BrinkActor;
  /** Null for bare hands. */
  weapon: Item.Implementation | null;
  strikers: DirectStriker[];
  position: Position;
  blast: boolean;
  targets: AttackTargetToken[];
  /** Set when no token is targeted: the blow meets this typed deflection instead. */
  manualDeflection: number | null;
  audience: CardAudience;
}

export const unarmedStriker = (actor: BrinkActor): DirectStriker => ({
  actor,
  weaponName: game.i18n.localize("BRINK.Direct.unarmed"),
  die: null,
  damageType: UNARMED_TYPE,
  blast: false,
});

/** Where one blow lands: a targeted token, or the target whose deflection was typed in. */
interface DirectAim {
  info: TargetInfo;
  /** Its defences met by a wielder of this size (Guard counted). */
  defender: (size: number) => Defender;
  /** The token's actor, for what detachments do to the strike (none for a typed target). */
  actor: BrinkActor | null;
}

const tokenAim = (token: AttackTargetToken): DirectAim => ({
  info: { uuid: token.uuid, name: token.name, img: token.img },
  defender: () => guardedDefender(token.uuid, token.actor),
  actor: token.actor,
});

/** A typed target stands at its wielder's size, so no size difference moves the number typed in. */
const manualAim = (deflection: number): DirectAim => ({
  info: manualTargetInfo(),
  defender: (size) => manualTarget({ evasion: 0, deflection }, size),
  actor: null,
});

const aimsOf = (order: DirectOrder): DirectAim[] =>
  order.manualDeflection === null ? order.targets.map(tokenAim) : [manualAim(order.manualDeflection)];

/**
 * The blow against one target, in the shape of an attack that hits (no test, no luck die), so the
 * card, the reactions and Apply damage read it as they read any attack.
 */
function directResult(order: DirectOrder, aim: DirectAim, record: DirectRecord): AttackResult {
  const striker = order.strikers[record.kept] ?? order.strikers[0];
  const size = striker?.actor.rolling.size ?? 4;
  const defences = adjustDefences(size, aim.defender(size));
  const damageType = striker?.damageType ?? UNARMED_TYPE;
  const deflection = deflectionFor(damageType, defences.deflection);
  return {
    ok: true,
    attribute: "str",
    proficient: false,
    dice: { advantage: 0, pools: [], keptPool: 0, diceTotal: record.value },
    steps: [],
    luck: { face: 0, bonus: 0, total: 0 },
    total: record.value,
    critical: false,
    mishap: false,
    damageType,
    targets: [
      {
        intendedId: aim.info.uuid,
        targetId: aim.info.uuid,
        strayed: false,
        defences,
        hit: true,
        rawDamage: record.value,
        deflection,
        damage: directDamage(record.value, deflection),
      },
    ],
  };
}

/** Each weapon's strike on one target, with what detachments do to it (RULES §7.4). */
const strikesOn = (strikers: readonly DirectStriker[], aim: DirectAim): DirectStrike[] =>
  strikers.map((s) => ({
    attackerId: s.actor.uuid,
    die: s.die,
    detachment: aim.actor ? netEdge(detachmentEdgesFor(s.actor, s.blast, [aim.actor])) : 0,
  }));

/** Rolls every target's dice and posts the card: the card, or why it could not be made. */
export async function rollDirectAttackCard(
  order: DirectOrder,
): Promise<ChatMessage.Implementation | RollRefusal> {
  const attacks: AttackRecord[] = [];
  const rolls: BrinkRoll[] = [];
  for (const aim of aimsOf(order)) {
    const dice = directDice(strikesOn(order.strikers, aim), order.position);
    const rolled = await resolveWithFoundryDice((source) => rollDirect(dice, source));
    const record: DirectRecord = {
      position: order.position,
      dice: rolled.result.dice.map((die, index) => ({
        ...die,
        attackerName: order.strikers[index]?.actor.name ?? "",
        weaponName: order.strikers[index]?.weaponName ?? "",
      })),
      kept: rolled.result.kept,
      value: rolled.result.value,
    };
    attacks.push({ result: directResult(order, aim, record), targets: [aim.info], direct: record });
    rolls.push(...rolled.rolls);
  }
  const card = await postAttackCard(order.attacker, order.weapon, attacks, rolls, order.audience);
  return card ?? { ok: false, reason: "BRINK.Attack.Refusal.no-target" };
}
