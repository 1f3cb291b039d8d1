/**
 * Active Effect data as each generation stores and applies it.
 *
 * v13: `changes` is a top-level array of `{key, mode, value, priority}` with a numeric mode
 * (CONST.ACTIVE_EFFECT_MODES); `duration` holds `startTime`, `seconds`, `combat`, `rounds`, `turns`,
 * `startRound`, `startTurn`.
 *
 * v14 (Active Effects v2): changes live in `system.changes` as `{key, type, value, phase, priority}`
 * with a string type (CONST.ACTIVE_EFFECT_CHANGE_TYPES, whose numbers are default priorities);
 * `duration` is `{value, units, expiry, expired}` and the start is its own `start` object. Old
 * data is migrated when it loads; code that still passes the old shape is shimmed with a
 * deprecation warning (`numeric #mode`, `ActiveEffect#changes`).
 */
import { deprecated, generation } from "./generation";
import { getProperty, setProperty, type Plain } from "./utils";

export const ACTIVE_EFFECT_MODES = {
  CUSTOM: 0,
  MULTIPLY: 1,
  ADD: 2,
  DOWNGRADE: 3,
  UPGRADE: 4,
  OVERRIDE: 5,
} as const;

/** v14's change types and their default priorities (API `CONST.ACTIVE_EFFECT_CHANGE_TYPES`). */
export const ACTIVE_EFFECT_CHANGE_TYPES = Object.freeze({
  custom: 0,
  multiply: 10,
  add: 20,
  subtract: 20,
  downgrade: 30,
  upgrade: 40,
  override: 50,
});

const TYPE_OF_MODE: Record<number, string> = {
  0: "custom",
  1: "multiply",
  2: "add",
  3: "downgrade",
  4: "upgrade",
  5: "override",
};

/** One change, whatever its generation: a string type and the priority it sorts by. */
export interface EffectChange {
  key: string;
  type: string;
  value: string;
  priority: number;
}

/** While true, sources are stored data loading (a compendium): migrated silently, as core does. */
export const effectLoading = { stored: false };

function shimDeprecated(api: string): void {
  if (!effectLoading.stored) deprecated(api);
}

const v14ChangeOf = (change: Plain): Plain => {
  const mode = change.mode;
  if (typeof mode === "number") shimDeprecated("ActiveEffect change numeric #mode (use #type)");
  const { mode: _mode, ...rest } = change;
  return {
    phase: "initial",
    priority: null,
    ...rest,
    type: typeof mode === "number" ? (TYPE_OF_MODE[mode] ?? "custom") : (change.type ?? "add"),
    value: String(change.value ?? ""),
  };
};

/** v13's duration fields, each null when unset (API v13 `EffectDurationData`). */
const V13_DURATION = {
  startTime: null,
  seconds: null,
  combat: null,
  rounds: null,
  turns: null,
  startRound: null,
  startTurn: null,
};

/** v14's duration and start (API v14 `EffectDurationData`, `EffectStartData`). */
function v14Duration(source: Plain): void {
  const given = (source.duration as Plain | undefined) ?? {};
  const old = ["rounds", "turns", "seconds"].find((unit) => typeof given[unit] === "number" && given[unit]);
  const start = (source.start as Plain | undefined) ?? {};
  source.duration = {
    value: old ? given[old] : (given.value ?? null),
    units: old ?? given.units ?? "seconds",
    expiry: given.expiry ?? null,
    expired: given.expired ?? false,
  };
  source.start = {
    time: start.time ?? given.startTime ?? 0,
    combat: start.combat ?? given.combat ?? null,
    combatant: start.combatant ?? null,
    initiative: start.initiative ?? null,
    round: start.round ?? given.startRound ?? null,
    turn: start.turn ?? given.startTurn ?? null,
  };
}

/** Brings an Active Effect source to this generation's shape (core's migrateData and shims). */
export function normalizeEffectSource(source: Plain): void {
  if (generation === 13) {
    source.duration = { ...V13_DURATION, ...((source.duration as Plain | undefined) ?? {}) };
    return;
  }
  v14Duration(source);
  const system = ((source.system as Plain | undefined) ?? {}) as Plain;
  const legacy = (source.changes as Plain[] | undefined) ?? [];
  if (legacy.length) shimDeprecated("ActiveEffect#changes (use ActiveEffect#system#changes)");
  const current = (system.changes as Plain[] | undefined) ?? [];
  system.changes = [...current, ...legacy].map(v14ChangeOf);
  source.system = system;
  delete source.changes;
}

/** The effect's changes as this generation stores them, with their type and sorting priority. */
export function effectChanges(source: Plain): EffectChange[] {
  if (generation === 13) {
    return ((source.changes as Plain[] | undefined) ?? []).map((change) => {
      const mode = Number(change.mode ?? ACTIVE_EFFECT_MODES.ADD);
      return {
        key: String(change.key),
        type: TYPE_OF_MODE[mode] ?? "custom",
        value: String(change.value ?? ""),
        priority: typeof change.priority === "number" ? change.priority : mode * 10,
      };
    });
  }
  const system = (source.system as Plain | undefined) ?? {};
  return ((system.changes as Plain[] | undefined) ?? []).map((change) => {
    const type = String(change.type);
    const fallback = ACTIVE_EFFECT_CHANGE_TYPES[type as keyof typeof ACTIVE_EFFECT_CHANGE_TYPES] ?? 0;
    return {
      key: String(change.key),
      type,
      value: String(change.value ?? ""),
      priority: typeof change.priority === "number" ? change.priority : fallback,
    };
  });
}

/** Applies one change to a prepared document as core does for its type. */
export function applyChange(target: Plain, change: EffectChange): void {
  const current = getProperty(target, change.key);
  const delta = Number(change.value);
  const value = Number.isNaN(delta) ? change.value : delta;
  const number = typeof current === "number" ? current : 0;
  const numeric = typeof value === "number";
  switch (change.type) {
    case "add":
      setProperty(target, change.key, numeric ? number + value : value);
      break;
    case "subtract":
      if (numeric) setProperty(target, change.key, number - value);
      break;
    case "multiply":
      setProperty(target, change.key, numeric ? number * value : current);
      break;
    case "upgrade":
      if (numeric && value > number) setProperty(target, change.key, value);
      break;
    case "downgrade":
      if (numeric && value < number) setProperty(target, change.key, value);
      break;
    case "override":
      setProperty(target, change.key, value);
      break;
    default:
      break;
  }
}
