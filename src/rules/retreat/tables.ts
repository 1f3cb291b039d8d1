/**
 * RULES §5 tables as data. The compendium RollTables are checked against these defaults, and every
 * resolver takes a table as a parameter so a GM-edited table changes what happens.
 */

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
