/**
 * Tables a GM can edit without losing them when Brink updates: one click copies the compendium's
 * RollTables into the world and chooses the copies (the `tables` world setting); the GM can choose
 * another world table for a key, or the compendium's again. Done on the GM's own client: only a
 * GM may create world tables and change a world setting.
 */
import { SYSTEM_ID } from "../constants";
import { countOf } from "../helpers/plural";
import { chosenTables } from "../settings";
import { brinkFlags, misfit, packRollTables, tableDocument } from "./tables";
import { writes } from "../foundry/typed-writes";

const brinkKey = (table: RollTable): string | null => {
  const key = brinkFlags(table.flags).table;
  return typeof key === "string" ? key : null;
};

const gmOnly = (): boolean => {
  if (game.user.isGM) return true;
  ui.notifications?.warn(game.i18n.localize("BRINK.Tables.gmOnly"));
  return false;
};

/** Copies every table of Brink's compendium into the world and chooses the copies; their number. */
export async function importBrinkTables(): Promise<number> {
  if (!gmOnly()) return 0;
  const shipped = await packRollTables();
  const sources = shipped.map((table) => {
    const { _id: _dropped, ...source } = table.toObject();
    return source;
  });
  const created = await RollTable.implementation.createDocuments(writes.RollTable.creates(sources));
  const chosen = { ...chosenTables() };
  for (const table of created) {
    const key = table instanceof RollTable ? brinkKey(table) : null;
    if (key) chosen[key] = table.uuid;
  }
  await game.settings.set(SYSTEM_ID, "tables", chosen);
  ui.notifications?.info(
    game.i18n.format("BRINK.Tables.imported", { tables: countOf("table", created.length) }),
  );
  return created.length;
}

/**
 * Chooses the world table that serves one of Brink's tables (its key, e.g. "retreat"), or the
 * compendium's again with null. A table whose formula or ranges differ from the compendium's is
 * refused with a message and nothing is saved.
 */
export async function useTable(key: string, uuid: string | null): Promise<boolean> {
  if (!gmOnly()) return false;
  const shipped = (await packRollTables()).find((table) => brinkKey(table) === key);
  if (!shipped) {
    ui.notifications?.warn(game.i18n.format("BRINK.Tables.unknownKey", { key }));
    return false;
  }
  const chosen = { ...chosenTables() };
  if (uuid === null) {
    delete chosen[key];
    await game.settings.set(SYSTEM_ID, "tables", chosen);
    return true;
  }
  const document = await fromUuid(uuid);
  const why =
    document instanceof RollTable
      ? misfit(tableDocument(document), tableDocument(shipped))
      : game.i18n.localize("BRINK.Tables.Misfit.missing");
  if (why) {
    const name = document instanceof RollTable ? (document.name ?? uuid) : uuid;
    ui.notifications?.warn(game.i18n.format("BRINK.Tables.refused", { name, key, why }));
    return false;
  }
  chosen[key] = uuid;
  await game.settings.set(SYSTEM_ID, "tables", chosen);
  return true;
}
