/**
 * RULES §5 tables as a GM keeps them: RollTables whose results carry an outcome key. These turn
 * such tables (as plain data) into the shapes the retreat resolver takes, and say what is wrong
 * with one that cannot be used, so the caller can fall back to the defaults for that table only.
 */
import {
  DEATH_LUCK_TESTS_TO_SETTLE,
  RETREAT_OUTCOMES,
  SETBACK_OUTCOMES,
  tableProblems,
  type DiceTable,
  type DownedTable,
  type RetreatOutcome,
  type SetbackOutcome,
  type TableProblem,
  type TableRow,
} from "./retreat";
import { isOneOf } from "./choices";

/** One table result as stored: its range and the keys in its flags. */
export interface TableResultSource {
  readonly range: readonly [number, number];
  /** `flags.brink.outcome`. */
  readonly outcome?: unknown;
  /** `flags.brink.outcomes`: what a downed row gives, in order. */
  readonly outcomes?: unknown;
  /** `flags.brink.successes`: the death luck successes a downed row stands for. */
  readonly successes?: unknown;
  readonly documentUuid?: string | null;
}

export interface TableSource {
  readonly formula: string;
  readonly results: readonly TableResultSource[];
}

export type TableProblemKey = TableProblem["key"] | "bad-formula" | "unknown-outcome";

export type Converted<T> =
  | { readonly ok: true; readonly table: T }
  | { readonly ok: false; readonly problems: readonly { key: TableProblemKey; value: number }[] };

/** "1d10" → 10; anything but a single die of one size is refused. */
export function singleDieFaces(formula: string): number | null {
  const match = /^\s*1?d(\d+)\s*$/i.exec(formula);
  const faces = match ? Number(match[1]) : NaN;
  return Number.isInteger(faces) && faces > 0 ? faces : null;
}

function diceTableFrom<T extends string>(
  source: TableSource,
  allowed: readonly T[],
): Converted<DiceTable<T>> {
  const die = singleDieFaces(source.formula);
  if (die === null) return { ok: false, problems: [{ key: "bad-formula", value: 0 }] };
  const rows: TableRow<T>[] = [];
  for (const result of source.results) {
    if (!isOneOf(allowed, result.outcome))
      return { ok: false, problems: [{ key: "unknown-outcome", value: result.range[0] }] };
    rows.push({ range: [result.range[0], result.range[1]], result: result.outcome });
  }
  const problems = tableProblems(rows, 1, die);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, table: { die, rows } };
}

export const retreatTableFrom = (source: TableSource): Converted<DiceTable<RetreatOutcome>> =>
  diceTableFrom(source, RETREAT_OUTCOMES);

export const setbackTableFrom = (source: TableSource): Converted<DiceTable<SetbackOutcome>> =>
  diceTableFrom(source, SETBACK_OUTCOMES);

/**
 * The downed table is looked up by successes, not by a die face: a row's successes come from its
 * flag, or else from its position (face 1 = 0 successes). Its outcomes are the flag's list, or its
 * single outcome key.
 */
export function downedTableFrom(source: TableSource): Converted<DownedTable> {
  const rows: TableRow<readonly RetreatOutcome[]>[] = [];
  for (const result of source.results) {
    const successes = typeof result.successes === "number" ? result.successes : result.range[0] - 1;
    const listed = Array.isArray(result.outcomes) ? result.outcomes : [result.outcome];
    const outcomes = listed.filter((outcome) => isOneOf(RETREAT_OUTCOMES, outcome));
    if (outcomes.length === 0 || outcomes.length !== listed.length)
      return { ok: false, problems: [{ key: "unknown-outcome", value: successes }] };
    rows.push({ range: [successes, successes], result: outcomes });
  }
  const problems = tableProblems(rows, 0, DEATH_LUCK_TESTS_TO_SETTLE);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, table: rows };
}

/** Which linked document each outcome key names, first link wins (for consequence items). */
export function outcomeLinks(sources: readonly TableSource[]): Record<string, string> {
  const links: Record<string, string> = {};
  for (const source of sources) {
    for (const result of source.results) {
      if (typeof result.outcome !== "string" || !result.documentUuid) continue;
      links[result.outcome] ??= result.documentUuid;
    }
  }
  return links;
}
