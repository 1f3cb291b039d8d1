import {
  ATTRIBUTES,
  SKILLS,
  abilityModifier,
  isBloodied,
  isHarmed,
  stepDown,
  tooExhaustedToFight,
  zeroAttributeOutcome,
  type Attribute,
  type Skill,
  type ZeroAttributeOutcome,
} from "../../rules/characters";
import { isDieRating, type DieRating } from "../../rules/dice";
import type { Attacker, Defender } from "../../rules/attacks";
import type { ActorState, LifeStatus, PendingChoice } from "../../rules/damage-chain";
import type { DownedTrack } from "../../rules/stabilise";
import type { CriticalTrack } from "../../rules/life-tracks";
import { DYING_MOVE_METRES, isDying, type DyingTrack, type S2Injury } from "../../rules/dying";
import { STATUS_IDS } from "../../status-effects";
import { repairActorSource } from "./stored-values";
import { EXPIRIES } from "../../rules/condition-durations";
import { countField, descriptionField, dieField, poolField } from "../shared/fields";
import { ArmourData } from "../item/armour";
import { itemData } from "../item/narrow";

const fields = () => foundry.data.fields;

type DieSchema = foundry.data.fields.SchemaField<{ die: ReturnType<typeof dieField> }>;

function diceGroup<K extends string>(keys: readonly K[], initial: number, allowNone: boolean) {
  const f = fields();
  const entries = keys.map((key) => [key, new f.SchemaField({ die: dieField(initial, allowNone) })]);
  // Object.fromEntries loses the key union; the keys are exactly `keys`.
  return new f.SchemaField(Object.fromEntries(entries) as Record<K, DieSchema>);
}

export const actorSchema = () => {
  const f = fields();
  return {
    attributes: diceGroup(ATTRIBUTES, 6, false),
    skills: diceGroup(SKILLS, 0, true),
    proficiencies: new f.SetField(new f.StringField({ required: true, blank: false })),
    fortitude: countField(0, -10),
    endurance: poolField(10),
    health: poolField(10),
    stamina: poolField(3),
    focus: poolField(3),
    evasion: countField(6),
    deflection: new f.SchemaField({ physical: countField(0), elemental: countField(0) }),
    size: new f.NumberField({ required: true, nullable: false, integer: true, min: 2, max: 7, initial: 4 }),
    speed: countField(6),
    luck: new f.SchemaField({ bonus: countField(0, -20), deathDifficulty: countField(10, 1) }),
    level: countField(1, 1),
    xp: countField(0),
    hitDice: new f.SchemaField({ value: countField(1), max: countField(1), die: dieField(8) }),
    exhaustion: countField(0, 0, 6),
    strain: new f.SchemaField({ value: countField(0) }),
    morale: countField(0, -10),
    leader: new f.BooleanField({ required: true, initial: false }),
    /** NPCs only (RULES §7.4, S3): a group of like creatures fought as one combatant, and how many. */
    detachment: new f.SchemaField({
      enabled: new f.BooleanField({ required: true, initial: false }),
      members: countField(0),
    }),
    /** Long-term recovery (RULES §6, S2; characters only): banked level heals, retirement. */
    recovery: new f.SchemaField({
      /** Permanent injuries the character may still heal for levels gained while injured. */
      levelHeals: countField(0),
      /** The highest level reached, so a lowered and raised level banks nothing; 0 = not yet seen. */
      peakLevel: countField(0),
      retired: new f.BooleanField({ required: true, initial: false }),
      /** Sessions its player has played since it retired. */
      sessions: countField(0),
      /** World time (seconds) of its last month of downtime; null for never. */
      downtimeAt: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
      /** The character its retirement made: a later retirement reuses it (issue 23); "" for none. */
      successorUuid: new f.StringField({ required: true, blank: true, initial: "" }),
    }),
    details: new f.SchemaField({ biography: descriptionField(), notes: descriptionField() }),
    /** Conditions the rules set (unconscious, dying, stable, dead…); shown as statuses without effects. */
    conditions: new f.SetField(new f.StringField({ required: true, choices: [...STATUS_IDS] })),
    /** When timed conditions end by themselves (RULES §9; rules/condition-durations). None on older actors. */
    timers: new f.ArrayField(
      new f.SchemaField({
        status: new f.StringField({ required: true, blank: false, choices: [...STATUS_IDS] }),
        expiry: new f.StringField({ required: true, blank: false, choices: [...EXPIRIES] }),
        count: new f.NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 1 }),
      }),
    ),
    /** Where the active death rule keeps its place (RULES §4, §6). */
    death: new f.SchemaField({
      pending: new f.StringField({
        required: true,
        nullable: true,
        initial: null,
        choices: ["fortify", "strain-or-injury"],
      }),
      dying: new f.ObjectField({ required: true, nullable: true, initial: null }),
      downed: new f.ObjectField({ required: true, nullable: true, initial: null }),
      /** RULES §7.3 critical damage: the hour left unless aided. */
      critical: new f.ObjectField({ required: true, nullable: true, initial: null }),
      injuries: new f.ArrayField(new f.ObjectField({ required: true })),
    }),
  };
};
export type ActorSchema = ReturnType<typeof actorSchema>;

/** What Active Effects may change (set in prepareBaseData) and what is derived from the source. */
export type RatingState = {
  die: number;
  /** Effective die after injuries stepped it down. */
  value: DieRating;
  /** Steps down applied by effects (serious injuries). */
  steps: number;
  /** Flat modifier to tests with this rating (minor injuries: −1). */
  bonus: number;
  /** Disadvantage sources imposed by effects (disoriented). */
  disadvantage: number;
  /** The plain-check modifier derived from the die (RULES §2). */
  modifier: number;
};
export type ActorDerived = {
  attributes: Record<Attribute, RatingState>;
  skills: Record<Skill, RatingState>;
  harmed: boolean;
  bloodied: boolean;
  /** Exhaustion's penalty to every test (a negative number or 0). */
  testPenalty: number;
  strain: { value: number; max: number };
  /** What the attributes at 0 do (RULES §1), each once; empty while every attribute has a die. */
  incapacities: ZeroAttributeOutcome[];
  /** The gravest of them (dead first), or null while every attribute has a die. */
  incapacitation: ZeroAttributeOutcome | null;
  /** Deflection with worn armour added, and where each point comes from (sheet tooltips). */
  defence: { physical: number; elemental: number; sources: DeflectionSource[] };
};

export interface DeflectionSource {
  name: string;
  physical: number;
  elemental: number;
}

/** Worn, unbroken armour adds its deflection (RULES §1 defences). */
export function wornArmour(items: Iterable<Item.Implementation>): DeflectionSource[] {
  return [...items].flatMap((item) => {
    const armour = itemData(item, ArmourData);
    if (!armour?.equipped || armour.dropped || armour.condition.broken) return [];
    return [{ name: item.name, ...armour.deflection }];
  });
}

function stepDownTimes(die: number, steps: number): DieRating {
  let rating: DieRating = isDieRating(die) ? die : 0;
  for (let i = 0; i < steps; i += 1) rating = stepDown(rating);
  return rating;
}

/** Shared behaviour of characters and NPCs. */
export class BrinkActorData extends foundry.abstract.TypeDataModel<
  ActorSchema,
  Actor.Implementation,
  Record<string, never>,
  ActorDerived
> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  /**
   * Older source shapes still load (Foundry runs this on stored data and on update diffs, so it
   * only converts what is present):
   * - attributes and skills stored as bare die sizes (`str: 8`) become `{ die: 8 }`;
   * - a top-level `deathDifficulty` moves into `luck`;
   * - `detachment` stored as a bare flag (`detachment: true`) becomes `{ enabled: true }`;
   * - values that cannot validate are repaired (stored-values.ts), so one bad field never hides an actor.
   */
  static override migrateData(source: Record<string, unknown>) {
    for (const group of ["attributes", "skills"]) {
      const ratings = source[group];
      if (!ratings || typeof ratings !== "object") continue;
      for (const [key, value] of Object.entries(ratings)) {
        if (typeof value === "number") (ratings as Record<string, unknown>)[key] = { die: value };
      }
    }
    if (typeof source.deathDifficulty === "number") {
      const luck = (source.luck ?? {}) as Record<string, unknown>;
      luck.deathDifficulty ??= source.deathDifficulty;
      source.luck = luck;
      delete source.deathDifficulty;
    }
    if (typeof source.detachment === "boolean") source.detachment = { enabled: source.detachment };
    repairActorSource(source);
    return super.migrateData(source);
  }

  override prepareBaseData(): void {
    for (const group of [this.attributes, this.skills]) {
      for (const rating of Object.values<RatingState>(group)) {
        rating.steps = 0;
        rating.bonus = 0;
        rating.disadvantage = 0;
      }
    }
    // RULES §5/§9: Disoriented (marked in the token HUD) gives Notice and Investigate disadvantage until
    // a safe long rest; a Disoriented setback item already carries that effect, so it is not doubled.
    if (this.conditions.has("disoriented") && !this.#carriesDisorientedSetback()) {
      this.skills.notice.disadvantage = 1;
      this.skills.investigate.disadvantage = 1;
    }
  }

  #carriesDisorientedSetback(): boolean {
    return [...(this.parent?.items ?? [])].some(
      (item) => item.type === "setback" && (item.system as { kind?: unknown }).kind === "disoriented",
    );
  }

  override prepareDerivedData(): void {
    for (const group of [this.attributes, this.skills]) {
      for (const rating of Object.values<RatingState>(group)) {
        rating.value = stepDownTimes(rating.die, rating.steps);
        rating.modifier = abilityModifier(rating.value);
      }
    }
    this.harmed = isHarmed(this.endurance);
    this.bloodied = isBloodied(this.health);
    this.testPenalty = -this.exhaustion;
    // RULES §1: exhaustion 5+ leaves the character unable to move; the stored speed comes back with rest.
    if (tooExhaustedToFight(this.exhaustion)) this.speed = 0;
    // RULES §6: the dying crawl at most 1.5 m a move.
    if (isDying(this.conditions)) this.speed = Math.min(this.speed, DYING_MOVE_METRES);
    this.strain.max = this.attributes.con.value;
    const zero = ATTRIBUTES.filter((key) => this.attributes[key].value === 0);
    this.incapacities = [...new Set(zero.map(zeroAttributeOutcome))];
    this.incapacitation = this.incapacities.includes("dead") ? "dead" : (this.incapacities[0] ?? null);
    // Items are prepared before the actor's derived data, so worn armour is known here.
    const armour = wornArmour(this.parent?.items ?? []);
    this.defence = {
      physical: this.deflection.physical + armour.reduce((sum, a) => sum + a.physical, 0),
      elemental: this.deflection.elemental + armour.reduce((sum, a) => sum + a.elemental, 0),
      sources: armour,
    };
  }

  /** Each attribute's effective die, after injuries stepped it down. */
  effectiveAttributes(): Record<Attribute, DieRating> {
    const dice = {} as Record<Attribute, DieRating>;
    for (const key of ATTRIBUTES) dice[key] = this.attributes[key].value;
    return dice;
  }

  /** This actor as the rules' attacker (RULES §4), having made `attacksThisRound` attacks already. */
  attacker(attacksThisRound: number): Attacker {
    return {
      attributes: this.effectiveAttributes(),
      combat: this.skills.combat.value,
      proficiencies: [...this.proficiencies],
      luckBonus: this.luck.bonus,
      size: this.size,
      attacksThisRound,
    };
  }

  /** This actor as the rules' defender: evasion, deflection with worn armour, size. */
  defender(id: string): Defender {
    return {
      id,
      evasion: this.evasion,
      deflection: { physical: this.defence.physical, elemental: this.defence.elemental },
      size: this.size,
    };
  }

  /** Where the death rules keep their place: S2's injuries and dying track, S1's downed track. */
  lifeTracks(): {
    injuries: S2Injury[];
    dying: DyingTrack | null;
    downed: DownedTrack | null;
    critical: CriticalTrack | null;
  } {
    // The death rules wrote these shapes themselves (plain JSON kept in ObjectFields).
    const injuries: object[] = this.death.injuries;
    const { dying, downed, critical }: Record<"dying" | "downed" | "critical", object | null> = this.death;
    return {
      injuries: injuries as S2Injury[],
      dying: dying as DyingTrack | null,
      downed: downed as DownedTrack | null,
      critical: critical as CriticalTrack | null,
    };
  }

  /** This actor as the damage chain and death rules see it (RULES §4–§6). */
  actorState(reactionAvailable = true): ActorState {
    const has = (condition: keyof LifeStatus) => this.conditions.has(condition);
    return {
      endurance: { ...this.endurance },
      health: { ...this.health },
      stamina: { ...this.stamina },
      focus: { ...this.focus },
      attributes: this.effectiveAttributes(),
      athletics: this.skills.athletics.value,
      fortitude: this.fortitude,
      deflection: { physical: this.defence.physical, elemental: this.defence.elemental },
      luckBonus: this.luck.bonus,
      deathDifficulty: this.luck.deathDifficulty,
      reactionAvailable,
      status: {
        unconscious: has("unconscious"),
        dying: has("dying"),
        stable: has("stable"),
        dead: has("dead"),
        routed: has("routed"),
      },
      pending: this.death.pending as PendingChoice | null,
      strain: { ...this.strain },
      ...this.lifeTracks(),
    };
  }
}

/**
 * A Brink actor's prepared data. Foundry types `actor.system` as a union over every actor type
 * (a module's included); every type Brink registers has a BrinkActorData, so anything else is a bug.
 */
export function actorData(actor: Actor.Implementation): BrinkActorData {
  const { system } = actor;
  if (system instanceof BrinkActorData) return system;
  throw new Error(`Brink | actor "${actor.name}" of type "${actor.type}" has no Brink data`);
}
