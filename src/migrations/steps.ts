/**
 * World migrations as data: each upgrades a world to the version it is keyed by, with one small
 * function per kind of document, `(source) => changes`.
 *
 * Why the steps restate fields instead of converting them: Foundry runs each model's `migrateData`
 * whenever it reads a document, so the source a step receives (`toObject()`) already has today's
 * shape, while the database still holds the old one. A step therefore lists the fields whose stored
 * shape its version changed and returns their current values; the runner writes them with
 * `{ diff: false }`, which sends them even though the client already reads them that way. The models'
 * `migrateData` stays, for worlds and imports that were never migrated. Each step runs `migrateData`
 * itself first, because a token's actor delta is stored raw and partial. Only fields the source holds
 * are restated, so a delta never gains overrides it did not have.
 */
import { actorModels, chatModels, itemModels } from "../data";
import { dieForDamage } from "../rules/direct-damage";

export interface DocumentSource {
  _id?: string | null;
  name?: string | null;
  type?: string | null;
  system?: Record<string, unknown>;
  [key: string]: unknown;
}
/** An update in Foundry's flat form: `{ "system.price": 0 }`. */
export type Changes = Record<string, unknown>;
type Step = (source: DocumentSource) => Changes;

export interface Migration {
  /** The schema version a world has once this migration has run. */
  version: number;
  actor?: Step;
  item?: Step;
  message?: Step;
}

interface Migrates {
  migrateData(source: Record<string, unknown>): Record<string, unknown>;
}

/** The source's system data as its model reads it today. */
function current(models: Record<string, unknown>, source: DocumentSource): Record<string, unknown> {
  const system = structuredClone(source.system ?? {});
  // Every model class Brink registers is a TypeDataModel, so each has the static migrateData.
  const model = models[source.type ?? ""] as Migrates | undefined;
  return model ? model.migrateData(system) : system;
}

/** The fields of `system` named in `keys` that it holds, as update keys. */
function restate(system: Record<string, unknown>, keys: readonly string[]): Changes {
  return Object.fromEntries(keys.filter((key) => key in system).map((key) => [`system.${key}`, system[key]]));
}

const CARRIED = new Set(["weapon", "armour", "shield", "gear"]);
const TRADE = ["price", "quantity"] as const;
const WEAPON_RENAMES = ["criticalThreshold", "criticalDamage", "properties"] as const;

/**
 * 0.1.0 → 1: carried items gain `price` and `quantity`; actors keep attributes and skills as
 * `{ die }` and the death difficulty in `luck`; weapons keep their renamed critical fields and
 * properties as a list; attack cards keep their targets as a list, not a map keyed by token uuid.
 */
const toVersion1: Migration = {
  version: 1,
  actor: (source) => restate(current(actorModels, source), ["attributes", "skills", "luck"]),
  item: (source) => {
    if (!CARRIED.has(source.type ?? "")) return {};
    const keys = source.type === "weapon" ? [...TRADE, ...WEAPON_RENAMES] : TRADE;
    return restate(current(itemModels, source), keys);
  },
  message: (source) => (source.type === "attack" ? restate(current(chatModels, source), ["attacks"]) : {}),
};

/** The shipped light sources (RULES §7.5): world copies made before gear had burning hours gain them. */
const SHIPPED_LIGHTS: Record<string, { hours: number; left: null; consumed: boolean }> = {
  "Compendium.brink.equipment.Item.vD7XuwB5k3GqbBLw": { hours: 1, left: null, consumed: true },
  "Compendium.brink.equipment.Item.7Zo0gZPel7BIEvtl": { hours: 3, left: null, consumed: false },
};

function compendiumSource(source: DocumentSource): string {
  const stats = source._stats;
  const uuid = typeof stats === "object" && stats !== null ? Reflect.get(stats, "compendiumSource") : null;
  return typeof uuid === "string" ? uuid : "";
}

/** A weapon gains the damage die direct damage rolls (RULES §7.3), chosen from its flat damage. */
function weaponDie(source: DocumentSource): Record<string, unknown> {
  const system = current(itemModels, source);
  if (system.damageDie !== null && system.damageDie !== undefined) return {};
  const damage = typeof system.damage === "number" ? system.damage : 1;
  return { "system.damageDie": dieForDamage(damage) };
}

/** A torch or lantern copied from Brink's equipment, with no burning hours yet, gains them. */
function lightHours(source: DocumentSource): Record<string, unknown> {
  const light = SHIPPED_LIGHTS[compendiumSource(source)];
  const hours: unknown = foundry.utils.getProperty(source, "system.light.hours");
  if (!light || typeof hours === "number") return {};
  return { "system.light": light };
}

/** 1 → 2: weapons gain a damage die (a weapon that has one keeps it); shipped light sources gain burning hours. */
const toVersion2: Migration = {
  version: 2,
  item: (source) => {
    if (source.type === "weapon") return weaponDie(source);
    if (source.type === "gear") return lightHours(source);
    return {};
  },
};

/** Every migration, oldest first. Add the next one here with the version it upgrades to. */
export const MIGRATIONS: readonly Migration[] = [toVersion1, toVersion2];
