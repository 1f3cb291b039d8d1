/**
 * One character's working copy while its consequences are rolled, and the update it comes to.
 */
import { ATTRIBUTES, type Attribute, type Pool } from "../characters";
import type { DieRating } from "../dice";
import type {
  CarriedInjury,
  DropItemsChoice,
  RetreatActorUpdate,
  RetreatChanges,
  RetreatCharacter,
  RetreatConsequence,
  RetreatRollPurpose,
  RollRecord,
} from "./state";
import type { SetbackOutcome } from "./tables";

/** Mutable working copy of one character while its consequences are rolled. */
export interface Draft {
  readonly character: RetreatCharacter;
  readonly id: string;
  attributes: Record<Attribute, DieRating>;
  endurance: Pool;
  health: Pool;
  hitDice: Pool;
  exhaustion: number;
  readonly addStatuses: string[];
  readonly injuries: CarriedInjury[];
  readonly rolls: RollRecord<RetreatRollPurpose>[];
  readonly consequences: RetreatConsequence[];
  readonly choices: DropItemsChoice[];
  readonly setbacks: SetbackOutcome[];
}

export function startDraft(character: RetreatCharacter, id: string): Draft {
  return {
    character,
    id,
    attributes: { ...character.attributes },
    endurance: { ...character.endurance },
    health: { ...character.health },
    hitDice: { ...character.hitDice },
    exhaustion: character.exhaustion,
    addStatuses: [],
    injuries: [],
    rolls: [],
    consequences: [],
    choices: [],
    setbacks: [],
  };
}

export function addStatus(draft: Draft, status: string): void {
  if (!draft.character.statuses.includes(status) && !draft.addStatuses.includes(status)) {
    draft.addStatuses.push(status);
  }
}

export function draftUpdate(draft: Draft): RetreatActorUpdate {
  const before = draft.character;
  const attributes: Partial<Record<Attribute, DieRating>> = {};
  for (const attribute of ATTRIBUTES) {
    if (draft.attributes[attribute] !== before.attributes[attribute]) {
      attributes[attribute] = draft.attributes[attribute];
    }
  }
  const changes: { -readonly [K in keyof RetreatChanges]: RetreatChanges[K] } = {};
  if (Object.keys(attributes).length > 0) changes.attributes = attributes;
  if (draft.endurance.value !== before.endurance.value) changes.endurance = draft.endurance.value;
  if (draft.health.value !== before.health.value) changes.health = draft.health.value;
  if (draft.hitDice.value !== before.hitDice.value) changes.hitDice = draft.hitDice.value;
  if (draft.exhaustion !== before.exhaustion) changes.exhaustion = draft.exhaustion;
  return { actorId: before.id, changes, addStatuses: draft.addStatuses, createInjuries: draft.injuries };
}

export function nextInjuryId(draft: Draft): string {
  return `${draft.id}:injury-${draft.injuries.length + 1}`;
}
