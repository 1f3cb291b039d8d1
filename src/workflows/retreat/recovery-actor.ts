/**
 * Brink actors as the recovery rules see them (shared by retreat, rest and morale): their prepared
 * data, their injuries, and the characters the rules take.
 */
import { actorData, itemData, physicalData, InjuryData, SetbackData, type BrinkActorData } from "../../data";
import type { Attribute } from "../../rules/characters";
import type { DieRating } from "../../rules/dice";
import type { CarriedInjury, RecoveringCharacter, RetreatCharacter } from "../../rules/retreat";

/** The prepared data the recovery workflows read: Brink's actor model (every actor type shares it). */
export type RecoveryActorData = BrinkActorData;

export const recoveryData = (actor: Actor.Implementation): RecoveryActorData => actorData(actor);
/** An injury item's data, or null for any other item. */
export const injuryData = (item: Item.Implementation): InjuryData | null => itemData(item, InjuryData);
/** A setback item's data, or null for any other item. */
export const setbackData = (item: Item.Implementation): SetbackData | null => itemData(item, SetbackData);
export { physicalData };

export const effectiveAttributes = (system: RecoveryActorData): Record<Attribute, DieRating> =>
  system.effectiveAttributes();

/** S2 injuries live in the death rules' list; their ids are their places in it. */
export const S2_INJURY_PREFIX = "s2:";

/** Injuries as the rules carry them: retreat injuries and wounds from items, S2 injuries from the death track. */
export function carriedInjuries(actor: Actor.Implementation): CarriedInjury[] {
  const system = recoveryData(actor);
  const injuries: CarriedInjury[] = [];
  for (const item of actor.items) {
    const data = injuryData(item);
    if (!data) continue;
    const id = item.id ?? "";
    // RULES §6: an S2 wound heals on a safe night's rest (out of armour) only while temporary.
    if (data.kind === "wound") {
      injuries.push({ id, kind: data.permanent ? "permanent" : "temporary" });
    } else if (data.heals === "nightRest") {
      injuries.push({ id, kind: "until-rest" });
    } else if (data.kind === "serious" && data.attribute) {
      const rating = system.attributes[data.attribute];
      // The die and its effective value: what the injury (among others) stepped it down from and to.
      injuries.push({
        id,
        kind: "serious",
        attribute: data.attribute as Attribute,
        from: rating.die as DieRating,
        to: rating.value,
      });
    } else if (data.countsSafeRests() && data.attribute) {
      injuries.push({
        id,
        kind: "minor",
        attribute: data.attribute,
        testModifier: -data.penalty,
        safeRests: data.progress.value,
      });
    }
  }
  system.death.injuries.forEach((injury, index) =>
    injuries.push({ id: `${S2_INJURY_PREFIX}${index}`, kind: injury.permanent ? "permanent" : "temporary" }),
  );
  return injuries;
}

/** The part of a character that retreat and rest both read. */
export function recoveringCharacter(actor: Actor.Implementation): RecoveringCharacter {
  const system = recoveryData(actor);
  return {
    id: actor.uuid,
    level: system.level,
    attributes: effectiveAttributes(system),
    endurance: { value: system.endurance.value, max: system.endurance.max },
    health: { value: system.health.value, max: system.health.max },
    hitDice: { value: system.hitDice.value, max: system.hitDice.max },
    exhaustion: system.exhaustion,
    statuses: [...system.conditions],
    injuries: carriedInjuries(actor),
  };
}

export function retreatCharacter(actor: Actor.Implementation): RetreatCharacter {
  const system = recoveryData(actor);
  return {
    ...recoveringCharacter(actor),
    luckBonus: system.luck.bonus,
    deathDifficulty: system.luck.deathDifficulty,
    items: actor.items.contents.flatMap((item) => {
      const data = physicalData(item);
      return data ? [{ id: item.id ?? "", worn: data.equipped, dropped: data.dropped }] : [];
    }),
  };
}
