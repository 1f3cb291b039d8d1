/**
 * RULES §5 tables from the compendium: the Retreat, Setback and Downed RollTables in `brink.tables`,
 * found by their stable flag (`flags.brink.table`), so a GM who edits them changes the outcomes.
 * A missing or unusable table falls back to the rules engine's default, with a console warning.
 * The consequence items the results link to (`documentUuid`) become the items a character receives.
 */
import { SYSTEM_ID } from "../constants";
import { effectChangesData, effectChangesOf, type EffectChange } from "../foundry/generation";
import { chosenTables } from "../settings";
import { DEFAULT_RETREAT_TABLES, type RetreatTables } from "../rules/retreat";
import {
  downedTableFrom,
  outcomeLinks,
  retreatTableFrom,
  setbackTableFrom,
  type Converted,
  type TableSource,
} from "../rules/retreat-tables";

export const TABLES_PACK = `${SYSTEM_ID}.tables`;
export const TABLE_KEYS = ["retreat", "setback", "downed"] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

/** Outcomes that leave an item on the character. */
export const CONSEQUENCE_KEYS = ["serious-injury", "minor-injury", "separated", "disoriented"] as const;
export type ConsequenceKey = (typeof CONSEQUENCE_KEYS)[number];

/** The shipped consequence items, for tables that link none. */
const SHIPPED_LINKS: Record<ConsequenceKey, string> = {
  "serious-injury": "Compendium.brink.consequences.Item.CYB5kzmBwf7V6eJw",
  "minor-injury": "Compendium.brink.consequences.Item.kfoV7ACtKOI4nx5e",
  separated: "Compendium.brink.consequences.Item.n3WuUFUqWih397b4",
  disoriented: "Compendium.brink.consequences.Item.zPhBkPtdMr4i05ze",
};

export interface LoadedRetreatTables {
  tables: RetreatTables;
  /** The compendium item each consequence comes from. */
  links: Record<ConsequenceKey, string>;
  /** Tables that could not be read from the compendium, replaced by the defaults. */
  fallbacks: TableKey[];
}

/** What Brink reads of a RollTable's result. */
export interface TableResultDocument {
  range: [number, number];
  flags: Record<string, unknown>;
  documentUuid?: string | null;
}

/** What Brink reads of a RollTable (a compendium document). */
export interface TableDocument {
  formula: string;
  flags: Record<string, unknown>;
  results: Iterable<TableResultDocument>;
}

/** The RollTables of Brink's tables pack, as documents; none when the pack is missing. */
export async function packRollTables(): Promise<RollTable[]> {
  const pack = game.packs.get(TABLES_PACK);
  if (!pack) return [];
  return (await pack.getDocuments()).flatMap((document) => (document instanceof RollTable ? [document] : []));
}

/**
 * The RollTables Brink draws from: for each of the pack's tables, the world table the GM chose for
 * its key (the `tables` setting) when it fits, else the pack's own (with a warning naming why).
 */
export async function packTables(): Promise<TableDocument[]> {
  const chosen = chosenTables();
  const documents: TableDocument[] = [];
  for (const table of await packRollTables()) {
    const key = brinkFlags(table.flags).table;
    const uuid = typeof key === "string" ? chosen[key] : undefined;
    const world = uuid && typeof key === "string" ? await fittingWorldTable(key, uuid, table) : null;
    documents.push(
      world
        ? { ...world, flags: { ...world.flags, [SYSTEM_ID]: { ...brinkFlags(world.flags), table: key } } }
        : tableDocument(table),
    );
  }
  return documents;
}

const rangesOf = (table: TableDocument): string =>
  [...table.results]
    .map((result) => `${result.range[0]}-${result.range[1]}`)
    .sort()
    .join(",");

/** Why a chosen table cannot stand in for the pack's: another formula, or other ranges. Null when it fits. */
export function misfit(chosen: TableDocument, shipped: TableDocument): string | null {
  if (chosen.formula.replace(/\s/g, "") !== shipped.formula.replace(/\s/g, ""))
    return game.i18n.format("BRINK.Tables.Misfit.formula", {
      formula: chosen.formula,
      expected: shipped.formula,
    });
  if (rangesOf(chosen) !== rangesOf(shipped))
    return game.i18n.format("BRINK.Tables.Misfit.ranges", {
      expected: rangesOf(shipped).replaceAll(",", ", "),
    });
  return null;
}

async function fittingWorldTable(
  key: string,
  uuid: string,
  shipped: RollTable,
): Promise<TableDocument | null> {
  const document = await fromUuid(uuid);
  const refuse = (name: string, why: string) => {
    const message = game.i18n.format("BRINK.Tables.refused", { name, key, why });
    console.warn(`Brink | ${message}`);
    ui.notifications?.warn(message);
    return null;
  };
  if (!(document instanceof RollTable))
    return refuse(uuid, game.i18n.localize("BRINK.Tables.Misfit.missing"));
  const chosen = tableDocument(document);
  const why = misfit(chosen, tableDocument(shipped));
  return why ? refuse(document.name ?? uuid, why) : chosen;
}

/** A v13 result's range is one [low, high] pair (fvtt-types declares a list of pairs). */
function rangeOf(range: readonly unknown[]): [number, number] {
  const [low, high] = range;
  return typeof low === "number" && typeof high === "number" ? [low, high] : [NaN, NaN];
}

export function tableDocument(table: RollTable): TableDocument {
  return {
    formula: table.formula ?? "",
    flags: table.flags,
    results: [...table.results].map((result) => ({
      range: rangeOf(result.range),
      flags: result.flags,
      documentUuid: result.documentUuid,
    })),
  };
}

export const brinkFlags = (flags: Record<string, unknown>): Record<string, unknown> => {
  const own = flags[SYSTEM_ID];
  return typeof own === "object" && own !== null ? (own as Record<string, unknown>) : {};
};

function sourceOf(table: TableDocument): TableSource {
  return {
    formula: table.formula,
    results: [...table.results].map((result) => {
      const flags = brinkFlags(result.flags);
      return {
        range: [result.range[0], result.range[1]],
        outcome: flags.outcome,
        outcomes: flags.outcomes,
        successes: flags.successes,
        documentUuid: result.documentUuid ?? null,
      };
    }),
  };
}

async function tableSources(): Promise<Map<string, TableSource>> {
  const sources = new Map<string, TableSource>();
  for (const table of await packTables()) {
    const key = brinkFlags(table.flags).table;
    if (typeof key === "string" && !sources.has(key)) sources.set(key, sourceOf(table));
  }
  return sources;
}

function pick<T>(key: TableKey, source: TableSource | undefined, convert: (s: TableSource) => Converted<T>) {
  if (!source) return { table: null, problem: `no table flagged "${key}" in ${TABLES_PACK}` };
  const converted = convert(source);
  return converted.ok
    ? { table: converted.table, problem: null }
    : { table: null, problem: JSON.stringify(converted.problems) };
}

/** The three tables, each from the compendium when it is usable, else the default. */
export async function loadRetreatTables(): Promise<LoadedRetreatTables> {
  const sources = await tableSources();
  const fallbacks: TableKey[] = [];
  const warn = (key: TableKey, problem: string) => {
    fallbacks.push(key);
    console.warn(`Brink | the ${key} table cannot be used (${problem}); the default table is used instead.`);
  };
  const retreat = pick("retreat", sources.get("retreat"), retreatTableFrom);
  const setback = pick("setback", sources.get("setback"), setbackTableFrom);
  const downed = pick("downed", sources.get("downed"), downedTableFrom);
  if (retreat.problem) warn("retreat", retreat.problem);
  if (setback.problem) warn("setback", setback.problem);
  if (downed.problem) warn("downed", downed.problem);
  const linked = outcomeLinks(
    TABLE_KEYS.flatMap((key) => {
      const source = sources.get(key);
      return source ? [source] : [];
    }),
  );
  const links = { ...SHIPPED_LINKS };
  for (const key of CONSEQUENCE_KEYS) links[key] = linked[key] ?? SHIPPED_LINKS[key];
  return {
    tables: {
      retreat: retreat.table ?? DEFAULT_RETREAT_TABLES.retreat,
      setback: setback.table ?? DEFAULT_RETREAT_TABLES.setback,
      downed: downed.table ?? DEFAULT_RETREAT_TABLES.downed,
    },
    links,
    fallbacks,
  };
}

// --- consequence items -------------------------------------------------------------------------

/** An Active Effect's creation data, its changes in this Foundry generation's shape. */
export interface EffectData {
  name: string;
  img?: string | null;
  transfer?: boolean;
  disabled?: boolean;
  [field: string]: unknown;
}

/** Creation data for a consequence item, as copied from the compendium. */
export interface ConsequenceItemData {
  name: string;
  type: string;
  img?: string | null;
  system: Record<string, unknown>;
  effects: EffectData[];
  flags: Record<string, unknown>;
  _stats?: { compendiumSource: string };
}

const FALLBACK_ITEMS: Record<
  ConsequenceKey,
  { name: string; type: string; system: Record<string, unknown> }
> = {
  "serious-injury": {
    name: "BRINK.Retreat.Item.seriousInjury",
    type: "injury",
    system: { kind: "serious", heals: "bedRest", source: "Emergency Retreat" },
  },
  "minor-injury": {
    name: "BRINK.Retreat.Item.minorInjury",
    type: "injury",
    system: { kind: "minor", heals: "safeRests", source: "Emergency Retreat" },
  },
  separated: {
    name: "BRINK.Retreat.Item.separated",
    type: "setback",
    system: { kind: "separated", endsOn: "reunited", source: "Emergency Retreat" },
  },
  disoriented: {
    name: "BRINK.Retreat.Item.disoriented",
    type: "setback",
    system: { kind: "disoriented", endsOn: "safeLongRest", source: "Emergency Retreat" },
  },
};

/**
 * The linked compendium item as creation data. When the link is broken the item is built from
 * scratch (with a warning), so a retreat never fails for want of a compendium entry.
 */
export async function consequenceItemSource(key: ConsequenceKey, uuid: string): Promise<ConsequenceItemData> {
  const document = await fromUuid(uuid);
  if (document instanceof Item) {
    // An Item's plain source: the shape Item creation takes.
    const source = document.toObject();
    return {
      name: String(source.name ?? ""),
      type: String(source.type ?? FALLBACK_ITEMS[key].type),
      img: source.img ?? null,
      system: { ...(source.system ?? {}) },
      effects: (source.effects ?? []).map((effect) => {
        const { _id: _dropped, ...rest } = effect;
        return structuredClone(rest);
      }),
      flags: { ...(source.flags ?? {}) },
      _stats: { compendiumSource: uuid },
    };
  }
  console.warn(`Brink | the ${key} consequence item ${uuid} cannot be found; a plain one is created.`);
  const fallback = FALLBACK_ITEMS[key];
  return {
    name: game.i18n.localize(fallback.name),
    type: fallback.type,
    system: { ...fallback.system },
    effects: [],
    flags: {},
  };
}

/**
 * Adds one effect carrying the changes the item does not already make, so an item whose
 * compendium entry already has the effect (disoriented) is not applied twice.
 */
export function withEffectChanges(
  data: ConsequenceItemData,
  name: string,
  changes: readonly EffectChange[],
): ConsequenceItemData {
  const present = new Set(
    data.effects.flatMap((effect) => effectChangesOf(effect).map((change) => change.key)),
  );
  const missing = changes.filter((change) => !present.has(change.key));
  if (missing.length === 0) return data;
  const effect: EffectData = {
    name,
    img: data.img ?? null,
    transfer: true,
    disabled: false,
    ...effectChangesData(missing),
  };
  return { ...data, effects: [...data.effects, effect] };
}
