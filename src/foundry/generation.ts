/**
 * The one place that asks which Foundry is running (v13 or v14) and adapts each API that differs
 * between them: the status-effect registry, the user's message (roll) mode, Active Effect changes
 * and durations, and context-menu entries. Nothing else in Brink checks `game.release`.
 *
 * The v14 members are declared in `src/types/foundry-v14.d.ts` from the public API pages; the
 * compiler's types describe v13, so each v14 read below is one cast with its reason.
 */

export type Generation = 13 | 14;

/** Which Foundry this is: 14 for v14 and later, else 13 (Brink's minimum). */
export const generation = (): Generation => (Number(game.release?.generation ?? 13) >= 14 ? 14 : 13);

// ---------------------------------------------------------------------------------------------
// Status effects: v13 lists them in an array, v14 keys them by id.

interface StatusEntry {
  id: string;
  name: string;
  img: string;
}

/** Registers the system's status effects in this generation's shape of `CONFIG.statusEffects`. */
export function registerStatusEffects<Entry extends StatusEntry>(entries: Entry[]): void {
  if (generation() === 14) {
    const keyed: FoundryV14.StatusEffects<Entry> = Object.fromEntries(entries.map((e) => [e.id, e]));
    // v14 types CONFIG.statusEffects as an object keyed by id; the v13 types say array.
    CONFIG.statusEffects = keyed as unknown as typeof CONFIG.statusEffects;
    return;
  }
  CONFIG.statusEffects = entries as unknown as typeof CONFIG.statusEffects;
}

/** The registered status effect with this id, on either generation. */
export function statusEffect(id: string): StatusEntry | undefined {
  if (generation() === 14) {
    // v14: an object keyed by id (see registerStatusEffects).
    const keyed = CONFIG.statusEffects as unknown as FoundryV14.StatusEffects<StatusEntry>;
    return keyed[id];
  }
  return (CONFIG.statusEffects as unknown as StatusEntry[]).find((entry) => entry.id === id);
}

// ---------------------------------------------------------------------------------------------
// Message modes: v13's roll modes ("publicroll"…) became v14's message modes ("public"…).

/** Who may read a card: Brink's own names for the four audiences (v13's roll-mode names). */
export const MESSAGE_AUDIENCES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

const V14_MODE: Record<MessageAudience, string> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};

const isAudience = (value: string): value is MessageAudience =>
  (MESSAGE_AUDIENCES as readonly string[]).includes(value);

/** A mode name of either generation as Brink's audience; v14's "ic" (in character) is public. */
function audienceOf(mode: string): MessageAudience | null {
  if (isAudience(mode)) return mode;
  if (mode === "ic") return "publicroll";
  return MESSAGE_AUDIENCES.find((audience) => V14_MODE[audience] === mode) ?? null;
}

/** The mode this user chose in the chat log: core's `messageMode` (v14) or `rollMode` (v13). */
export function ownMessageMode(): MessageAudience {
  const setting = generation() === 14 ? "messageMode" : "rollMode";
  // v14's setting is not in the v13 types; both hold a mode name string.
  const mode = String(game.settings.get("core", setting as "rollMode"));
  return audienceOf(mode) ?? "publicroll";
}

/** The audiences this generation's modes offer, in core's order (v14's "ic" is public already). */
export function messageModeChoices(): MessageAudience[] {
  const modes =
    generation() === 14
      ? // v14's CONFIG.ChatMessage.modes (not in the v13 types).
        Object.keys((CONFIG.ChatMessage as unknown as FoundryV14.ChatMessageConfig).modes)
      : Object.keys(CONFIG.Dice.rollModes);
  const offered = modes.filter((mode) => mode !== "ic").map(audienceOf);
  return [...new Set(offered.filter((audience): audience is MessageAudience => audience !== null))];
}

/** Whispers or blinds message data for an audience, as core's own rolls do on this generation. */
export function applyMessageMode(data: object, audience: MessageAudience): void {
  if (generation() === 14) {
    // v14's ChatMessage.applyMode (not in the v13 types).
    const chatMessage = ChatMessage.implementation as unknown as FoundryV14.ChatMessageClass;
    chatMessage.applyMode(data, V14_MODE[audience]);
    return;
  }
  // The v13 types want a full ChatMessage creation object; Brink passes the card's plain data.
  ChatMessage.implementation.applyRollMode(data as never, audience);
}

// ---------------------------------------------------------------------------------------------
// Active Effect changes: v13's top-level `changes` with a numeric mode; v14's `system.changes`
// with a string type.

/** How a change applies, by v14's type names (v13's modes map one to one). */
export type EffectChangeType = "custom" | "multiply" | "add" | "downgrade" | "upgrade" | "override";

export interface EffectChange {
  key: string;
  type: EffectChangeType;
  value: string;
  priority?: number | null;
}

const MODE_OF_TYPE: Record<EffectChangeType, number> = {
  custom: 0,
  multiply: 1,
  add: 2,
  downgrade: 3,
  upgrade: 4,
  override: 5,
};
const TYPE_OF_MODE = Object.fromEntries(
  Object.entries(MODE_OF_TYPE).map(([type, mode]) => [mode, type]),
) as Record<number, EffectChangeType>;

/** The part of an Active Effect's creation data that holds its changes, for this generation. */
export function effectChangesData(
  changes: readonly EffectChange[],
): { changes: object[] } | { system: { changes: FoundryV14.ActiveEffectChange[] } } {
  if (generation() === 14) {
    return {
      system: {
        changes: changes.map(({ key, type, value, priority }) => ({
          key,
          type,
          value,
          phase: "initial",
          priority: priority ?? null,
        })),
      },
    };
  }
  return {
    changes: changes.map(({ key, type, value, priority }) => ({
      key,
      mode: MODE_OF_TYPE[type],
      value,
      ...(priority === undefined || priority === null ? {} : { priority }),
    })),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

function readChange(change: unknown): EffectChange | null {
  if (!isRecord(change) || typeof change.key !== "string") return null;
  const type =
    typeof change.type === "string" && change.type in MODE_OF_TYPE
      ? (change.type as EffectChangeType)
      : TYPE_OF_MODE[Number(change.mode)];
  if (!type) return null;
  const priority = typeof change.priority === "number" ? change.priority : null;
  return { key: change.key, type, value: String(change.value ?? ""), priority };
}

/** An effect's changes from its source data (either generation's shape). */
export function effectChangesOf(source: object): EffectChange[] {
  const data: Record<string, unknown> = { ...source };
  const listed = generation() === 14 && isRecord(data.system) ? data.system.changes : data.changes;
  return (Array.isArray(listed) ? listed : []).map(readChange).filter((c): c is EffectChange => c !== null);
}

// ---------------------------------------------------------------------------------------------
// Active Effect durations: v13's `duration.{rounds,turns,seconds,startTime,startRound,combat}`;
// v14's `duration.{value,units,expiry}` with a separate `start`.

/** A duration as Brink reads it, whatever the generation stored (each field null when unset). */
export interface EffectDuration {
  startTime: number | null;
  seconds: number | null;
  combat: string | null;
  rounds: number | null;
  turns: number | null;
  startRound: number | null;
}

const SECONDS_PER: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };

const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);
const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

function v14Duration(duration: Record<string, unknown>, start: Record<string, unknown>): EffectDuration {
  const value = numberOrNull(duration.value);
  const units = String(duration.units ?? "seconds");
  const perSecond = SECONDS_PER[units];
  return {
    startTime: numberOrNull(start.time),
    seconds: value !== null && perSecond !== undefined ? value * perSecond : null,
    combat: stringOrNull(start.combat),
    rounds: units === "rounds" ? value : null,
    turns: units === "turns" ? value : null,
    startRound: numberOrNull(start.round),
  };
}

/** An effect's stored duration and start, read from either generation's shape. */
export function effectDurationOf(source: { duration?: unknown; start?: unknown }): EffectDuration {
  const duration = isRecord(source.duration) ? source.duration : {};
  if (generation() === 14) return v14Duration(duration, isRecord(source.start) ? source.start : {});
  return {
    startTime: numberOrNull(duration.startTime),
    seconds: numberOrNull(duration.seconds),
    combat: stringOrNull(duration.combat),
    rounds: numberOrNull(duration.rounds),
    turns: numberOrNull(duration.turns),
    startRound: numberOrNull(duration.startRound),
  };
}

// ---------------------------------------------------------------------------------------------
// Context menus: v13's `{name, condition, callback(target)}`; v14's `{label, visible, onClick}`.

export interface MenuEntry {
  /** A lang key; the menu localises it. */
  label: string;
  icon: string;
  visible: (target: HTMLElement) => boolean;
  run: (target: HTMLElement) => Promise<unknown>;
}

/** The entries core's ContextMenu takes, as fvtt-types (v13, with jQuery targets) describes them. */
type CoreMenuEntries = ConstructorParameters<typeof foundry.applications.ux.ContextMenu>[2];

/** Menu entries in the shape this generation's ContextMenu reads (Brink's menus run without jQuery). */
export function contextMenuEntries(entries: readonly MenuEntry[]): CoreMenuEntries {
  // v14's entry shape is declared in types/foundry-v14.d.ts; fvtt-types knows v13's, with jQuery targets.
  return menuEntriesOf(entries) as never;
}

function menuEntriesOf(entries: readonly MenuEntry[]): object[] {
  if (generation() === 14)
    return entries.map(({ label, icon, visible, run }): FoundryV14.ContextMenuEntry => ({
      label,
      icon,
      visible,
      onClick: (_event, target) => run(target),
    }));
  return entries.map(({ label, icon, visible, run }) => ({
    name: label,
    icon,
    condition: visible,
    callback: run,
  }));
}
