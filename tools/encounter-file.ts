/**
 * `npm run sim`'s input: an encounter file (YAML) of two sides, each a list of stat blocks written as
 * the packs' YAML sources are (or named by their pack file, `adversaries/goblin`), with counts. It
 * becomes the simulator's plain input here; nothing in it is Foundry's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import type { AttackWeapon, WeaponDelivery } from "../src/rules/attacks";
import { ATTRIBUTES, type Attribute } from "../src/rules/characters";
import { DAMAGE_TYPES, type DamageType } from "../src/rules/damage";
import { createActorState } from "../src/rules/death";
import type { DefenceItem } from "../src/rules/defences";
import { isDieRating, type DieRating, type DieSize } from "../src/rules/dice";
import { INITIATIVE_MODES } from "../src/rules/initiative";
import {
  DEFAULT_POLICY,
  DEFAULT_RULES,
  FOE_POLICIES,
  PARTY_POLICIES,
  SIDES,
  type Encounter,
  type FighterInput,
  type Side,
  type SimulationPolicy,
  type SimulationRules,
} from "../src/rules/simulation";

const ROOT = resolve(import.meta.dirname, "..");
const PACK_SOURCES = join(ROOT, "packs/_source");

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const object = (value: unknown): Json => (isObject(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const number = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback);
const strings = (value: unknown): string[] => list(value).filter((v): v is string => typeof v === "string");
const die = (value: unknown): DieRating => (isDieRating(value) ? value : 0);

export class EncounterFileError extends Error {}

/** A stat block from the packs by its file name without the id: `adversaries/goblin`. */
export function packStatBlock(reference: string): Json {
  const [folder, name] = reference.split("/");
  if (folder === undefined || name === undefined)
    throw new EncounterFileError(`"${reference}": write it as folder/name`);
  let files: string[];
  try {
    files = readdirSync(join(PACK_SOURCES, folder));
  } catch {
    throw new EncounterFileError(`"${reference}": no pack folder "${folder}" in packs/_source`);
  }
  const file = files.find((f) => f.replace(/_[A-Za-z0-9]{16}\.yml$/, "") === name);
  if (file === undefined)
    throw new EncounterFileError(`"${reference}": no "${name}" in packs/_source/${folder}`);
  return object(parse(readFileSync(join(PACK_SOURCES, folder, file), "utf8")));
}

function delivery(properties: readonly string[]): WeaponDelivery {
  if (properties.includes("thrown")) return "thrown";
  return properties.includes("projectile") ? "projectile" : "melee";
}

const isDamageType = (value: unknown): value is DamageType =>
  typeof value === "string" && value in DAMAGE_TYPES;

/** Held and usable: equipped, not dropped, not broken. */
function usable(system: Json): boolean {
  const durability = object(system.durability);
  return system.equipped === true && system.dropped !== true && durability.value !== 0;
}

function weaponOf(system: Json): AttackWeapon {
  const properties = strings(system.properties);
  const damageDie = system.damageDie;
  return {
    attributes: strings(system.attributes).filter((a): a is Attribute =>
      (ATTRIBUTES as readonly string[]).includes(a),
    ),
    proficiencies: strings(system.proficiencies),
    damage: number(system.damage, 0),
    damageDie: isDieRating(damageDie) && damageDie !== 0 ? (damageDie satisfies DieSize) : null,
    criticalDamage: number(system.criticalDamage, number(system.damage, 0)),
    criticalThreshold: number(system.criticalThreshold, 20),
    damageType: isDamageType(system.damageType) ? system.damageType : "bludgeoning",
    delivery: delivery(properties),
    blast: properties.includes("blast"),
    broken: false,
  };
}

function defenceItemOf(system: Json): DefenceItem {
  const durability = object(system.durability);
  const max = typeof durability.max === "number" ? durability.max : null;
  const value = typeof durability.value === "number" ? durability.value : max;
  return {
    blockValue: number(system.block, 0),
    parryValue: number(system.parry, 0),
    metal: system.metal === true,
    durability: value === null ? null : { value, max: max ?? value },
  };
}

/** The best wielded item for it; any wielded weapon or shield can parry (a parry value of none adds 1). */
function bestItem(items: readonly Json[], key: "block" | "parry"): DefenceItem | null {
  const candidates = items
    .filter((item) => item.type === "weapon" || item.type === "shield")
    .map((item) => object(item.system))
    .filter((system) => usable(system) && (key === "parry" || number(system.block, 0) > 0));
  const best = candidates.sort((a, b) => number(b[key], 0) - number(a[key], 0))[0];
  return best === undefined ? null : defenceItemOf(best);
}

const pool = (value: unknown, fallback: number) => {
  const p = object(value);
  const max = number(p.max, fallback);
  return { value: number(p.value, max), max };
};

/** One combatant from a stat block written as the packs' YAML sources are. */
export function fighterFromStatBlock(block: Json, id: string, side: Side, group: string): FighterInput {
  const system = object(block.system);
  const items = list(block.items).map(object);
  const attributes = Object.fromEntries(
    ATTRIBUTES.map((key) => [key, die(object(object(system.attributes)[key]).die) || 6]),
  ) as Record<Attribute, DieRating>;
  const skills = object(system.skills);
  const armour = items
    .filter((i) => i.type === "armour" && usable(object(i.system)))
    .map((i) => object(object(i.system).deflection));
  const own = object(system.deflection);
  const deflection = {
    physical: number(own.physical, 0) + armour.reduce((sum, a) => sum + number(a.physical, 0), 0),
    elemental: number(own.elemental, 0) + armour.reduce((sum, a) => sum + number(a.elemental, 0), 0),
  };
  const luck = object(system.luck);
  const exhaustion = number(system.exhaustion, 0);
  const conditions = strings(system.conditions);
  const life = createActorState({
    endurance: pool(system.endurance, 10),
    health: pool(system.health, 10),
    stamina: pool(system.stamina, 3),
    focus: pool(system.focus, 3),
    attributes,
    athletics: die(object(skills.athletics).die),
    fortitude: number(system.fortitude, 0),
    deflection,
    luckBonus: number(luck.bonus, 0),
    deathDifficulty: number(luck.deathDifficulty, 10),
    strain: { value: number(object(system.strain).value, 0), max: attributes.con },
  });
  const weapons = items
    .filter((i) => i.type === "weapon" && usable(object(i.system)))
    .map((i) => weaponOf(object(i.system)));
  const name = typeof block.name === "string" ? block.name : id;
  return {
    id,
    name,
    side,
    kind: block.type === "character" ? "pc" : "npc",
    group,
    leader: system.leader === true,
    life,
    attacker: {
      attributes,
      combat: die(object(skills.combat).die),
      proficiencies: strings(system.proficiencies),
      luckBonus: life.luckBonus,
      size: number(system.size, 4),
    },
    evasion: number(system.evasion, 6),
    size: number(system.size, 4),
    weapons,
    blockItem: bestItem(items, "block"),
    parryItem: bestItem(items, "parry"),
    modifiers: { exhaustion, attributes: {}, skills: {}, conditions, effects: [], light: null },
    conditions,
    exhaustion,
    moraleBonus: number(system.morale, 0),
    detachment: system.detachment === true,
  };
}

/** One entry of a side: `actor: folder/name` or an inline stat block, and how many. */
export interface SideEntry {
  readonly key: string;
  readonly block: Json;
  readonly count: number;
}

function sideEntries(value: unknown, side: Side): SideEntry[] {
  return list(value).map((raw, i) => {
    const entry = object(raw);
    const count = number(entry.count, 1);
    if (!Number.isInteger(count) || count < 0)
      throw new EncounterFileError(`${side}[${i}]: count must be a whole number`);
    if (typeof entry.actor === "string") {
      const block = {
        ...packStatBlock(entry.actor),
        ...(typeof entry.name === "string" ? { name: entry.name } : {}),
      };
      return { key: entry.actor, block, count };
    }
    if (!isObject(entry.system))
      throw new EncounterFileError(`${side}[${i}]: give "actor: folder/name" or a stat block with "system"`);
    return { key: typeof entry.name === "string" ? entry.name : `${side}-${i}`, block: entry, count };
  });
}

function choice<T extends string>(value: unknown, allowed: readonly T[], fallback: T, what: string): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  throw new EncounterFileError(`${what}: "${String(value)}" is not one of ${allowed.join(", ")}`);
}

const bool = (value: unknown, fallback: boolean): boolean => (typeof value === "boolean" ? value : fallback);

function rulesOf(value: unknown): SimulationRules {
  const rules = object(value);
  return {
    deathRule: choice(
      rules.deathRule,
      ["luck", "dying", "stabilise"] as const,
      DEFAULT_RULES.deathRule,
      "rules.deathRule",
    ),
    damageRule: choice(
      rules.damageRule,
      ["attack", "direct"] as const,
      DEFAULT_RULES.damageRule,
      "rules.damageRule",
    ),
    initiativeMode: choice(
      rules.initiativeMode,
      INITIATIVE_MODES,
      DEFAULT_RULES.initiativeMode,
      "rules.initiativeMode",
    ),
    morale: bool(rules.morale, DEFAULT_RULES.morale),
    detachments: bool(rules.detachments, DEFAULT_RULES.detachments),
    emergencyRetreat: bool(rules.emergencyRetreat, DEFAULT_RULES.emergencyRetreat),
  };
}

function policyOf(value: unknown): SimulationPolicy {
  const policy = object(value);
  return {
    foes: choice(policy.foes, FOE_POLICIES, DEFAULT_POLICY.foes, "policy.foes"),
    party: choice(policy.party, PARTY_POLICIES, DEFAULT_POLICY.party, "policy.party"),
  };
}

export interface EncounterFile {
  readonly rules: SimulationRules;
  readonly policy: SimulationPolicy;
  readonly startingSide: Side;
  readonly sides: Readonly<Record<Side, readonly SideEntry[]>>;
  readonly fights?: number;
  readonly seed?: number;
}

export function parseEncounterFile(text: string): EncounterFile {
  const source = object(parse(text));
  const sides = { party: sideEntries(source.party, "party"), foes: sideEntries(source.foes, "foes") };
  return {
    rules: rulesOf(source.rules),
    policy: policyOf(source.policy),
    startingSide: choice(source.startingSide, SIDES, "party", "startingSide"),
    sides,
    ...(typeof source.fights === "number" ? { fights: source.fights } : {}),
    ...(typeof source.seed === "number" ? { seed: source.seed } : {}),
  };
}

/** The file's sides as fighters, with one entry's count replaced (a sweep). */
export function encounterOf(file: EncounterFile, counts: Readonly<Record<string, number>> = {}): Encounter {
  const fighters = SIDES.flatMap((side) =>
    file.sides[side].flatMap((entry, e) => {
      const count = counts[entry.key] ?? entry.count;
      return Array.from({ length: count }, (_, n) =>
        fighterFromStatBlock(entry.block, `${side}-${e}-${n + 1}`, side, entry.key),
      ).map((fighter, n) => (count > 1 ? { ...fighter, name: `${fighter.name} ${n + 1}` } : fighter));
    }),
  );
  return { fighters, rules: file.rules, policy: file.policy, startingSide: file.startingSide };
}
