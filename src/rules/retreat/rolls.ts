/** The dice a retreat rolls on its tables, recorded as they fell. */
import type { DiceSource } from "../dice";
import type { RetreatRollPurpose, RollRecord } from "./state";
import { lookupRow, type DiceTable } from "./tables";

export function rollOnTable<T, P extends RetreatRollPurpose>(
  table: DiceTable<T>,
  dice: DiceSource,
  purpose: P,
): { result: T; record: RollRecord<P> } {
  const face = dice.roll(table.die);
  const result = lookupRow(table.rows, face);
  if (result === undefined) throw new Error(`No row for ${face} on a d${table.die} table`);
  return { result, record: singleDie(purpose, table.die, face) };
}

export function singleDie<P extends string>(purpose: P, die: number, face: number): RollRecord<P> {
  return { purpose, die, faces: [face], modifier: 0, total: face };
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
