/**
 * Brink actors as the recovery rules see them (shared by retreat, rest and morale): their prepared
 * data, their injuries, and the characters the rules take.
 */
import type { RatingState } from "../../data/actor";
import { ATTRIBUTES, type Attribute, type Pool } from "../../rules/characters";
import type { DieRating } from "../../rules/dice";
import type { CarriedInjury, RecoveringCharacter, RetreatCharacter } from "../../rules/retreat";

/** The prepared system data the recovery workflows read (every Brink actor type shares it). */
export interface RecoveryActorData {
  level: number;
  attributes: Record<Attribute, RatingState>;
  endurance: Pool;
  health: Pool;
  hitDice: { value: number; max: number; die: number };
  exhaustion: number;
  strain: Pool;
  morale: number;
  leader: boolean;
  luck: { bonus: number; deathDifficulty: number };
  conditions: Set<string>;
  death: {
    pending: string | null;
    dying: object | null;
    downed: object | null;
    injuries: { key: string; detail: unknown; permanent: boolean }[];
  };
}

interface InjuryItemData {
  kind: string;
  attribute: Attribute | null;
  penalty: number;
  progress: { value: number; max: number };
  permanent: boolean;
}
interface SetbackItemData {
  kind: string;
  endsOn: string;
}
interface PhysicalItemData {
  equipped?: boolean;
  dropped?: boolean;
}

// Brink actors and items carry Brink's data models (data/actor, data/item); read them as such.
export const recoveryData = (actor: Actor.Implementation): RecoveryActorData =>
  actor.system as unknown as RecoveryActorData;
export const injuryData = (item: Item.Implementation): InjuryItemData =>
  item.system as unknown as InjuryItemData;
export const setbackData = (item: Item.Implementation): SetbackItemData =>
  item.system as unknown as SetbackItemData;
export const physicalData = (item: Item.Implementation): PhysicalItemData =>
  item.system as unknown as PhysicalItemData;

export const effectiveAttributes = (system: RecoveryActorData): Record<Attribute, DieRating> =>
  Object.fromEntries(ATTRIBUTES.map((key) => [key, system.attributes[key].value])) as Record<
    Attribute,
    DieRating
  >;

/** S2 injuries live in the death rules' list; their ids are their places in it. */
export const S2_INJURY_PREFIX = "s2:";

/** Injuries as the rules carry them: retreat injuries and wounds from items, S2 injuries from the death track. */
export function carriedInjuries(actor: Actor.Implementation): CarriedInjury[] {
  const system = recoveryData(actor);
  const injuries: CarriedInjury[] = [];
  for (const item of actor.items) {
    if (item.type !== "injury") continue;
    const data = injuryData(item);
    const id = item.id ?? "";
    if (data.kind === "serious" && data.attribute) {
      const rating = system.attributes[data.attribute];
      // The die and its effective value: what the injury (among others) stepped it down from and to.
      injuries.push({
        id,
        kind: "serious",
        attribute: data.attribute,
        from: rating.die as DieRating,
        to: rating.value,
      });
    } else if (data.kind === "minor" && data.attribute) {
      injuries.push({
        id,
        kind: "minor",
        attribute: data.attribute,
        testModifier: -data.penalty,
        safeRests: data.progress.value,
      });
    } else if (data.kind === "wound") {
      injuries.push({ id, kind: data.permanent ? "permanent" : "temporary" });
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
    items: actor.items
      .filter((item) => physicalData(item).equipped !== undefined)
      .map((item) => ({
        id: item.id ?? "",
        worn: physicalData(item).equipped === true,
        dropped: physicalData(item).dropped === true,
      })),
  };
}
