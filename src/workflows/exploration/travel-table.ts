/**
 * The travel turn RollTable Brink reads (RULES §7.5): the world table the GM chose for it in the
 * Tables menu when it still fits the compendium's, else the compendium's own (with a warning).
 */
import { chosenTables } from "../../settings";
import { brinkFlags, misfit, packRollTables, tableDocument } from "../tables";

export const TRAVEL_TABLE_KEY = "travel-turn";

export interface TravelTableRow {
  range: [number, number];
  name: string;
  description: string;
}

export interface TravelTable {
  name: string;
  rows: TravelTableRow[];
}

function rowsOf(table: RollTable): TravelTableRow[] {
  const { results } = tableDocument(table);
  const sources = [...table.results];
  return [...results].map((result, index) => ({
    range: result.range,
    name: sources[index]?.name ?? "",
    description: sources[index]?.description ?? "",
  }));
}

async function chosenWorldTable(shipped: RollTable): Promise<RollTable | null> {
  const uuid = chosenTables()[TRAVEL_TABLE_KEY];
  if (!uuid) return null;
  const document = await fromUuid(uuid);
  const why =
    document instanceof RollTable
      ? misfit(tableDocument(document), tableDocument(shipped))
      : game.i18n.localize("BRINK.Tables.Misfit.missing");
  if (!why && document instanceof RollTable) return document;
  const name = document instanceof RollTable ? (document.name ?? uuid) : uuid;
  ui.notifications?.warn(
    game.i18n.format("BRINK.Tables.refused", { name, key: TRAVEL_TABLE_KEY, why: why ?? "" }),
  );
  return null;
}

/** The table to roll on, or null when neither the compendium nor the world has one. */
export async function travelTable(): Promise<TravelTable | null> {
  const shipped = (await packRollTables()).find(
    (table) => brinkFlags(table.flags).table === TRAVEL_TABLE_KEY,
  );
  if (!shipped) return null;
  const table = (await chosenWorldTable(shipped)) ?? shipped;
  return { name: table.name ?? "", rows: rowsOf(table) };
}
