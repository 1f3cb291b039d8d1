/** A retreating character's state and the results of its retreat, all plain JSON. */
import type { Attribute, Pool } from "../characters";
import type { DieRating } from "../dice";
import type { RetreatOutcome, SetbackOutcome } from "./tables";

/**
 * Injuries a character carries. Serious and minor ones come from retreats (S0); temporary and
 * permanent ones from the S2 injury table. `origin` names the resolution that created one.
 */
export type CarriedInjury =
  | {
      readonly id: string;
      readonly kind: "serious";
      readonly attribute: Attribute;
      readonly from: DieRating;
      readonly to: DieRating;
      readonly origin?: string;
    }
  | {
      readonly id: string;
      readonly kind: "minor";
      readonly attribute: Attribute;
      readonly testModifier: number;
      readonly safeRests: number;
      readonly origin?: string;
    }
  | { readonly id: string; readonly kind: "temporary" | "permanent"; readonly origin?: string }
  /** Gone after the character's next night of rest, safe or not (S1's "until rest"). */
  | { readonly id: string; readonly kind: "until-rest"; readonly origin?: string };

export interface GearItem {
  readonly id: string;
  readonly worn: boolean;
  readonly dropped: boolean;
}

/** What retreat and rest both read of a character. */
export interface RecoveringCharacter {
  readonly id: string;
  readonly level: number;
  readonly attributes: Readonly<Record<Attribute, DieRating>>;
  readonly endurance: Pool;
  readonly health: Pool;
  readonly hitDice: Pool;
  readonly exhaustion: number;
  readonly statuses: readonly string[];
  readonly injuries: readonly CarriedInjury[];
}

export interface RetreatCharacter extends RecoveringCharacter {
  readonly luckBonus: number;
  readonly deathDifficulty: number;
  readonly items: readonly GearItem[];
}

export interface RetreatParty {
  /** Stable name of the occasion, e.g. the combat id; part of the resolution id. */
  readonly key: string;
  readonly characters: readonly RetreatCharacter[];
}

export type RetreatRollPurpose =
  | "retreat-table"
  | "setback-table"
  | "death-luck"
  | "serious-attribute"
  | "serious-repick"
  | "minor-attribute"
  | "attrition-damage"
  | "dropped-count";

/** A roll as it was made, so the Foundry layer can present it as a real Roll. */
export interface RollRecord<P extends string = string> {
  readonly purpose: P;
  readonly die: number;
  readonly faces: readonly number[];
  readonly modifier: number;
  readonly total: number;
  readonly target?: number;
  readonly success?: boolean;
}

export interface DropItemsChoice {
  readonly id: string;
  readonly actorId: string;
  readonly rolled: number;
  /** How many the GM picks: the roll, or fewer when fewer worn items are left. */
  readonly count: number;
  readonly candidateIds: readonly string[];
}

export type RetreatConsequence =
  | {
      readonly key: "serious-injury";
      readonly attribute: Attribute;
      readonly from: DieRating;
      readonly to: DieRating;
      readonly injuryId: string;
    }
  | { readonly key: "no-attribute-left" }
  | { readonly key: "minor-injury"; readonly attribute: Attribute; readonly injuryId: string }
  | { readonly key: "exhaustion"; readonly from: number; readonly to: number }
  | { readonly key: "drop-items"; readonly choice: DropItemsChoice }
  | { readonly key: "separated" }
  | { readonly key: "disoriented" }
  | {
      readonly key: "attrition";
      readonly damage: number;
      readonly enduranceLost: number;
      readonly healthLost: number;
      readonly hitDiceLost: number;
      readonly stable: boolean;
    }
  | { readonly key: "stable-at-zero" };

export interface RetreatChanges {
  readonly attributes?: Readonly<Partial<Record<Attribute, DieRating>>>;
  readonly endurance?: number;
  readonly health?: number;
  readonly hitDice?: number;
  readonly exhaustion?: number;
}

/** Everything one actor receives, written as one update by the Foundry layer. */
export interface RetreatActorUpdate {
  readonly actorId: string;
  readonly changes: RetreatChanges;
  readonly addStatuses: readonly string[];
  readonly createInjuries: readonly CarriedInjury[];
}

export interface CharacterRetreat {
  readonly id: string;
  readonly actorId: string;
  readonly downed: boolean;
  readonly deathLuck: { readonly successes: number; readonly failures: number } | null;
  readonly rolls: readonly RollRecord<RetreatRollPurpose>[];
  readonly outcomes: readonly RetreatOutcome[];
  readonly setbacks: readonly SetbackOutcome[];
  readonly consequences: readonly RetreatConsequence[];
  readonly pendingChoices: readonly DropItemsChoice[];
  readonly update: RetreatActorUpdate;
  /** The character exactly as it was before, for revert. */
  readonly snapshot: RetreatCharacter;
}

export interface EmergencyRetreatResolution {
  readonly id: string;
  readonly characters: readonly CharacterRetreat[];
}
