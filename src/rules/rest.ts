import { ATTRIBUTES, stepUp } from "./characters";
import type { Attribute, Pool } from "./characters";
import type { DiceSource, DieRating, DieSize } from "./dice";
import type { CarriedInjury, RecoveringCharacter, RollRecord } from "./retreat";

/** Consecutive safe long rests that heal a minor injury (S0). */
export const MINOR_INJURY_SAFE_RESTS = 3;
/** Nights in a week of bed rest, each one a safe long rest. */
export const BED_REST_NIGHTS = 7;

export interface RestCharacter extends RecoveringCharacter {
  readonly hitDie: DieSize;
  /** System strain (S2); max = CON value. Ignored when S2 is off. */
  readonly strain: Pool;
}

export interface RestOptions {
  /** Optional rule S2 (strain, temporary injuries, no sleeping in armour). */
  readonly s2: boolean;
  /** With S2 on, sleeping in armour blocks strain and injury recovery. */
  readonly sleptInArmour: boolean;
}

export type RestKind = "short" | "long-safe" | "long-unsafe" | "bed-rest";
export type RestBlock = "armour-blocks-strain" | "armour-blocks-injuries" | "max-strain-blocks-healing";

export interface RestChanges {
  readonly attributes?: Readonly<Partial<Record<Attribute, DieRating>>>;
  readonly endurance?: number;
  readonly health?: number;
  readonly hitDice?: number;
  readonly exhaustion?: number;
  readonly strain?: number;
}

export interface InjuryProgress {
  readonly id: string;
  readonly safeRests: number;
}

export interface RestUpdate {
  readonly actorId: string;
  readonly changes: RestChanges;
  readonly removeStatuses: readonly string[];
  readonly deleteInjuryIds: readonly string[];
  readonly injuryProgress: readonly InjuryProgress[];
}

export interface Change {
  readonly from: number;
  readonly to: number;
}

/** What a chat card lists: only what moved, plus why something did not. */
export interface RestSummary {
  readonly kind: RestKind;
  readonly endurance: Change;
  readonly health: Change;
  readonly hitDice: Change;
  readonly exhaustion: Change;
  readonly strain: Change;
  readonly healedInjuries: readonly CarriedInjury[];
  readonly minorInjuryProgress: readonly InjuryProgress[];
  readonly endedStatuses: readonly string[];
  readonly blocked: readonly RestBlock[];
}

export interface RestResult {
  readonly rolls: readonly RollRecord<"hit-die">[];
  readonly summary: RestSummary;
  readonly update: RestUpdate;
}

// --- short rest --------------------------------------------------------------------------------

/** Spend up to `count` hit dice; each restores its face + CON value, endurance first, then health. */
export function shortRest(character: RestCharacter, count: number, dice: DiceSource): RestResult {
  const spent = Math.max(0, Math.min(Math.floor(count), character.hitDice.value));
  const con = character.attributes.con;
  const rolls: RollRecord<"hit-die">[] = [];
  let state = character;
  for (let i = 0; i < spent; i += 1) {
    const face = dice.roll(character.hitDie);
    rolls.push({
      purpose: "hit-die",
      die: character.hitDie,
      faces: [face],
      modifier: con,
      total: face + con,
    });
    state = { ...state, ...restorePools(state.endurance, state.health, face + con) };
  }
  state = { ...state, hitDice: { ...state.hitDice, value: state.hitDice.value - spent } };
  return { rolls, ...summariseRest(character, state, "short", []) };
}

/** Healing fills endurance, the excess goes to health; neither passes its max. */
export function restorePools(
  endurance: Pool,
  health: Pool,
  amount: number,
): { endurance: Pool; health: Pool } {
  const toEndurance = Math.min(Math.max(0, endurance.max - endurance.value), amount);
  const toHealth = Math.min(Math.max(0, health.max - health.value), amount - toEndurance);
  return {
    endurance: { ...endurance, value: endurance.value + toEndurance },
    health: { ...health, value: health.value + toHealth },
  };
}

// --- long rests --------------------------------------------------------------------------------

export function longRest(character: RestCharacter, safe: boolean, options: RestOptions): RestResult {
  const night = safe ? safeNight(character, options) : unsafeNight(character, options);
  return {
    rolls: [],
    ...summariseRest(character, night.state, safe ? "long-safe" : "long-unsafe", night.blocked),
  };
}

/** A week of bed rest: seven safe nights (no armour), then every serious injury heals. */
export function bedRest(character: RestCharacter, options: Pick<RestOptions, "s2">): RestResult {
  const nightOptions: RestOptions = { s2: options.s2, sleptInArmour: false };
  let state = character;
  const blocked = new Set<RestBlock>();
  for (let night = 0; night < BED_REST_NIGHTS; night += 1) {
    const result = safeNight(state, nightOptions);
    state = result.state;
    result.blocked.forEach((block) => blocked.add(block));
  }
  state = healSeriousInjuries(state);
  return { rolls: [], ...summariseRest(character, state, "bed-rest", [...blocked]) };
}

interface Night {
  readonly state: RestCharacter;
  readonly blocked: readonly RestBlock[];
}

function safeNight(character: RestCharacter, options: RestOptions): Night {
  const armourBlocks = options.s2 && options.sleptInArmour;
  const healing = naturalHealing(character, character.level, options);
  let state: RestCharacter = {
    ...character,
    endurance: full(character.endurance),
    health: healing.health,
    hitDice: gain(character.hitDice, Math.max(1, Math.floor(character.hitDice.max / 2))),
    exhaustion: Math.max(0, character.exhaustion - 1),
    statuses: character.statuses.filter((status) => status !== "disoriented"),
    injuries: endUntilRest(character.injuries),
  };
  if (options.s2 && !armourBlocks) {
    state = {
      ...state,
      strain: { ...state.strain, value: Math.max(0, state.strain.value - 1) },
      injuries: state.injuries.filter((injury) => injury.kind !== "temporary"),
    };
  }
  if (!armourBlocks) state = countSafeRest(state);
  const blocked: RestBlock[] = armourBlocks ? ["armour-blocks-strain", "armour-blocks-injuries"] : [];
  return { state, blocked: [...blocked, ...healing.blocked] };
}

function unsafeNight(character: RestCharacter, options: RestOptions): Night {
  const healing = naturalHealing(character, 1, options);
  const injuries = endUntilRest(character.injuries).map((injury) =>
    injury.kind === "minor" && injury.safeRests > 0 ? { ...injury, safeRests: 0 } : injury,
  );
  return {
    state: { ...character, endurance: full(character.endurance), health: healing.health, injuries },
    blocked: healing.blocked,
  };
}

/** Any night's rest, safe or not, ends what lasts "until rest" (RULES §6, S1's d20 14–19). */
const endUntilRest = (injuries: readonly CarriedInjury[]): CarriedInjury[] =>
  injuries.filter((injury) => injury.kind !== "until-rest");

/** With S2 on, natural healing of health stops while strain is at its max. */
function naturalHealing(
  character: RestCharacter,
  amount: number,
  options: RestOptions,
): { health: Pool; blocked: RestBlock[] } {
  const atMaxStrain = options.s2 && character.strain.value >= character.strain.max;
  if (atMaxStrain) return { health: character.health, blocked: ["max-strain-blocks-healing"] };
  return { health: gain(character.health, amount), blocked: [] };
}

function countSafeRest(character: RestCharacter): RestCharacter {
  const injuries: CarriedInjury[] = [];
  for (const injury of character.injuries) {
    if (injury.kind !== "minor") {
      injuries.push(injury);
      continue;
    }
    const safeRests = injury.safeRests + 1;
    if (safeRests < MINOR_INJURY_SAFE_RESTS) injuries.push({ ...injury, safeRests });
  }
  return { ...character, injuries };
}

/** Serious injuries heal by stepping their attribute back up one size. */
function healSeriousInjuries(character: RestCharacter): RestCharacter {
  const attributes = { ...character.attributes };
  for (const injury of character.injuries) {
    if (injury.kind === "serious") attributes[injury.attribute] = stepUp(attributes[injury.attribute]);
  }
  return {
    ...character,
    attributes,
    injuries: character.injuries.filter((injury) => injury.kind !== "serious"),
  };
}

// --- results -----------------------------------------------------------------------------------

function summariseRest(
  before: RestCharacter,
  after: RestCharacter,
  kind: RestKind,
  blocked: readonly RestBlock[],
): { summary: RestSummary; update: RestUpdate } {
  const afterIds = new Set(after.injuries.map((injury) => injury.id));
  const healedInjuries = before.injuries.filter((injury) => !afterIds.has(injury.id));
  const endedStatuses = before.statuses.filter((status) => !after.statuses.includes(status));
  const injuryProgress = minorProgress(before, after);
  return {
    summary: {
      kind,
      endurance: change(before.endurance.value, after.endurance.value),
      health: change(before.health.value, after.health.value),
      hitDice: change(before.hitDice.value, after.hitDice.value),
      exhaustion: change(before.exhaustion, after.exhaustion),
      strain: change(before.strain.value, after.strain.value),
      healedInjuries,
      minorInjuryProgress: injuryProgress,
      endedStatuses,
      blocked: [...new Set(blocked)],
    },
    update: {
      actorId: before.id,
      changes: restChanges(before, after),
      removeStatuses: endedStatuses,
      deleteInjuryIds: healedInjuries.map((injury) => injury.id),
      injuryProgress,
    },
  };
}

function minorProgress(before: RestCharacter, after: RestCharacter): InjuryProgress[] {
  const progress: InjuryProgress[] = [];
  for (const injury of after.injuries) {
    if (injury.kind !== "minor") continue;
    const previous = before.injuries.find((old) => old.id === injury.id);
    if (previous?.kind === "minor" && previous.safeRests !== injury.safeRests) {
      progress.push({ id: injury.id, safeRests: injury.safeRests });
    }
  }
  return progress;
}

function restChanges(before: RestCharacter, after: RestCharacter): RestChanges {
  const changes: { -readonly [K in keyof RestChanges]: RestChanges[K] } = {};
  const attributes: Partial<Record<Attribute, DieRating>> = {};
  for (const attribute of ATTRIBUTES) {
    if (after.attributes[attribute] !== before.attributes[attribute])
      attributes[attribute] = after.attributes[attribute];
  }
  if (Object.keys(attributes).length > 0) changes.attributes = attributes;
  if (after.endurance.value !== before.endurance.value) changes.endurance = after.endurance.value;
  if (after.health.value !== before.health.value) changes.health = after.health.value;
  if (after.hitDice.value !== before.hitDice.value) changes.hitDice = after.hitDice.value;
  if (after.exhaustion !== before.exhaustion) changes.exhaustion = after.exhaustion;
  if (after.strain.value !== before.strain.value) changes.strain = after.strain.value;
  return changes;
}

/** The character after a rest update, modelled on plain data (tests and the simulator). */
export function applyRestUpdate(character: RestCharacter, update: RestUpdate): RestCharacter {
  const { changes } = update;
  const deleted = new Set(update.deleteInjuryIds);
  const removed = new Set(update.removeStatuses);
  const progress = new Map(update.injuryProgress.map((entry) => [entry.id, entry.safeRests]));
  return {
    ...character,
    attributes: { ...character.attributes, ...changes.attributes },
    endurance: { ...character.endurance, value: changes.endurance ?? character.endurance.value },
    health: { ...character.health, value: changes.health ?? character.health.value },
    hitDice: { ...character.hitDice, value: changes.hitDice ?? character.hitDice.value },
    exhaustion: changes.exhaustion ?? character.exhaustion,
    strain: { ...character.strain, value: changes.strain ?? character.strain.value },
    statuses: character.statuses.filter((status) => !removed.has(status)),
    injuries: character.injuries
      .filter((injury) => !deleted.has(injury.id))
      .map((injury) => {
        const safeRests = progress.get(injury.id);
        return injury.kind === "minor" && safeRests !== undefined ? { ...injury, safeRests } : injury;
      }),
  };
}

const full = (pool: Pool): Pool => ({ ...pool, value: Math.max(pool.value, pool.max) });
const gain = (pool: Pool, amount: number): Pool => ({
  ...pool,
  value: Math.max(pool.value, Math.min(pool.max, pool.value + amount)),
});
const change = (from: number, to: number): Change => ({ from, to });
