/**
 * A direct-damage attack (RULES §7.3), asked for by whoever owns the attacker and carried out by
 * the active GM's client, as any attack is (workflows/attack). The asker sends what they chose:
 * the weapon, a second weapon (or bare hands), the targets, the position (impaired or enhanced)
 * and, for the GM only, other attackers grouped on the same target. The GM's client reads every die
 * from the weapons themselves, spends the attacker's action, rolls and writes the card.
 */
import { ROLL_MODES, type RollMode } from "../chat/post";
import { BrinkActor } from "../documents/actor";
import { actorData, itemData, WeaponData } from "../data";
import { fightBlocker } from "../rules/characters";
import { POSITIONS, type Position } from "../rules/direct-damage";
import { CONDITIONS_PREVENTING_FIGHTS } from "../rules/dying";
import { optionalRules } from "../settings";
import {
  defineRequest,
  isRefusal,
  refuse,
  type Refusal,
  type RequestContext,
  type RequestResult,
} from "../requests";
import { FieldRefusal, Fields, isRecord } from "../requests/fields";
import { attackTargets } from "./attack-targets";
import { combatantOf } from "./combat-economy";
import { rollDirectAttackCard, unarmedStriker, type DirectStriker } from "./direct-attack-card";
import { MAX_MANUAL_DEFLECTION, weaponBlocker } from "./attack";
import { attacksWithBlast } from "./detachments/in-combat";

/** [decision] More targets than any table's scene holds for one blast. */
const MAX_TARGETS = 50;
/** [decision] The most attackers the GM may group on one target. */
export const MAX_GROUPED = 12;
/** A second weapon or a grouped attacker's weapon may be bare hands. */
export const UNARMED = "unarmed";

export interface GroupedAttacker {
  actorUuid: string;
  /** The weapon's id on that actor, or "unarmed". */
  weaponId: string;
}

/** What the asker chose; everything else the GM's client reads for itself. */
export interface DirectAttackAsk {
  actorUuid: string;
  weaponId: string;
  /** A second weapon's id, "unarmed", or "" for none. */
  offhandId: string;
  targets: string[];
  position: Position;
  grouped: GroupedAttacker[];
  rollMode: RollMode;
  /** With no token targeted (theatre of the mind): the target's deflection, typed in. */
  manualDeflection?: number | null;
}

const readWeaponId = (fields: Fields, key: string): string =>
  fields.raw(key) === UNARMED ? UNARMED : fields.optionalId(key);

function readGrouped(fields: Fields): GroupedAttacker[] {
  const list = fields.list("grouped");
  if (list.length > MAX_GROUPED) throw new FieldRefusal("grouped");
  return list.map((value) => {
    if (!isRecord(value)) throw new FieldRefusal("grouped");
    const entry = new Fields(value);
    return { actorUuid: entry.uuid("actorUuid"), weaponId: readWeaponId(entry, "weaponId") };
  });
}

const readDirectAttack = (fields: Fields): DirectAttackAsk => ({
  actorUuid: fields.uuid("actorUuid"),
  // Bare hands strike as the main weapon too (the sheet's Unarmed attack, RULES §7.3).
  weaponId: fields.raw("weaponId") === UNARMED ? UNARMED : fields.id("weaponId"),
  offhandId: readWeaponId(fields, "offhandId"),
  targets: fields.distinctUuids("targets", 0, MAX_TARGETS),
  position: fields.oneOf("position", POSITIONS),
  grouped: readGrouped(fields),
  rollMode: fields.oneOf("rollMode", ROLL_MODES),
  manualDeflection:
    fields.raw("manualDeflection") === undefined || fields.raw("manualDeflection") === null
      ? null
      : fields.whole("manualDeflection", 0, MAX_MANUAL_DEFLECTION),
});

const refusal = (reason: string, data: Record<string, string> = {}) =>
  refuse(`BRINK.Direct.Refusal.${reason}`, data);

/** A weapon striking under direct damage, or why it cannot (no die set: refused, RULES §7.3). */
function strikerWith(actor: BrinkActor, weaponId: string): DirectStriker | Refusal {
  if (weaponId === UNARMED) return unarmedStriker(actor);
  const weapon = actor.items.get(weaponId);
  const blocker = weaponBlocker(weapon);
  const data = weapon ? itemData(weapon, WeaponData) : null;
  if (blocker || !weapon || !data)
    return refuse(blocker ?? "BRINK.Attack.Refusal.not-a-weapon", { weapon: weapon?.name ?? "" });
  const attack = data.attackWeapon();
  if (!attack.damageDie) return refusal("no-die", { weapon: weapon.name, name: actor.name });
  return {
    actor,
    weaponName: weapon.name,
    die: attack.damageDie,
    damageType: attack.damageType,
    blast: attack.blast,
  };
}

/** The attacker, or a grouped one: owned by the asker and able to fight. */
async function fighterFor(uuid: string, user: User.Implementation): Promise<BrinkActor | Refusal> {
  const actor = await fromUuid(uuid);
  if (!(actor instanceof BrinkActor)) return refuse("BRINK.Damage.Refusal.targetGone");
  if (!actor.testUserPermission(user, "OWNER")) return refuse("BRINK.Roll.notOwner");
  const unfit = fightBlocker(actor.statuses, actorData(actor).exhaustion, CONDITIONS_PREVENTING_FIGHTS);
  if (!unfit) return actor;
  return unfit.kind === "exhausted"
    ? refuse("BRINK.Attack.Refusal.exhausted", { name: actor.name, exhaustion: String(unfit.exhaustion) })
    : refuse(`BRINK.Attack.Refusal.unfit.${unfit.condition}`, { name: actor.name });
}

const failed = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "ok" in value && value.ok === false;

/** Every weapon striking: the attacker's, its second one, and the grouped attackers'. */
async function strikersFor(
  ask: DirectAttackAsk,
  attacker: BrinkActor,
  user: User.Implementation,
): Promise<DirectStriker[] | Refusal> {
  const strikers = [strikerWith(attacker, ask.weaponId)];
  if (ask.offhandId === ask.weaponId) return refusal("same-weapon");
  if (ask.offhandId) strikers.push(strikerWith(attacker, ask.offhandId));
  if (ask.grouped.length && !user.isGM) return refusal("group-gm-only");
  const seen = new Set([attacker.uuid]);
  for (const grouped of ask.grouped) {
    if (seen.has(grouped.actorUuid)) return refusal("grouped-twice");
    seen.add(grouped.actorUuid);
    const actor = await fighterFor(grouped.actorUuid, user);
    strikers.push(failed(actor) ? actor : strikerWith(actor, grouped.weaponId));
  }
  const refused = strikers.find(failed);
  return refused ?? strikers.filter((s): s is DirectStriker => !failed(s));
}

/**
 * Spends an attack action for the attacker and for every attacker grouped with it (each once), in
 * combat. Each is checked first: one who cannot attack refuses the whole attack, nothing spent.
 */
async function spendAttacks(
  user: User.Implementation,
  actors: readonly BrinkActor[],
): Promise<Refusal | null> {
  const request = { operation: "action", action: "attack" } as const;
  const combatants = [...new Set(actors)].flatMap((actor) => combatantOf({ actor, token: null }) ?? []);
  for (const combatant of combatants) {
    const checked = combatant.checkEconomy(user, request);
    if (!checked.ok) return checked;
  }
  for (const combatant of combatants) {
    const spent = await combatant.resolveEconomy(user, request);
    if (!spent.ok) return spent;
  }
  return null;
}

/**
 * Why the blow has nothing to land on, or null: it goes at the targeted tokens or at a target whose
 * deflection is typed in, never both; grouped attackers gather on a token, so a typed target has none.
 */
function aimBlocker(ask: DirectAttackAsk, manualDeflection: number | null): string | null {
  if (manualDeflection === null) return ask.targets.length ? null : "BRINK.Attack.Refusal.no-target";
  if (ask.targets.length) return "BRINK.Attack.Refusal.manual-and-targets";
  return ask.grouped.length ? "BRINK.Direct.Refusal.grouped-manual" : null;
}

async function handleDirectAttack(
  ask: DirectAttackAsk,
  { user }: RequestContext,
): Promise<RequestResult<{ messageId: string }>> {
  if (optionalRules().damageRule !== "direct") return refusal("not-direct");
  const attacker = await fighterFor(ask.actorUuid, user);
  if (failed(attacker)) return attacker;
  const unarmed = ask.weaponId === UNARMED;
  const weapon = unarmed ? null : attacker.items.get(ask.weaponId);
  const weaponData = weapon ? itemData(weapon, WeaponData) : null;
  if (weapon === undefined || (weapon && !weaponData)) return refuse("BRINK.Attack.Refusal.not-a-weapon");
  const weaponName = weapon?.name ?? game.i18n.localize("BRINK.Direct.unarmed");
  const strikers = await strikersFor(ask, attacker, user);
  if (failed(strikers)) return strikers;
  const manualDeflection = ask.manualDeflection ?? null;
  const aimed = aimBlocker(ask, manualDeflection);
  if (aimed) return refuse(aimed, { weapon: weaponName });
  // RULES §7.4: a detachment's attack counts as blast, whatever its weapon.
  const blast = attacksWithBlast(attacker, weaponData?.attackWeapon().blast === true);
  if (ask.targets.length > 1 && !blast)
    return refuse("BRINK.Attack.Refusal.single-target-weapon", { weapon: weaponName });
  const targets = manualDeflection === null ? attackTargets(ask.targets, user) : [];
  if (typeof targets === "string") return refuse(targets, { weapon: weaponName });
  const spent = await spendAttacks(user, [attacker, ...strikers.slice(1).map((s) => s.actor)]);
  if (spent) return spent;
  const audience = { rollMode: ask.rollMode, userId: user.id ?? "" };
  const order = {
    ...{ attacker, weapon, strikers, position: ask.position, blast, targets, audience },
    manualDeflection,
  };
  const card = await rollDirectAttackCard(order);
  if (isRefusal(card)) return refuse(card.reason, { weapon: weaponName });
  return { ok: true, messageId: card.id ?? "" };
}

const askDirectAttack = defineRequest({
  name: "attack.direct",
  who: "any",
  parse: readDirectAttack,
  handle: handleDirectAttack,
});

/** The asker's side: sends the choice to the GM's client; a refusal is shown to this user. */
export const requestDirectAttack = (ask: DirectAttackAsk): Promise<RequestResult<{ messageId: string }>> =>
  askDirectAttack(ask);
