import { absorbDamage } from "./damage";
import { ATTRIBUTES, stepDown } from "./characters";
import type { Attribute, Pool } from "./characters";
import type { DiceSource, DieRating } from "./dice";

// ---------------------------------------------------------------------------------------------
// Tables as data (RULES §5). The compendium RollTables are checked against these defaults, and
// every resolver takes a table as a parameter so a GM-edited table changes what happens.
// ---------------------------------------------------------------------------------------------

export const RETREAT_OUTCOMES = ["serious-injury", "minor-injury", "setback", "attrition"] as const;
export type RetreatOutcome = (typeof RETREAT_OUTCOMES)[number];

export const SETBACK_OUTCOMES = ["exhaustion", "drop-items", "separated", "disoriented"] as const;
export type SetbackOutcome = (typeof SETBACK_OUTCOMES)[number];

/** One row of a table: an inclusive range of faces (or success counts) and what it gives. */
export interface TableRow<T> {
  readonly range: readonly [number, number];
  readonly result: T;
}

/** A table rolled with one die of `die` faces. */
export interface DiceTable<T> {
  readonly die: number;
  readonly rows: readonly TableRow<T>[];
}

/** Rows keyed by the number of death luck successes, 0 to 3. */
export type DownedTable = readonly TableRow<readonly RetreatOutcome[]>[];

export interface RetreatTables {
  readonly retreat: DiceTable<RetreatOutcome>;
  readonly setback: DiceTable<SetbackOutcome>;
  readonly downed: DownedTable;
}

export const DEFAULT_RETREAT_TABLE: DiceTable<RetreatOutcome> = {
  die: 10,
  rows: [
    { range: [1, 2], result: "serious-injury" },
    { range: [3, 5], result: "minor-injury" },
    { range: [6, 8], result: "setback" },
    { range: [9, 10], result: "attrition" },
  ],
};

export const DEFAULT_SETBACK_TABLE: DiceTable<SetbackOutcome> = {
  die: 10,
  rows: [
    { range: [1, 3], result: "exhaustion" },
    { range: [4, 5], result: "drop-items" },
    { range: [6, 7], result: "separated" },
    { range: [8, 10], result: "disoriented" },
  ],
};

/** RULES §5 [decision]: what a character downed at zero health takes, by death luck successes. */
export const DEFAULT_DOWNED_TABLE: DownedTable = [
  { range: [0, 0], result: ["serious-injury", "serious-injury"] },
  { range: [1, 1], result: ["serious-injury", "setback"] },
  { range: [2, 2], result: ["serious-injury"] },
  { range: [3, 3], result: ["minor-injury"] },
];

export const DEFAULT_RETREAT_TABLES: RetreatTables = {
  retreat: DEFAULT_RETREAT_TABLE,
  setback: DEFAULT_SETBACK_TABLE,
  downed: DEFAULT_DOWNED_TABLE,
};

export const DEATH_LUCK_TESTS_TO_SETTLE = 3;
/** S0 setbacks never push exhaustion past this level. */
export const SETBACK_EXHAUSTION_CAP = 5;

export interface TableProblem {
  readonly key: "uncovered" | "overlapping" | "out-of-range";
  readonly value: number;
}

/** Every value from `low` to `high` must fall in exactly one row, and no row may reach outside. */
export function tableProblems<T>(rows: readonly TableRow<T>[], low: number, high: number): TableProblem[] {
  const problems: TableProblem[] = [];
  for (let value = low; value <= high; value += 1) {
    const hits = rows.filter((row) => inRange(row, value)).length;
    if (hits === 0) problems.push({ key: "uncovered", value });
    if (hits > 1) problems.push({ key: "overlapping", value });
  }
  for (const row of rows) {
    for (const value of row.range) {
      if (value < low || value > high) problems.push({ key: "out-of-range", value });
    }
  }
  return problems;
}

export function retreatTablesProblems(tables: RetreatTables): TableProblem[] {
  return [
    ...tableProblems(tables.retreat.rows, 1, tables.retreat.die),
    ...tableProblems(tables.setback.rows, 1, tables.setback.die),
    ...tableProblems(tables.downed, 0, DEATH_LUCK_TESTS_TO_SETTLE),
  ];
}

export function lookupRow<T>(rows: readonly TableRow<T>[], value: number): T | undefined {
  return rows.find((row) => inRange(row, value))?.result;
}

function inRange<T>(row: TableRow<T>, value: number): boolean {
  return value >= row.range[0] && value <= row.range[1];
}

// ---------------------------------------------------------------------------------------------
// Character state and results (plain JSON)
// ---------------------------------------------------------------------------------------------

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
  | { readonly id: string; readonly kind: "temporary" | "permanent"; readonly origin?: string };

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

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

export function resolveEmergencyRetreat(
  party: RetreatParty,
  tables: RetreatTables,
  dice: DiceSource,
): EmergencyRetreatResolution {
  const problems = retreatTablesProblems(tables);
  if (problems.length > 0) {
    throw new Error(`Retreat tables are invalid: ${JSON.stringify(problems)}`);
  }
  const id = `emergency-retreat:${party.key}:${fingerprint(party.characters)}`;
  return {
    id,
    characters: party.characters.map((character) => resolveCharacter(character, tables, dice, id)),
  };
}

/** Mutable working copy of one character while its consequences are rolled. */
interface Draft {
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

function resolveCharacter(
  character: RetreatCharacter,
  tables: RetreatTables,
  dice: DiceSource,
  resolutionId: string,
): CharacterRetreat {
  const draft = startDraft(character, `${resolutionId}:${character.id}`);
  const downed = character.health.value <= 0;
  let deathLuck: CharacterRetreat["deathLuck"] = null;
  let outcomes: readonly RetreatOutcome[];
  if (downed) {
    const tests = rollDeathLuckTests(character.luckBonus, character.deathDifficulty, dice);
    draft.rolls.push(...tests.rolls);
    deathLuck = { successes: tests.successes, failures: tests.failures };
    outcomes = lookupRow(tables.downed, tests.successes) ?? [];
  } else {
    const roll = rollOnTable(tables.retreat, dice, "retreat-table");
    draft.rolls.push(roll.record);
    outcomes = [roll.result];
  }
  for (const outcome of outcomes) applyOutcome(draft, outcome, tables, dice);
  if (downed) {
    draft.consequences.push({ key: "stable-at-zero" });
    addStatus(draft, "stable");
  }
  return {
    id: draft.id,
    actorId: character.id,
    downed,
    deathLuck,
    rolls: draft.rolls,
    outcomes,
    setbacks: draft.setbacks,
    consequences: draft.consequences,
    pendingChoices: draft.choices,
    update: draftUpdate(draft),
    snapshot: structuredClone(character),
  };
}

function startDraft(character: RetreatCharacter, id: string): Draft {
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

function applyOutcome(draft: Draft, outcome: RetreatOutcome, tables: RetreatTables, dice: DiceSource): void {
  switch (outcome) {
    case "serious-injury":
      return applySeriousInjury(draft, dice);
    case "minor-injury":
      return applyMinorInjury(draft, dice);
    case "setback":
      return applySetback(draft, tables.setback, dice);
    case "attrition":
      return applyAttrition(draft, dice);
  }
}

// --- death luck tests --------------------------------------------------------------------------

export interface DeathLuckTests {
  readonly successes: number;
  readonly failures: number;
  readonly rolls: readonly RollRecord<"death-luck">[];
}

/** d20 + luck bonus against the death difficulty until three of either; never kills nor raises it. */
export function rollDeathLuckTests(luckBonus: number, difficulty: number, dice: DiceSource): DeathLuckTests {
  const rolls: RollRecord<"death-luck">[] = [];
  let successes = 0;
  let failures = 0;
  while (successes < DEATH_LUCK_TESTS_TO_SETTLE && failures < DEATH_LUCK_TESTS_TO_SETTLE) {
    const face = dice.roll(20);
    const total = face + luckBonus;
    const success = total >= difficulty;
    rolls.push({
      purpose: "death-luck",
      die: 20,
      faces: [face],
      modifier: luckBonus,
      total,
      target: difficulty,
      success,
    });
    if (success) successes += 1;
    else failures += 1;
  }
  return { successes, failures, rolls };
}

// --- injuries ----------------------------------------------------------------------------------

/**
 * Attributes a serious injury may still step down: not already reduced by a serious injury, not
 * already at 0, and not STR or CON at d4 — stepping those to 0 kills, and nobody dies from a retreat.
 */
export function attributesLeftToReduce(
  attributes: Readonly<Record<Attribute, DieRating>>,
  alreadyReduced: ReadonlySet<Attribute>,
): Attribute[] {
  return ATTRIBUTES.filter((attribute) => {
    const rating = attributes[attribute];
    if (alreadyReduced.has(attribute) || rating === 0) return false;
    return !(rating === 4 && (attribute === "str" || attribute === "con"));
  });
}

export interface AttributePick {
  readonly attribute: Attribute | null;
  readonly rolls: readonly RollRecord<"serious-attribute" | "serious-repick">[];
}

/**
 * d6 over STR…CHA. When it lands on an attribute that cannot be reduced, the re-pick is one die
 * over the attributes still left, so the choice stays uniform and always ends.
 */
export function pickSeriousInjuryAttribute(
  attributes: Readonly<Record<Attribute, DieRating>>,
  alreadyReduced: ReadonlySet<Attribute>,
  dice: DiceSource,
): AttributePick {
  const left = attributesLeftToReduce(attributes, alreadyReduced);
  if (left.length === 0) return { attribute: null, rolls: [] };
  const face = dice.roll(ATTRIBUTES.length);
  const rolled = ATTRIBUTES[face - 1];
  const first = singleDie("serious-attribute", ATTRIBUTES.length, face);
  if (rolled !== undefined && left.includes(rolled)) return { attribute: rolled, rolls: [first] };
  if (left.length === 1) return { attribute: left[0] ?? null, rolls: [first] };
  const repick = dice.roll(left.length);
  return {
    attribute: left[repick - 1] ?? null,
    rolls: [first, singleDie("serious-repick", left.length, repick)],
  };
}

function seriouslyInjuredAttributes(draft: Draft): Set<Attribute> {
  const reduced = new Set<Attribute>();
  for (const injury of [...draft.character.injuries, ...draft.injuries]) {
    if (injury.kind === "serious") reduced.add(injury.attribute);
  }
  return reduced;
}

function applySeriousInjury(draft: Draft, dice: DiceSource): void {
  const pick = pickSeriousInjuryAttribute(draft.attributes, seriouslyInjuredAttributes(draft), dice);
  draft.rolls.push(...pick.rolls);
  if (pick.attribute === null) {
    draft.consequences.push({ key: "no-attribute-left" });
    return;
  }
  const attribute = pick.attribute;
  const from = draft.attributes[attribute];
  const to = stepDown(from);
  draft.attributes = { ...draft.attributes, [attribute]: to };
  const injuryId = nextInjuryId(draft);
  draft.injuries.push({ id: injuryId, kind: "serious", attribute, from, to, origin: draft.id });
  draft.consequences.push({ key: "serious-injury", attribute, from, to, injuryId });
}

function applyMinorInjury(draft: Draft, dice: DiceSource): void {
  const face = dice.roll(ATTRIBUTES.length);
  draft.rolls.push(singleDie("minor-attribute", ATTRIBUTES.length, face));
  const attribute = ATTRIBUTES[face - 1] ?? "str";
  const injuryId = nextInjuryId(draft);
  draft.injuries.push({
    id: injuryId,
    kind: "minor",
    attribute,
    testModifier: -1,
    safeRests: 0,
    origin: draft.id,
  });
  draft.consequences.push({ key: "minor-injury", attribute, injuryId });
}

function nextInjuryId(draft: Draft): string {
  return `${draft.id}:injury-${draft.injuries.length + 1}`;
}

// --- setbacks ----------------------------------------------------------------------------------

function applySetback(draft: Draft, table: DiceTable<SetbackOutcome>, dice: DiceSource): void {
  const roll = rollOnTable(table, dice, "setback-table");
  draft.rolls.push(roll.record);
  draft.setbacks.push(roll.result);
  switch (roll.result) {
    case "exhaustion":
      return addExhaustion(draft);
    case "drop-items":
      return dropItems(draft, dice);
    case "separated":
    case "disoriented":
      addStatus(draft, roll.result);
      draft.consequences.push({ key: roll.result });
      return;
  }
}

function addExhaustion(draft: Draft): void {
  const from = draft.exhaustion;
  const to = from >= SETBACK_EXHAUSTION_CAP ? from : from + 1;
  draft.exhaustion = to;
  draft.consequences.push({ key: "exhaustion", from, to });
}

function dropItems(draft: Draft, dice: DiceSource): void {
  const rolled = dice.roll(3);
  draft.rolls.push(singleDie("dropped-count", 3, rolled));
  const candidateIds = draft.character.items
    .filter((item) => item.worn && !item.dropped)
    .map((item) => item.id);
  const choice: DropItemsChoice = {
    id: `${draft.id}:drop-${draft.choices.length + 1}`,
    actorId: draft.character.id,
    rolled,
    count: Math.min(rolled, candidateIds.length),
    candidateIds,
  };
  draft.consequences.push({ key: "drop-items", choice });
  if (choice.count > 0) draft.choices.push(choice);
}

export interface ItemDrop {
  readonly itemId: string;
  readonly dropped: true;
}

export type DropChoiceResult =
  | { readonly ok: true; readonly drops: readonly ItemDrop[] }
  | { readonly ok: false; readonly reason: "wrong-count" | "not-a-candidate" | "duplicate" };

/** The GM's pick for a drop setback: exactly `count` distinct candidates, marked dropped, never deleted. */
export function applyDropChoice(choice: DropItemsChoice, pickedIds: readonly string[]): DropChoiceResult {
  if (new Set(pickedIds).size !== pickedIds.length) return { ok: false, reason: "duplicate" };
  if (pickedIds.some((id) => !choice.candidateIds.includes(id)))
    return { ok: false, reason: "not-a-candidate" };
  if (pickedIds.length !== choice.count) return { ok: false, reason: "wrong-count" };
  return { ok: true, drops: pickedIds.map((itemId) => ({ itemId, dropped: true })) };
}

// --- attrition ---------------------------------------------------------------------------------

function applyAttrition(draft: Draft, dice: DiceSource): void {
  const attrition = rollAttrition(draft.character.level, draft.endurance, draft.health, draft.hitDice, dice);
  draft.rolls.push(attrition.roll);
  draft.endurance = attrition.endurance;
  draft.health = attrition.health;
  draft.hitDice = attrition.hitDice;
  draft.consequences.push(attrition.consequence);
  if (attrition.consequence.stable) {
    addStatus(draft, "unconscious");
    addStatus(draft, "stable");
  }
}

export interface AttritionResult {
  readonly roll: RollRecord<"attrition-damage">;
  readonly endurance: Pool;
  readonly health: Pool;
  readonly hitDice: Pool;
  readonly consequence: Extract<RetreatConsequence, { key: "attrition" }>;
}

/** 1d6 per level, endurance then health, stable at zero instead of risking death; then half the current hit dice go. */
export function rollAttrition(
  level: number,
  endurance: Pool,
  health: Pool,
  hitDice: Pool,
  dice: DiceSource,
): AttritionResult {
  const faces = Array.from({ length: Math.max(0, level) }, () => dice.roll(6));
  const damage = sum(faces);
  const loss = absorbDamage(endurance, health, damage);
  const hitDiceLost = Math.floor(hitDice.value / 2);
  return {
    roll: { purpose: "attrition-damage", die: 6, faces, modifier: 0, total: damage },
    endurance: loss.endurance,
    health: loss.health,
    hitDice: { ...hitDice, value: hitDice.value - hitDiceLost },
    consequence: {
      key: "attrition",
      damage,
      enduranceLost: loss.enduranceLost,
      healthLost: loss.healthLost,
      hitDiceLost,
      stable: loss.health.value === 0,
    },
  };
}

// --- updates -----------------------------------------------------------------------------------

function addStatus(draft: Draft, status: string): void {
  if (!draft.character.statuses.includes(status) && !draft.addStatuses.includes(status)) {
    draft.addStatuses.push(status);
  }
}

function draftUpdate(draft: Draft): RetreatActorUpdate {
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

/** The character after an update: what the Foundry layer writes, modelled on plain data. */
export function applyRetreatUpdate(
  character: RetreatCharacter,
  update: RetreatActorUpdate,
): RetreatCharacter {
  return {
    ...applyChanges(character, update.changes),
    statuses: [...character.statuses, ...update.addStatuses],
    injuries: [...character.injuries, ...update.createInjuries],
  };
}

export function applyItemDrops(character: RetreatCharacter, drops: readonly ItemDrop[]): RetreatCharacter {
  const dropped = new Set(drops.map((drop) => drop.itemId));
  return {
    ...character,
    items: character.items.map((item) => (dropped.has(item.id) ? { ...item, dropped: true } : item)),
  };
}

function applyChanges(character: RetreatCharacter, changes: RetreatChanges): RetreatCharacter {
  return {
    ...character,
    attributes: { ...character.attributes, ...changes.attributes },
    endurance: { ...character.endurance, value: changes.endurance ?? character.endurance.value },
    health: { ...character.health, value: changes.health ?? character.health.value },
    hitDice: { ...character.hitDice, value: changes.hitDice ?? character.hitDice.value },
    exhaustion: changes.exhaustion ?? character.exhaustion,
  };
}

// --- revert ------------------------------------------------------------------------------------

export interface RetreatRevert {
  readonly actorId: string;
  readonly changes: RetreatChanges;
  readonly removeStatuses: readonly string[];
  readonly deleteInjuryIds: readonly string[];
  readonly undropItemIds: readonly string[];
}

/**
 * Undo exactly what one character's resolution touched, from its snapshot: the fields it changed,
 * the statuses it added, the injuries it created and the items dropped through its choices.
 */
export function revertCharacterRetreat(
  resolution: CharacterRetreat,
  current: RetreatCharacter,
): RetreatRevert {
  const { snapshot, update } = resolution;
  const changed = update.changes;
  const attributes: Partial<Record<Attribute, DieRating>> = {};
  for (const attribute of ATTRIBUTES) {
    if (changed.attributes?.[attribute] !== undefined) attributes[attribute] = snapshot.attributes[attribute];
  }
  const changes: { -readonly [K in keyof RetreatChanges]: RetreatChanges[K] } = {};
  if (changed.attributes !== undefined) changes.attributes = attributes;
  if (changed.endurance !== undefined) changes.endurance = snapshot.endurance.value;
  if (changed.health !== undefined) changes.health = snapshot.health.value;
  if (changed.hitDice !== undefined) changes.hitDice = snapshot.hitDice.value;
  if (changed.exhaustion !== undefined) changes.exhaustion = snapshot.exhaustion;
  const candidates = new Set(resolution.pendingChoices.flatMap((choice) => choice.candidateIds));
  const droppedBefore = new Set(snapshot.items.filter((item) => item.dropped).map((item) => item.id));
  return {
    actorId: snapshot.id,
    changes,
    removeStatuses: update.addStatuses,
    deleteInjuryIds: update.createInjuries.map((injury) => injury.id),
    undropItemIds: current.items
      .filter((item) => item.dropped && candidates.has(item.id) && !droppedBefore.has(item.id))
      .map((item) => item.id),
  };
}

export function applyRetreatRevert(character: RetreatCharacter, revert: RetreatRevert): RetreatCharacter {
  const removed = new Set(revert.removeStatuses);
  const deleted = new Set(revert.deleteInjuryIds);
  const undropped = new Set(revert.undropItemIds);
  return {
    ...applyChanges(character, revert.changes),
    statuses: character.statuses.filter((status) => !removed.has(status)),
    injuries: character.injuries.filter((injury) => !deleted.has(injury.id)),
    items: character.items.map((item) => (undropped.has(item.id) ? { ...item, dropped: false } : item)),
  };
}

// --- helpers -----------------------------------------------------------------------------------

function rollOnTable<T, P extends RetreatRollPurpose>(
  table: DiceTable<T>,
  dice: DiceSource,
  purpose: P,
): { result: T; record: RollRecord<P> } {
  const face = dice.roll(table.die);
  const result = lookupRow(table.rows, face);
  if (result === undefined) throw new Error(`No row for ${face} on a d${table.die} table`);
  return { result, record: singleDie(purpose, table.die, face) };
}

function singleDie<P extends string>(purpose: P, die: number, face: number): RollRecord<P> {
  return { purpose, die, faces: [face], modifier: 0, total: face };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** FNV-1a over the party's prior state: the same retreat of the same party gets the same id. */
function fingerprint(value: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(value)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
